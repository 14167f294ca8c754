public import Foundation

/// The state of one sensor stream during a live recording, as a display shows it.
public enum LiveStreamStatus: Hashable, Sendable {
    /// Nothing has arrived yet (or the stream reconnected and nothing has arrived since, or its
    /// location fixes are held while the GPS's time is judged).
    case waiting
    /// Readings arrive; the last was stamped at this time (the session's time).
    case live(Date)
    /// The source reported it gone, and why (the source's words).
    case disconnected(String)
}
