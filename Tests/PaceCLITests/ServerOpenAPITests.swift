import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PaceTestSupport
import Testing

/// The API document (docs/api/openapi.yaml) is true: schemathesis generates requests from it —
/// valid, invalid, without credentials, with methods it does not list — against a live `pace
/// serve`, and checks every answer: no server error, only documented status codes and content
/// types, bodies matching their schemas, invalid input refused, credentials enforced.
///
/// Not checked: that every schema-valid request is accepted (`positive_data_acceptance`): cursors,
/// anchors and identifiers are opaque or must name stored objects, which a schema cannot say.
/// The bearer operations and the password operations run in two passes (one credential each).
/// Not run: `GET /live/{session}/events`, a Server-Sent Events stream that stays open until its
/// session ends — schemathesis reads whole bodies, so a session it published to would hang it
/// (LiveRoutesTests checks that operation instead).
@Suite(.serialized, .timeLimit(.minutes(8))) struct ServerOpenAPITests {
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/api/openapi.yaml")

    @Test func schemathesisFindsNothingTheDocumentDoesNotSay() async throws {
        let runner = try CommandRunner()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let data = directory.path("server"), passwordFile = directory.path("password")
        let password = "correct horse battery staple"
        try (password + "\n").write(toFile: passwordFile, atomically: true, encoding: .utf8)
        let made = try await runner.run(["serve", "--data", data, "--create-admin", "admin", "--password-file", passwordFile])
        #expect(made.status == 0, "\(made.standardError)")

        let port = try GPSFakeProcess.freePort()
        let server = Process()
        server.executableURL = runner.executable
        server.arguments = ["serve", "--data", data, "--port", String(port)]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { server.terminate() }
        let base = "http://127.0.0.1:\(port)/api/v1"
        let token = try await Self.token(base: base, password: password)

        let common = ["run", Self.document.path, "--url", base, "--checks", "all", "--exclude-checks", "positive_data_acceptance",
                      "--no-color", "--seed", "20261126"]
        let bearer = try await Self.schemathesis(in: directory.url, common + ["-H", "Authorization: Bearer \(token)", "--exclude-path-regex", "^/tokens|/events$",
                                                             "--max-examples", "25"])
        #expect(bearer.status == 0, "\(bearer.output.suffix(4000))")
        let basic = try await Self.schemathesis(in: directory.url, common + ["--auth", "admin:\(password)", "--include-path-regex", "^/tokens",
                                                            "--max-examples", "8", "--phases", "coverage,fuzzing"])
        #expect(basic.status == 0, "\(basic.output.suffix(4000))")
    }

    /// A token reading and writing heart rate, workouts and routes, made through the API.
    static func token(base: String, password: String) async throws -> String {
        var request = URLRequest(url: try #require(URL(string: base + "/tokens")))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Basic " + Data("admin:\(password)".utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
        let types = ["HKWorkoutTypeIdentifier", "HKWorkoutRouteTypeIdentifier", "HKQuantityTypeIdentifierHeartRate"]
        request.httpBody = try JSONSerialization.data(withJSONObject: ["name": "schemathesis", "read": types, "share": types])
        for _ in 0..<100 {
            if let (body, response) = try? await URLSession.shared.data(for: request), (response as? HTTPURLResponse)?.statusCode == 201,
               let made = try JSONSerialization.jsonObject(with: body) as? [String: Any], let secret = made["token"] as? String {
                return secret
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        Issue.record("the server never made a token")
        return ""
    }

    /// Runs schemathesis in `folder` (it writes a cache where it runs) on a thread of its own and
    /// returns its status and output.
    static func schemathesis(in folder: URL, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                do {
                    let process = Process()
                    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                    process.arguments = ["schemathesis"] + arguments
                    process.currentDirectoryURL = folder
                    let output = Pipe()
                    process.standardOutput = output
                    process.standardError = output
                    try process.run()
                    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                    process.waitUntilExit()
                    continuation.resume(returning: (process.terminationStatus, text))
                } catch {
                    continuation.resume(throwing: error)
                }
            }.start()
        }
    }
}
