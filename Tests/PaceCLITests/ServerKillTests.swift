import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Glibc
import PaceModel
import PaceTestSupport
import Testing

/// `kill -9` of a real `pace serve` during an upload, an import and a sync push, then a restart:
/// nothing is half-written, the job runs again to its end, and the client's retry succeeds.
@Suite(.serialized, .timeLimit(.minutes(5 * TestTime.scale))) struct ServerKillTests {
    /// A server with an administrator and a token that reads and writes workouts, routes and heart rate.
    static func serverWithToken(_ directory: TemporaryDirectory) async throws -> (PaceServeProcess, String) {
        let server = try await PaceServeProcess(runner: try CommandRunner(), directory: directory)
        try await server.start()
        let types = ["HKWorkoutTypeIdentifier", "HKWorkoutRouteTypeIdentifier", "HKQuantityTypeIdentifierHeartRate"]
        return (server, try await server.token(name: "test", read: types, share: types))
    }

    /// A run of `points` one-second points as GPX.
    static func gpx(points: Int) -> Data {
        let start = Date(timeIntervalSince1970: 1_795_158_000)
        let formatter = ISO8601DateFormatter()
        var text = #"<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><type>running</type><trkseg>"#
        text.reserveCapacity(points * 100)
        for index in 0..<points {
            let latitude = 47.37 + Double(index) * 0.00003
            text += #"<trkpt lat="\#(latitude)" lon="8.54"><ele>410</ele><time>\#(formatter.string(from: start.addingTimeInterval(Double(index))))</time></trkpt>"#
        }
        text += "</trkseg></trk></gpx>"
        return Data(text.utf8)
    }

    @Test func killedDuringAnUploadLeavesNothingAndTheRetrySucceeds() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (server, token) = try await Self.serverWithToken(directory)
        defer { server.kill9() }
        let file = Self.gpx(points: 2000)
        let uploads = server.data + "/uploads"

        // Half the body sent, then the server is killed while it waits for the rest.
        let socket = try await ThreadBridge.run { () throws(any Error) -> Int32 in
            try Self.sendPartialUpload(port: server.port, token: token, declared: file.count, body: file.prefix(file.count / 2))
        }
        defer { close(socket) }
        // The server streams the body into an anonymous file it names only once the body is whole
        // (the file system's transactional creation), so a kill leaves nothing behind.
        try await Task.sleep(for: .milliseconds(500))
        server.kill9()
        let atKill = (try? FileManager.default.contentsOfDirectory(atPath: uploads)) ?? []
        #expect(atKill.allSatisfy { !$0.hasSuffix(".gpx") }, "no upload looks complete: \(atKill)")

        try await server.start()
        let left = (try? FileManager.default.contentsOfDirectory(atPath: uploads)) ?? []
        #expect(left.isEmpty, "the restarted server removed the half-received upload: \(left)")
        let (status, job) = try await server.request("POST", "/uploads?format=gpx", token: token, body: file)
        #expect(status == 202, "the retry is a new upload, not a duplicate of half a file: \(job)")
        let done = try await server.finished(try #require(job["id"] as? String), token: token)
        #expect(done["status"] as? String == "done" && done["imported"] as? Int == 1, "\(done)")
    }

    @Test func killedDuringAnImportTheJobRunsAgainAndSavesOneWorkout() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (server, token) = try await Self.serverWithToken(directory)
        defer { server.kill9() }
        let (status, job) = try await server.request("POST", "/uploads?format=gpx", token: token, body: Self.gpx(points: 40_000))
        #expect(status == 202)
        let id = try #require(job["id"] as? String)
        var running = false
        for _ in 0..<600 where !running {
            let (_, now) = try await server.request("GET", "/uploads/\(id)", token: token)
            running = now["status"] as? String == "running"
            if !running { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(running, "the import was seen running")
        server.kill9()

        try await server.start()
        let done = try await server.finished(id, token: token)
        #expect(done["status"] as? String == "done", "\(done)")
        let (_, page) = try await server.request("GET", "/workouts", token: token)
        #expect((page["workouts"] as? [Any])?.count == 1, "one workout, whole, whatever the moment of the kill")
    }

    @Test func killedDuringASyncPushTheBatchIsAllOrNothingAndTheRetrySaves() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (server, token) = try await Self.serverWithToken(directory)
        defer { server.kill9() }
        let start = Date(timeIntervalSince1970: 1_795_158_000)
        let samples = (0..<8_000).map { index in
            QuantitySample(type: .heartRate, quantity: Quantity(value: Double(100 + index % 60), unit: .countPerMinute),
                           start: start.addingTimeInterval(Double(index)), end: start.addingTimeInterval(Double(index)),
                           source: Source(name: "Watch", bundleIdentifier: "org.example.watch"))
        }
        struct Object: Encodable { var kind = "quantitySample"; var object: QuantitySample }
        struct Push: Encodable { var objects: [Object] }
        let body = try JSONEncoder().encode(Push(objects: samples.map { Object(object: $0) }))
        let key = ["Idempotency-Key": "kill-test-1"]

        let push = Task { _ = try? await server.request("POST", "/sync/objects", token: token, body: body, headers: key) }
        try await Task.sleep(for: .milliseconds(300))
        server.kill9()
        _ = await push.value

        try await server.start()
        let stored = try await Self.heartRateCount(server, token)
        #expect(stored == 0 || stored == samples.count, "a batch is saved whole or not at all (\(stored))")
        let (status, answer) = try await server.request("POST", "/sync/objects", token: token, body: body, headers: key)
        #expect(status == 200, "\(answer)")
        #expect((answer["saved"] as? Int ?? 0) + (answer["alreadyStored"] as? Int ?? 0) == samples.count, "\(answer)")
        let after = try await Self.heartRateCount(server, token)
        #expect(after == samples.count)
    }

    /// How many heart-rate samples the account has, counted page by page.
    static func heartRateCount(_ server: PaceServeProcess, _ token: String) async throws -> Int {
        var count = 0, cursor: String?
        repeat {
            let query = "?limit=5000" + (cursor.map { "&cursor=\($0)" } ?? "")
            let (_, page) = try await server.request("GET", "/samples/HKQuantityTypeIdentifierHeartRate" + query, token: token)
            count += (page["samples"] as? [Any])?.count ?? 0
            cursor = page["nextCursor"] as? String
        } while cursor != nil
        return count
    }

    /// Connects to the server and sends an upload's headers and the first part of its body; the
    /// rest never follows. Blocking.
    static func sendPartialUpload(port: UInt16, token: String, declared: Int, body: Data) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(socket); throw POSIXError(.ECONNREFUSED) }
        let head = "POST /api/v1/uploads?format=gpx HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
            + "Content-Type: application/gpx+xml\r\nContent-Length: \(declared)\r\n\r\n"
        for chunk in [Data(head.utf8), body] {
            try chunk.withUnsafeBytes { bytes in
                var sent = 0
                while sent < bytes.count {
                    let written = send(socket, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
                    guard written > 0 else { throw POSIXError(.EPIPE) }
                    sent += written
                }
            }
        }
        return socket
    }
}

