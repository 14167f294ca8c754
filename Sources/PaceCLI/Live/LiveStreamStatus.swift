import Foundation
import PaceModel

/// What the dashboard shows for each sensor stream of a live recording.
enum LiveStreamStatus: Hashable, Sendable {
    /// Nothing has arrived yet.
    case waiting
    /// Readings arrive; the last at this time.
    case live(Date)
    /// The source reported it gone, and why.
    case disconnected(String)

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
