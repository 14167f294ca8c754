import Foundation
import Hummingbird
import HummingbirdTesting
import PaceModel
@testable import PaceServer
import PaceStore
import PaceTestSupport
import Testing

/// Pulling every change after an anchor: pages in save order, each change once, deletions after
/// the anchor, nothing outside the token's scopes, and a clear "resync" for an anchor the server
/// cannot serve.
@Suite(.timeLimit(.minutes(2 * TestTime.scale))) struct SyncPullTests {
    /// Pulls pages from `anchor` until `hasMore` is false; returns the pages' objects' ids, deletions' ids and the last anchor.
    static func pull(_ client: any TestClientProtocol, _ secret: String, from anchor: String?, limit: Int)
        async throws -> (objects: [String], deleted: [String], kinds: [String], anchor: String?) {
        var objects: [String] = [], deleted: [String] = [], kinds: [String] = []
        var anchor = anchor
        for _ in 0..<20 {
            let uri = "/api/v1/sync/changes?limit=\(limit)" + (anchor.map { "&anchor=\($0)" } ?? "")
            let more = try await client.execute(uri: uri, method: .get, headers: ServerFixture.bearer(secret)) { response in
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                let page = try ServerFixture.json(response)
                let added = page["objects"] as? [[String: Any]] ?? []
                #expect(added.count + (page["deleted"] as? [Any] ?? []).count <= limit)
                kinds += added.compactMap { $0["kind"] as? String }
                objects += added.compactMap { ($0["object"] as? [String: Any])?["id"] as? String }
                deleted += (page["deleted"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
                anchor = page["anchor"] as? String
                return page["hasMore"] as? Bool ?? false
            }
            if !more { break }
        }
        return (objects, deleted, kinds, anchor)
    }

    @Test(arguments: ServerFixture.Backend.allCases) func changesArePulledInPagesEachOnceThenDeletionsFromTheLastAnchor(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        let store = try await fixture.store(of: alice)
        let beats = (0..<5).map { TestObjects.heartRate(100 + Double($0), at: TestObjects.morning.addingTimeInterval(Double($0) * 60)) }
        let run = TestObjects.run()
        for beat in beats.prefix(3) { try await store.save([.quantitySample(beat)]) }
        try await store.save([.workout(run)])
        for beat in beats.suffix(2) { try await store.save([.quantitySample(beat)]) }
        try await store.save(TestObjects.sleep())
        try await fixture.test { client in
            let secret = try await ServerFixture.token(client, for: alice, read: [.quantity(.heartRate), .workout])
            let first = try await Self.pull(client, secret, from: nil, limit: 2)
            let saved = beats.prefix(3).map(\.id) + [run.id] + beats.suffix(2).map(\.id)
            #expect(first.objects == saved.map(\.uuidString), "in save order, each once, the sleep sample out of scope")
            #expect(Set(first.kinds) == ["quantitySample", "workout"])

            _ = try await store.delete(id: beats[0].id)
            let second = try await Self.pull(client, secret, from: first.anchor, limit: 2)
            #expect(second.objects.isEmpty && second.deleted == [beats[0].id.uuidString])
            let third = try await Self.pull(client, secret, from: second.anchor, limit: 2)
            #expect(third.objects.isEmpty && third.deleted.isEmpty, "nothing is pulled twice")

            try await client.execute(uri: "/api/v1/sync/changes?anchor=nonsense", method: .get,
                                     headers: ServerFixture.bearer(secret)) { response in
                #expect(response.status == .badRequest)
            }
        }
    }

    @Test(arguments: ServerFixture.Backend.allCases) func anAnchorOfAnotherStoreAsksForAResync(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice"), bob = try await fixture.account("bob")
        try await fixture.store(of: alice).save([.quantitySample(TestObjects.heartRate())])
        try await fixture.test { client in
            let alices = try await ServerFixture.token(client, for: alice, read: [.quantity(.heartRate)])
            let bobs = try await ServerFixture.token(client, for: bob, read: [.quantity(.heartRate)])
            let anchor = try #require(try await Self.pull(client, alices, from: nil, limit: 10).anchor)
            try await client.execute(uri: "/api/v1/sync/changes?anchor=\(anchor)", method: .get,
                                     headers: ServerFixture.bearer(bobs)) { response in
                #expect(response.status == .gone)
                let errorCode = try ServerFixture.errorCode(response)
                #expect(errorCode == "sync.resync")
            }
            let birthDateOnly = try await ServerFixture.token(client, for: alice, read: [.characteristic(.dateOfBirth)])
            try await client.execute(uri: "/api/v1/sync/changes", method: .get, headers: ServerFixture.bearer(birthDateOnly)) { response in
                #expect(response.status == .forbidden)
            }
        }
    }
}
