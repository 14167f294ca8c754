import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import PaceModel
@testable import PaceServer
import PaceTestSupport
import Testing

/// Live recordings: batches stored once however often they are sent, gaps refused, the event
/// stream in order and resumed after `Last-Event-ID`, ended by `end`, within the token's scopes,
/// and another account's session answered exactly like one that does not exist.
@Suite(.serialized, .timeLimit(.minutes(2 * TestTime.scale))) struct LiveRoutesTests {
    /// One Server-Sent Event.
    struct Event: Equatable {
        var id: String?
        var name: String?
        var data: String
    }

    /// The events of a whole SSE body (comments skipped).
    static func events(_ text: String) -> [Event] {
        text.components(separatedBy: "\n\n").compactMap { block in
            var event = Event(id: nil, name: nil, data: "")
            var hasData = false
            for line in block.split(separator: "\n") {
                if line.hasPrefix("id: ") { event.id = String(line.dropFirst(4)) }
                if line.hasPrefix("event: ") { event.name = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") { event.data = String(line.dropFirst(6)); hasData = true }
            }
            return hasData ? event : nil
        }
    }

    /// A batch body: `points` points a second apart from `first`, a snapshot, and an end if asked.
    static func batch(_ sequence: Int, points: Int = 2, first: Int = 0, end: Bool = false) -> ByteBuffer {
        let start = Date(timeIntervalSince1970: 1_795_158_000)
        let formatter = ISO8601DateFormatter()
        let list = (first..<(first + points)).map { index in
            ["time": formatter.string(from: start.addingTimeInterval(Double(index))), "latitude": 47.37 + Double(index) * 0.0001,
             "longitude": 8.54, "heartRate": 150, "distance": Double(index) * 3] as [String: Any]
        }
        var body: [String: Any] = [
            "sequence": sequence, "points": list,
            "snapshot": ["state": "active", "time": formatter.string(from: start.addingTimeInterval(Double(first + points))),
                         "activityType": "running", "elapsedTime": Double(first + points), "distance": Double(first + points) * 3,
                         "heartRate": 151],
        ]
        if end { body["end"] = ["outcome": "saved", "workoutID": "6B1A2B9C-54F3-4C1B-9E22-0D6F7E1F1A01"] }
        return ByteBuffer(bytes: try! JSONSerialization.data(withJSONObject: body))
    }

    static func post(_ client: any TestClientProtocol, _ secret: String, _ session: UUID, _ body: ByteBuffer)
        async throws -> (status: HTTPResponse.Status, json: [String: Any]) {
        try await client.execute(uri: "/api/v1/live/\(session.uuidString)/batches", method: .post, headers: ServerFixture.bearer(secret),
                                 body: body) { ($0.status, try ServerFixture.json($0)) }
    }

    static func stream(_ client: any TestClientProtocol, _ secret: String, _ session: UUID, after: Int? = nil)
        async throws -> (status: HTTPResponse.Status, type: String?, body: String) {
        var headers = ServerFixture.bearer(secret)
        if let after { headers[LiveRoutes.lastEventIDHeader] = String(after) }
        return try await client.execute(uri: "/api/v1/live/\(session.uuidString)/events", method: .get, headers: headers) {
            ($0.status, $0.headers[.contentType], String(buffer: $0.body))
        }
    }

    @Test func aResentBatchIsStoredOnceAndAGapIsRefused() async throws {
        let fixture = try await ServerFixture()
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        let session = UUID()
        try await fixture.test { client in
            let secret = try await ServerFixture.token(client, for: alice, read: [.workout], share: [.workout])
            let first = try await Self.post(client, secret, session, Self.batch(1))
            #expect(first.status == .created && first.json["stored"] as? Bool == true)
            let again = try await Self.post(client, secret, session, Self.batch(1))
            #expect(again.status == .ok && again.json["stored"] as? Bool == false && again.json["lastSequence"] as? Int == 1)
            let gap = try await Self.post(client, secret, session, Self.batch(3))
            #expect(gap.status == .conflict)
            #expect((gap.json["error"] as? [String: Any])?["code"] as? String == "live.gap")
            #expect((gap.json["error"] as? [String: Any])?["message"] as? String == "Batch 3 does not follow batch 1; send batch 2 next.")
            let second = try await Self.post(client, secret, session, Self.batch(2, first: 2))
            #expect(second.status == .created)

            let list = try await client.execute(uri: "/api/v1/live", method: .get, headers: ServerFixture.bearer(secret)) { try ServerFixture.json($0) }
            let sessions = try #require(list["sessions"] as? [[String: Any]])
            #expect(sessions.map { $0["id"] as? String } == [session.uuidString])
            #expect(sessions.first?["lastSequence"] as? Int == 2 && sessions.first?["activityType"] as? String == "running")
        }
        let rows = try await fixture.accounts.pool.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM liveBatch WHERE account = ?", arguments: [alice.id.uuidString])
        }
        #expect(rows == 2, "one row per batch, whatever was resent")
    }

    @Test func theEventStreamIsInOrderResumesAfterLastEventIDAndEnds() async throws {
        let fixture = try await ServerFixture()
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        let session = UUID()
        let secrets = Secrets()
        try await fixture.test { client in
            let publisher = try await ServerFixture.token(client, for: alice, read: [], share: [.workout])
            for sequence in 1...3 {
                let reply = try await Self.post(client, publisher, session, Self.batch(sequence, first: (sequence - 1) * 2, end: sequence == 3))
                #expect(reply.status == .created)
            }
            let ended = try await Self.post(client, publisher, session, Self.batch(4, first: 6))
            #expect(ended.status == .conflict && (ended.json["error"] as? [String: Any])?["code"] as? String == "live.ended")
            await secrets.set(watcher: try await ServerFixture.token(client, for: alice, read: [.workout, .workoutRoute]),
                              noRoutes: try await ServerFixture.token(client, for: alice, read: [.workout]))
        }
        // A new server on the same data folder: nothing the publisher was told is stored is lost.
        try await fixture.test { client in
            let watcher = await secrets.watcher, noRoutes = await secrets.noRoutes
            let all = try await Self.stream(client, watcher, session)
            #expect(all.status == .ok && all.type?.hasPrefix("text/event-stream") == true)
            let events = Self.events(all.body)
            #expect(events.map(\.id) == ["1", "2", "3", nil])
            #expect(events.map(\.name) == ["batch", "batch", "batch", "end"])
            #expect(events.last?.data == "{\"outcome\":\"saved\",\"workoutID\":\"6B1A2B9C-54F3-4C1B-9E22-0D6F7E1F1A01\"}")
            let first = try #require(try JSONSerialization.jsonObject(with: Data(events[0].data.utf8)) as? [String: Any])
            #expect(first["sequence"] as? Int == 1 && (first["points"] as? [Any])?.count == 2)
            #expect((first["snapshot"] as? [String: Any])?["heartRate"] == nil, "heart rate needs read access to heart rate")
            #expect(((first["points"] as? [[String: Any]])?.first)?["heartRate"] == nil)

            let resumed = Self.events(try await Self.stream(client, watcher, session, after: 2).body)
            #expect(resumed.map(\.id) == ["3", nil] && resumed.map(\.name) == ["batch", "end"])
            let afterAll = Self.events(try await Self.stream(client, watcher, session, after: 3).body)
            #expect(afterAll.map(\.name) == ["end"])

            let withoutRoutes = Self.events(try await Self.stream(client, noRoutes, session).body)
            let points = withoutRoutes.dropLast().compactMap { event in
                (try? JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any])?["points"] as? [Any]
            }
            #expect(points.count == 3 && points.allSatisfy(\.isEmpty), "points need read access to routes")

            var badHeaders = ServerFixture.bearer(watcher)
            badHeaders[LiveRoutes.lastEventIDHeader] = "x"
            let badID = try await client.execute(uri: "/api/v1/live/\(session.uuidString)/events", method: .get, headers: badHeaders) { $0.status }
            #expect(badID == .badRequest)
        }
    }

    @Test func scopesAreCheckedAndAnotherAccountsSessionIsNotFound() async throws {
        let fixture = try await ServerFixture()
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice"), bob = try await fixture.account("bob")
        let session = UUID()
        try await fixture.test { client in
            let all: [HealthObjectType] = [.workout, .workoutRoute]
            let alicePublisher = try await ServerFixture.token(client, for: alice, read: all, share: all)
            let reader = try await ServerFixture.token(client, for: alice, read: all)
            let writer = try await ServerFixture.token(client, for: alice, read: [], share: [.workout])
            let bobs = try await ServerFixture.token(client, for: bob, read: all, share: all)
            #expect(try await Self.post(client, alicePublisher, session, Self.batch(1)).status == .created)

            let refused = try await Self.post(client, reader, session, Self.batch(2))
            #expect(refused.status == .forbidden && (refused.json["error"] as? [String: Any])?["code"] as? String == "scope.share")
            let notWatching = try await Self.stream(client, writer, session)
            #expect(notWatching.status == .forbidden && notWatching.body.contains("scope.read"))
            let listRefused = try await client.execute(uri: "/api/v1/live", method: .get, headers: ServerFixture.bearer(writer)) { $0.status }
            #expect(listRefused == .forbidden)
            let anonymous = try await client.execute(uri: "/api/v1/live/\(session.uuidString)/events", method: .get) { $0.status }
            #expect(anonymous == .unauthorized)

            // Bob sees Alice's session exactly as one that does not exist.
            for path in ["/api/v1/live/\(session.uuidString)", "/api/v1/live/\(session.uuidString)/events"] {
                let theirs = try await client.execute(uri: path, method: .get, headers: ServerFixture.bearer(bobs)) { ($0.status, String(buffer: $0.body)) }
                let none = try await client.execute(uri: path.replacingOccurrences(of: session.uuidString, with: UUID().uuidString), method: .get,
                                                    headers: ServerFixture.bearer(bobs)) { ($0.status, String(buffer: $0.body)) }
                #expect(theirs.0 == .notFound && theirs.0 == none.0 && theirs.1 == none.1, "\(path)")
            }
            let bobList = try await client.execute(uri: "/api/v1/live", method: .get, headers: ServerFixture.bearer(bobs)) { try ServerFixture.json($0) }
            #expect((bobList["sessions"] as? [Any])?.isEmpty == true)
            // Bob publishing under the same identifier makes his own session; Alice's is untouched.
            #expect(try await Self.post(client, bobs, session, Self.batch(1)).status == .created)
            let alices = try await client.execute(uri: "/api/v1/live/\(session.uuidString)", method: .get,
                                                  headers: ServerFixture.bearer(reader)) { try ServerFixture.json($0) }
            #expect(alices["lastSequence"] as? Int == 1)
            let publisherSees = try await client.execute(uri: "/api/v1/live/\(session.uuidString)", method: .get,
                                                         headers: ServerFixture.bearer(writer)) { $0.status }
            #expect(publisherSees == .ok, "a publisher reads its session's last number to continue after a restart")
        }
    }

    @Test func batchesAreValidated() async throws {
        let fixture = try await ServerFixture()
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        try await fixture.test { client in
            let secret = try await ServerFixture.token(client, for: alice, read: [.workout], share: [.workout])
            let zero = try await Self.post(client, secret, UUID(), Self.batch(0))
            #expect(zero.status == .badRequest && (zero.json["error"] as? [String: Any])?["code"] as? String == "live.invalid")
            let garbage = try await Self.post(client, secret, UUID(), ByteBuffer(string: "{\"sequence\": \"one\"}"))
            #expect(garbage.status == .badRequest)
            let tooMany = try await Self.post(client, secret, UUID(), Self.batch(1, points: LiveStore.maximumPoints + 1))
            #expect(tooMany.status == .contentTooLarge && (tooMany.json["error"] as? [String: Any])?["code"] as? String == "live.tooLarge")
            let notAnID = try await client.execute(uri: "/api/v1/live/nope/events", method: .get, headers: ServerFixture.bearer(secret)) { $0.status }
            #expect(notAnID == .notFound)

            // A point off the Earth is refused with the field named, and nothing is stored for watchers
            let session = UUID()
            let offTheEarth = try await Self.post(client, secret, session, ByteBuffer(string: """
                {"sequence": 1, "points": [{"time": "2026-11-26T07:00:00Z", "latitude": 47.4, "longitude": 8.5, "distance": 0},
                                           {"time": "2026-11-26T07:00:01Z", "latitude": 147.4, "longitude": 8.5, "distance": 3}]}
                """))
            let error = offTheEarth.json["error"] as? [String: Any]
            #expect(offTheEarth.status == .badRequest && error?["code"] as? String == "live.invalid")
            #expect(error?["message"] as? String == "A live batch's points[1].latitude is 147.4, outside -90…90 degrees.")
            let stored = try await client.execute(uri: "/api/v1/live/\(session.uuidString)", method: .get,
                                                  headers: ServerFixture.bearer(secret)) { $0.status }
            #expect(stored == .notFound, "a refused first batch starts no session")

            // A time that names no instant (30 February) is refused, not read as 2 March
            let noSuchDay = try await Self.post(client, secret, session, ByteBuffer(string: """
                {"sequence": 1, "points": [{"time": "2026-02-30T07:00:00Z", "latitude": 47.4, "longitude": 8.5, "distance": 0}]}
                """))
            let dayError = noSuchDay.json["error"] as? [String: Any]
            #expect(noSuchDay.status == .badRequest && dayError?["code"] as? String == "live.invalid")
            #expect((dayError?["message"] as? String)?.contains("RFC 3339 times such as 2026-11-26T07:00:00Z") == true)
        }
    }

    /// Secrets made in one server run and used in the next.
    actor Secrets {
        var watcher = "", noRoutes = ""
        func set(watcher: String, noRoutes: String) {
            self.watcher = watcher
            self.noRoutes = noRoutes
        }
    }
}
