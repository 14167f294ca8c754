import Foundation
import Hummingbird
import HummingbirdTesting
import PaceModel
@testable import PaceServer
import PaceStore
import PaceTestSupport
import Testing

/// Pushing objects: saved in one batch with HealthKit's rules, replays harmless, conflicts refused
/// with the object named, and a higher sync version replacing the old one for every puller.
@Suite(.timeLimit(.minutes(2 * TestTime.scale))) struct SyncPushTests {
    static func body(_ objects: [HealthObject]) throws -> ByteBuffer {
        let encoder = JSONEncoder()
        struct Push: Encodable { var objects: [SyncObjectJSON] }
        return ByteBuffer(bytes: try encoder.encode(Push(objects: objects.map { SyncObjectJSON($0) })))
    }

    static func push(_ client: any TestClientProtocol, _ secret: String, _ objects: [HealthObject], key: String? = nil)
        async throws -> (status: HTTPResponse.Status, json: [String: Any]) {
        var headers = ServerFixture.bearer(secret)
        if let key { headers[SyncReplies.header] = key }
        return try await client.execute(uri: "/api/v1/sync/objects", method: .post, headers: headers, body: try body(objects)) { response in
            (response.status, try ServerFixture.json(response))
        }
    }

    static func versioned(_ value: Double, version: Int64) -> HealthObject {
        .quantitySample(TestObjects.heartRate(value, metadata: [.syncIdentifier: .string("beat-1"), .syncVersion: .integer(version)]))
    }

    @Test(arguments: ServerFixture.Backend.allCases) func aPushIsSavedReplayedHarmlesslyAndPulledByAnotherDevice(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        let run = TestObjects.run()
        let objects: [HealthObject] = [.workout(run), .workoutRoute(TestObjects.route(for: run, count: 20)),
                                       .quantitySample(TestObjects.heartRate(150))]
        try await fixture.test { client in
            let all: [HealthObjectType] = [.workout, .workoutRoute, .quantity(.heartRate)]
            let watch = try await ServerFixture.token(client, for: alice, read: all, share: all)
            let first = try await Self.push(client, watch, objects, key: "push-1")
            #expect(first.status == .ok && first.json["saved"] as? Int == 3, "\(first.json)")
            let keyed = try await Self.push(client, watch, objects, key: "push-1")
            #expect(keyed.json["saved"] as? Int == 3, "the same key gives the first answer again: \(keyed.json)")
            let reused = try await Self.push(client, watch, Array(objects.prefix(1)), key: "push-1")
            #expect(reused.status == .unprocessableContent, "a key given to another push is refused")
            let retried = try await Self.push(client, watch, objects)
            #expect(retried.status == .ok && retried.json["saved"] as? Int == 0 && retried.json["alreadyStored"] as? Int == 3)

            let phone = try await ServerFixture.token(client, for: alice, read: all)
            let pulled = try await SyncPullTests.pull(client, phone, from: nil, limit: 100)
            #expect(Set(pulled.objects) == Set(objects.map(\.id.uuidString)))
            // The pulled objects are exactly what was pushed: the store holds them unchanged.
            let stored = try await fixture.store(of: alice).object(id: run.id)
            #expect(stored == .workout(run))
        }
    }

    @Test(arguments: ServerFixture.Backend.allCases) func conflictsAndScopesRefuseTheWholeBatch(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        let beat = TestObjects.heartRate(150)
        try await fixture.test { client in
            let watch = try await ServerFixture.token(client, for: alice, read: [.quantity(.heartRate)], share: [.quantity(.heartRate)])
            _ = try await Self.push(client, watch, [.quantitySample(beat)])
            var changed = beat
            changed.quantity = Quantity(value: 99, unit: .countPerMinute)
            let fresh = TestObjects.heartRate(120, at: TestObjects.morning.addingTimeInterval(600))
            let conflict = try await Self.push(client, watch, [.quantitySample(fresh), .quantitySample(changed)])
            #expect(conflict.status == .conflict)
            #expect(((conflict.json["error"] as? [String: Any])?["message"] as? String)?.contains(beat.id.uuidString) == true)
            #expect(try await fixture.store(of: alice).object(id: fresh.id) == nil, "nothing of a refused batch is saved")

            let outside = try await Self.push(client, watch, [.workout(TestObjects.run())])
            #expect(outside.status == .forbidden && (outside.json["error"] as? [String: Any])?["code"] as? String == "scope.share")
            try await client.execute(uri: "/api/v1/sync/objects", method: .post, headers: ServerFixture.bearer(watch),
                                     body: ByteBuffer(string: #"{"objects": [{"kind": "fish", "object": {}}]}"#)) { response in
                #expect(response.status == .badRequest)
                let errorCode = try ServerFixture.errorCode(response)
                #expect(errorCode == "sync.invalid")
            }
        }
    }

    @Test(arguments: ServerFixture.Backend.allCases) func aHigherSyncVersionReplacesTheObjectForEveryPuller(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        try await fixture.test { client in
            let heart: [HealthObjectType] = [.quantity(.heartRate)]
            let watch = try await ServerFixture.token(client, for: alice, read: heart, share: heart)
            let old = Self.versioned(140, version: 1), new = Self.versioned(141, version: 2)
            _ = try await Self.push(client, watch, [old])
            let before = try await SyncPullTests.pull(client, watch, from: nil, limit: 10)
            #expect(before.objects == [old.id.uuidString])
            let replaced = try await Self.push(client, watch, [new])
            #expect(replaced.status == .ok && replaced.json["saved"] as? Int == 1)
            let after = try await SyncPullTests.pull(client, watch, from: before.anchor, limit: 10)
            #expect(after.objects == [new.id.uuidString] && after.deleted == [old.id.uuidString])
            let stale = try await Self.push(client, watch, [Self.versioned(139, version: 1)])
            #expect(stale.status == .conflict, "a lower version is a conflict, never a silent overwrite")
        }
    }
}
