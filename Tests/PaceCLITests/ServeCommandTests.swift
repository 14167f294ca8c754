import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PaceTestSupport
import Testing

/// `pace serve`: the administrator made first (never a default password), the server refusing to
/// start without one, then serving on loopback and stopping cleanly on SIGTERM.
@Suite(.serialized, .timeLimit(.minutes(2))) struct ServeCommandTests {
    @Test func theAdministratorComesFirstThenTheServerServesAndStopsOnSIGTERM() async throws {
        let runner = try CommandRunner()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let data = directory.path("server")
        let empty = try await runner.run(["serve", "--data", data])
        #expect(empty.status != 0 && empty.standardError.contains("--create-admin"), "\(empty.standardError)")

        let passwordFile = directory.path("password")
        try "short\n".write(toFile: passwordFile, atomically: true, encoding: .utf8)
        let weak = try await runner.run(["serve", "--data", data, "--create-admin", "admin", "--password-file", passwordFile])
        #expect(weak.status != 0 && weak.standardError.contains("12 characters"), "\(weak.standardError)")
        try "correct horse battery staple\n".write(toFile: passwordFile, atomically: true, encoding: .utf8)
        let made = try await runner.run(["serve", "--data", data, "--create-admin", "admin", "--password-file", passwordFile])
        #expect(made.status == 0 && made.standardOutput.contains("Created the administrator 'admin'"), "\(made.standardError)")
        let again = try await runner.run(["serve", "--data", data, "--create-admin", "ADMIN", "--password-file", passwordFile])
        #expect(again.status != 0 && again.standardError.contains("exists already"), "names are compared without case")

        let port = try GPSFakeProcess.freePort()
        let server = Process()
        server.executableURL = runner.executable
        server.arguments = ["serve", "--data", data, "--port", String(port)]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        let exited = AsyncStream<Int32>.makeStream()
        server.terminationHandler = { process in
            exited.continuation.yield(process.terminationStatus)
            exited.continuation.finish()
        }
        try server.run()
        defer { if server.isRunning { server.terminate() } }

        var answer: (Data, URLResponse)?
        let health = try #require(URL(string: "http://127.0.0.1:\(port)/api/v1/health"))
        for _ in 0..<100 where answer == nil {
            answer = try? await URLSession.shared.data(from: health)
            if answer == nil { try await Task.sleep(for: .milliseconds(200)) }
        }
        let (body, response) = try #require(answer, "the server never answered on port \(port)")
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: body, as: UTF8.self).contains("\"ok\""))

        kill(server.processIdentifier, SIGTERM)
        var status: Int32?
        for await code in exited.stream { status = code }
        #expect(status == 0, "a graceful shutdown exits 0")
    }
}
