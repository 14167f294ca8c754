import Foundation
import PaceRecorder

extension LiveStreamStatus {
    /// A short form for the dashboard: `ok`, `waiting`, `lost (reason)`, or `silent 12 s` when a
    /// stream has said nothing for longer than `quiet` seconds.
    func text(at now: Date, quiet: Double = 5) -> String {
        switch self {
        case .waiting: "waiting"
        case .live(let time):
            now.timeIntervalSince(time) > quiet ? String(format: "silent %.0f s", now.timeIntervalSince(time)) : "ok"
        case .disconnected(let reason): "lost (\(reason))"
        }
    }
}
