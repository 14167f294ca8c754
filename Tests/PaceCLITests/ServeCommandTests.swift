import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PaceModel
import PaceTestSupport
import Testing

/// `pace serve`: the administrator made first (never a default password), the server refusing to
/// start without one, then serving on loopback and stopping cleanly on SIGTERM.
@Suite(.serialized, .timeLimit(.minutes(2 * TestTime.scale))) struct ServeCommandTests {
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

    /// The server's own database opens before any store: SQLite must take the store's process-wide
    /// settings first, or every multi-row insert of a sync push writes its statement journal to a
    /// temporary file (measured: 923 MB written for 20,000 pushed samples).
    @Test func theServerOpensSQLiteWithTheStoresSettings() async throws {
        var runner = try CommandRunner()
        runner.environment["PACE_LOG_LEVEL"] = "debug"
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let passwordFile = directory.path("password")
        try "correct horse battery staple\n".write(toFile: passwordFile, atomically: true, encoding: .utf8)
        let made = try await runner.run(["serve", "--data", directory.path("server"), "--create-admin", "admin", "--password-file", passwordFile])
        #expect(made.status == 0, "\(made.standardError)")
        #expect(made.standardError.contains("SQLite settings applied"), "\(made.standardError)")
        #expect(!made.standardError.contains("SQLite was initialised before"), "\(made.standardError)")
    }

    @Test func withDatabaseTheAccountsStoresLiveInPostgreSQL() async throws {
        let runner = try CommandRunner()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let postgres = try await PostgresServerProcess.shared()
        let url = "postgres://\(postgres.role)@127.0.0.1:\(postgres.port)/\(postgres.database)?sslmode=disable"
        let server = try await PaceServeProcess(runner: runner, directory: directory, extraArguments: ["--database", url])
        let data = server.data

        let wrong = try await runner.run(["serve", "--data", data, "--database", "mysql://pace@127.0.0.1/pace"])
        #expect(wrong.status != 0 && wrong.standardError.contains("postgres://"), "\(wrong.standardError)")
        let nobody = try GPSFakeProcess.freePort()
        let unreachable = try await runner.run(["serve", "--data", data, "--database", "postgres://pace@127.0.0.1:\(nobody)/pace?sslmode=disable"])
        #expect(unreachable.status != 0 && unreachable.standardError.contains("PostgreSQL cannot be used"), "\(unreachable.standardError)")

        try await server.start()
        defer { server.stop() }

        // A token made with the password sets its permissions in the account's store: in PostgreSQL.
        let secret = try await server.token(name: "phone", read: ["HKWorkoutTypeIdentifier"], share: ["HKWorkoutTypeIdentifier"])
        var list = URLRequest(url: try #require(URL(string: server.api + "/workouts")))
        list.setValue("Bearer " + secret, forHTTPHeaderField: "Authorization")
        let (_, listed) = try await URLSession.shared.data(for: list)
        #expect((listed as? HTTPURLResponse)?.statusCode == 200)

        #expect(!FileManager.default.fileExists(atPath: data + "/accounts"), "no SQLite store was made")
        let rows = try await Self.psql(postgres, "SELECT count(*) FROM authorizationDecision")
        #expect((Int(rows) ?? 0) > 0, "the token's permissions are rows in PostgreSQL (\(rows))")
    }

    /// One value queried as PostgreSQL's superuser (which row-level security does not restrict).
    static func psql(_ server: PostgresServerProcess, _ query: String) async throws -> String {
        try await ThreadBridge.run { () throws(any Error) -> String in try psqlBlocking(server, query) }
    }

    private static func psqlBlocking(_ server: PostgresServerProcess, _ query: String) throws -> String {
        let process = Process()
        process.executableURL = try PostgresServerProcess.binaries().appendingPathComponent("psql")
        process.arguments = ["-h", "127.0.0.1", "-p", String(server.port), "-U", "postgres", "-d", server.database, "-tAc", query]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
