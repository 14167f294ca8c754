import Foundation
import GRDB
import Logging

extension SQLiteBackend {
    /// How long a connection waits for another process's transaction on the store before it gives
    /// up with `SQLITE_BUSY`, in seconds (15 minutes).
    ///
    /// A large import holds the store's write lock for its one transaction — 15 s for a million
    /// points, minutes on a slow machine — and a second `pace import`, a recording or a server on
    /// the same file must wait for it rather than fail with "database is locked" (issue 19's two
    /// imports; the first ten-second limit failed under AddressSanitizer's slow-down). A lock is
    /// released when its process ends, however it ends, so a long wait never outlives its holder.
    static let busyLimit: Double = 900

    /// The busy handler of a store's connections (SQLite calls it while another connection holds a
    /// lock it needs): it sleeps 1 ms, doubling to 100 ms between tries, logs once after about five
    /// seconds that it is waiting, and gives up after ``busyLimit`` seconds. It runs on the
    /// connection's own thread, never on the cooperative pool.
    static func waitForOtherWriter(path: String) -> Database.BusyCallback {
        { tries in
            let waited = (0..<tries).reduce(0.0) { $0 + busyDelay(afterTries: $1) }
            if waited >= busyLimit { return false }
            let delay = busyDelay(afterTries: tries)
            if waited < 5, waited + delay >= 5 {
                logger.info("Waiting for another process that is writing to the store", metadata: ["path": "\(path)"])
            }
            Thread.sleep(forTimeInterval: delay)
            return true
        }
    }

    /// The pause after `tries` failed tries, in seconds: 1 ms, doubling to 100 ms.
    static func busyDelay(afterTries tries: Int) -> Double {
        min(0.001 * Double(1 << min(tries, 7)), 0.1)
    }
}
