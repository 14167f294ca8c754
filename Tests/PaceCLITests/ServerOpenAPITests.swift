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
@Suite(.serialized, .timeLimit(.minutes(8 * TestTime.scale))) struct ServerOpenAPITests {
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/api/openapi.yaml")

    @Test func schemathesisFindsNothingTheDocumentDoesNotSay() async throws {
        let runner = try CommandRunner()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try await PaceServeProcess(runner: runner, directory: directory)
        try await server.start()
        defer { server.stop() }
        let base = server.api, password = PaceServeProcess.password
        let types = ["HKWorkoutTypeIdentifier", "HKWorkoutRouteTypeIdentifier", "HKQuantityTypeIdentifierHeartRate"]
        let token = try await server.token(name: "schemathesis", read: types, share: types)

        let common = ["run", Self.document.path, "--url", base, "--checks", "all", "--exclude-checks", "positive_data_acceptance",
                      "--no-color", "--seed", "20261126", "--request-timeout", String(10 * TestTime.scale),
                      "--max-response-time", String(10 * TestTime.scale)]
        let bearer = try await Self.schemathesis(in: directory.url, common + ["-H", "Authorization: Bearer \(token)", "--exclude-path-regex", "^/tokens|/events$",
                                                             "--max-examples", "25"])
        #expect(bearer.status == 0, "\(bearer.output.suffix(4000))")
        let basic = try await Self.schemathesis(in: directory.url, common + ["--auth", "admin:\(password)", "--include-path-regex", "^/tokens",
                                                            "--max-examples", "8", "--phases", "coverage,fuzzing"])
        #expect(basic.status == 0, "\(basic.output.suffix(4000))")
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
