import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import PaceModel
@testable import PaceServer
import PaceStore
import PaceTestSupport
import Testing

/// Uploads: streamed to disk, answered at once, imported by the queue, deduplicated by content,
/// refused past the cap, and resumed after a restart.
@Suite(.serialized, .timeLimit(.minutes(2 * TestTime.scale))) struct UploadTests {
    /// A 10-minute run as GPX, one point every 10 s heading north.
    static func gpx(start: Date = Date(timeIntervalSince1970: 1_795_158_000)) -> String {
        let formatter = ISO8601DateFormatter()
        let points = (0..<60).map { index in
            let time = formatter.string(from: start.addingTimeInterval(Double(index) * 10))
            return "<trkpt lat=\"\(47.37 + Double(index) * 0.0003)\" lon=\"8.54\"><ele>410</ele><time>\(time)</time></trkpt>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><name>Morning run</name><type>running</type><trkseg>\(points.joined())</trkseg></trk></gpx>
            """
    }

    /// A GPX job of `account` written straight into `fixture`'s uploads folder and job table with
    /// `status`, as a server leaves it: the job's identifier and the uploads folder.
    static func job(in fixture: ServerFixture, of account: Account, status: String) async throws -> (UUID, URL) {
        let id = UUID()
        let uploads = fixture.configuration.dataFolder.appendingPathComponent("uploads")
        try FileManager.default.createDirectory(at: uploads, withIntermediateDirectories: true)
        try Self.gpx().write(to: uploads.appendingPathComponent(id.uuidString.lowercased() + ".gpx"), atomically: true, encoding: .utf8)
        try await fixture.accounts.pool.write { db in
            try db.execute(sql: """
                INSERT INTO uploadJob (id, account, contentHash, format, size, status, createdAt) VALUES (?, ?, 'h', 'gpx', 1, ?, ?)
                """, arguments: [id.uuidString, account.id.uuidString, status, Date().timeIntervalSince1970])
        }
        return (id, uploads)
    }

    /// Polls the job until it is done or failed (20 s, times the sanitizer lanes' `TestTime.scale`).
    static func finished(_ client: any TestClientProtocol, _ secret: String, _ location: String) async throws -> [String: Any] {
        for _ in 0..<(200 * TestTime.scale) {
            let job = try await client.execute(uri: location, method: .get, headers: ServerFixture.bearer(secret)) { try ServerFixture.json($0) }
            if ["done", "failed"].contains(job["status"] as? String) { return job }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("the upload never finished")
        return [:]
    }

    @Test(arguments: ServerFixture.Backend.allCases) func anUploadIsQueuedImportedAndDeduplicated(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        try await fixture.test { client in
            let all: [HealthObjectType] = [.workout, .workoutRoute]
            let secret = try await ServerFixture.token(client, for: alice, read: all, share: all)
            let (status, location, id) = try await client.execute(uri: "/api/v1/uploads?format=gpx", method: .post,
                                                                  headers: ServerFixture.bearer(secret),
                                                                  body: ByteBuffer(string: Self.gpx())) { response in
                (response.status, response.headers[.location], try ServerFixture.json(response)["id"] as? String)
            }
            #expect(status == .accepted)
            let job = try await Self.finished(client, secret, try #require(location))
            #expect(job["status"] as? String == "done" && job["imported"] as? Int == 1, "\(job)")
            // The importer's notes name the upload, never a path of the server's.
            let problems = job["problems"] as? [String] ?? []
            #expect(!problems.isEmpty && problems.allSatisfy { $0.hasPrefix("upload.gpx") && !$0.contains(fixture.directory.url.path) }, "\(problems)")
            try await client.execute(uri: "/api/v1/workouts", method: .get, headers: ServerFixture.bearer(secret)) { response in
                let page = try ServerFixture.json(response)
                #expect((page["workouts"] as? [Any])?.count == 1)
            }
            let again = try await client.execute(uri: "/api/v1/uploads?format=gpx", method: .post, headers: ServerFixture.bearer(secret),
                                                 body: ByteBuffer(string: Self.gpx())) { response in
                (response.status, try ServerFixture.json(response)["id"] as? String)
            }
            #expect(again.0 == .ok && again.1 == id, "the same bytes are the same upload")
            let files = try FileManager.default.contentsOfDirectory(atPath: fixture.configuration.dataFolder.appendingPathComponent("uploads").path)
            let stored = "\(try #require(id).lowercased()).gpx"
            #expect(files == [stored], "stored once, under the server's name")
        }
    }

    @Test(arguments: ServerFixture.Backend.allCases) func badUploadsAreRefusedAndJobsAreTheAccountsOwn(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend, maximumUploadBytes: 2000)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice"), bob = try await fixture.account("bob")
        try await fixture.test { client in
            let all: [HealthObjectType] = [.workout, .workoutRoute]
            let alices = try await ServerFixture.token(client, for: alice, read: all, share: all)
            let bobs = try await ServerFixture.token(client, for: bob, read: all, share: all)
            for (uri, body, expected) in [("/api/v1/uploads?format=gpx", Self.gpx(), HTTPResponse.Status.contentTooLarge),
                                          ("/api/v1/uploads?format=exe", "hello", .badRequest),
                                          ("/api/v1/uploads?format=gpx", "", .badRequest)] {
                try await client.execute(uri: uri, method: .post, headers: ServerFixture.bearer(alices), body: ByteBuffer(string: body)) { response in
                    #expect(response.status == expected, "\(uri): \(String(buffer: response.body))")
                }
            }
            let small = "<gpx version=\"1.1\"><trk><trkseg></trkseg></trk></gpx>"
            let location = try await client.execute(uri: "/api/v1/uploads?format=gpx", method: .post, headers: ServerFixture.bearer(alices),
                                                    body: ByteBuffer(string: small)) { $0.headers[.location] }
            let job = try await Self.finished(client, alices, try #require(location))
            #expect(job["status"] as? String == "failed" && !((job["problems"] as? [String]) ?? []).isEmpty, "says why: \(job)")
            try await client.execute(uri: try #require(location), method: .get, headers: ServerFixture.bearer(bobs)) { response in
                #expect(response.status == .notFound, "another account's upload is not found")
            }
        }
    }

    @Test(arguments: ServerFixture.Backend.allCases) func aJobLeftRunningByAKilledServerRunsAgain(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        // The state a server killed mid-import leaves: the file on disk, its job marked running.
        let (id, _) = try await Self.job(in: fixture, of: alice, status: "running")
        try await fixture.test { client in
            let all: [HealthObjectType] = [.workout, .workoutRoute]
            let secret = try await ServerFixture.token(client, for: alice, read: all, share: all)
            let job = try await Self.finished(client, secret, "/api/v1/uploads/\(id.uuidString)")
            #expect(job["status"] as? String == "done" && job["imported"] as? Int == 1, "\(job)")
        }
    }

    @Test func aFinishedJobHandsItsWorkoutsOnAfterItIsMarkedDone() async throws {
        let fixture = try await ServerFixture(.sqlite)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        let (_, uploads) = try await Self.job(in: fixture, of: alice, status: "queued")
        let handed = AsyncStream<(UUID, [UUID], String?)>.makeStream()
        let accounts = fixture.accounts
        let queue = UploadQueue(directory: fixture.accounts, stores: fixture.stores, folder: uploads) { account, workouts in
            let status = try? await accounts.pool.read { db in try String.fetchOne(db, sql: "SELECT status FROM uploadJob") }
            handed.continuation.yield((account, workouts, status))
        }
        try await queue.resume()
        var iterator = handed.stream.makeAsyncIterator()
        let (account, workouts, status) = try #require(await iterator.next())
        #expect(account == alice.id)
        #expect(status == "done", "the client may see the job done before the page is made")
        let store = try await fixture.store(of: alice)
        #expect(workouts == (try await store.workouts()).map(\.id))
        #expect(workouts.count == 1)
    }

    @Test func aRestartRemovesWhatAKilledServerLeftHalfDone() async throws {
        let fixture = try await ServerFixture()
        defer { fixture.directory.remove() }
        let uploads = fixture.configuration.dataFolder.appendingPathComponent("uploads")
        try FileManager.default.createDirectory(at: uploads, withIntermediateDirectories: true)
        let orphan = UUID().uuidString.lowercased()
        for name in ["\(orphan).gpx.part", "\(orphan).fit"] {
            try Data("half".utf8).write(to: uploads.appendingPathComponent(name))
        }
        _ = try await PaceServer.router(fixture.configuration)
        let left = try FileManager.default.contentsOfDirectory(atPath: uploads.path)
        #expect(left.isEmpty, "a body never finished and a file with no job are removed: \(left)")
    }
}
