import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
@testable import PaceServer
import Testing

/// A request cancelled before its answer (the client went away, the server is stopping) is no
/// server fault: it is answered 503 `server.cancelled`, and not logged as an unexpected error.
@Suite struct CancelledRequestTests {
    /// Log entries at `error` level, counted.
    final class ErrorCount: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func add() { lock.withLock { count += 1 } }
    }

    struct CountingHandler: LogHandler {
        let errors: ErrorCount
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            if event.level >= .error { errors.add() }
        }
    }

    @Test func aCancelledRequestIsAnswered503AndNotLoggedAsAFault() async throws {
        let errors = ErrorCount()
        let logger = Logger(label: "test") { _ in CountingHandler(errors: errors) }
        let router = Router(context: ServerRequestContext.self)
        router.middlewares.add(ServerMiddleware(logger: logger, table: RouteTable(routes: [(.get, "/cancelled"), (.get, "/broken")])))
        router.get("/cancelled") { _, _ -> String in throw CancellationError() }
        router.get("/broken") { _, _ -> String in throw CocoaError(.fileReadCorruptFile) }
        try await Application(router: router).test(.router) { client in
            let (status, body) = try await client.execute(uri: "/cancelled", method: .get) { ($0.status, String(buffer: $0.body)) }
            #expect(status == .serviceUnavailable)
            #expect(body.contains("\"server.cancelled\""))
            #expect(errors.value == 0)

            // An unexpected error still is one
            let broken = try await client.execute(uri: "/broken", method: .get) { $0.status }
            #expect(broken == .internalServerError)
            #expect(errors.value == 1)
        }
    }
}
