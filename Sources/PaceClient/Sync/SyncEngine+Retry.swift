import Foundation
import Logging

extension SyncEngine {
    /// Runs `request`, retrying what may succeed later (``ClientError/isRetryable``) with a doubling,
    /// jittered wait, and turns what fails into a ``SyncError``.
    func retrying<T: Sendable>(_ run: inout Run, _ name: String,
                               _ request: () async throws(ClientError) -> T) async throws(SyncError) -> T {
        var wait = options.initialBackoff
        var attempt = 1
        while true {
            do {
                return try await request()
            } catch where error.isRetryable && attempt < options.attempts {
                logger.warning("\(name) failed, retrying", metadata: ["attempt": "\(attempt)", "error": "\(error.message)"])
                let jitter = Double.random(in: 1...1.25)
                try? await Task.sleep(for: wait * jitter)
                wait = min(wait * 2, options.maximumBackoff)
                attempt += 1
                run.report.retries += 1
            } catch {
                throw Self.syncError(error, attempts: attempt)
            }
        }
    }

    /// The ``SyncError`` of a server's refusal.
    static func syncError(_ error: ClientError, attempts: Int) -> SyncError {
        switch error.serverCode {
        case "sync.resync":
            return SyncError(.resync, "The server no longer has the changes after this device's last pull (its store was replaced): "
                             + "run 'pace sync' again with --resync to pull everything from the start; objects stored already are skipped. (\(error.message))",
                             cause: error)
        case "sync.conflict":
            return SyncError(.conflict, "The server refused a push: \(error.message) Nothing of that batch was saved and this device keeps "
                             + "its objects; resolve the conflict (e.g. delete one of the two objects on this device) and sync again.",
                             cause: error)
        default:
            let tries = error.isRetryable ? " after \(attempts) attempts" : ""
            return SyncError(.server, "\(error.message)\(tries)", cause: error)
        }
    }
}
