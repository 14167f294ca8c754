public import Foundation

/// Where a session reads "now" for commands and flush timing. Injected so tests never sleep and a
/// replay can run faster than real time.
public protocol SessionClock: Sendable {
    /// The current instant.
    func now() -> Date
}

/// The system's wall clock.
public struct SystemSessionClock: SessionClock {
    /// Creates the clock.
    public init() {}
    /// `Date()`.
    public func now() -> Date { Date() }
}

/// A clock moved by hand (tests) or by a replay (the replayed file's time).
public final class ManualSessionClock: SessionClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    /// Creates a clock at an instant.
    public init(_ start: Date) {
        current = start
    }

    /// The clock's instant.
    public func now() -> Date {
        lock.withLock { current }
    }

    /// Moves the clock to an instant (never backwards).
    public func set(_ time: Date) {
        lock.withLock { current = max(current, time) }
    }

    /// Moves the clock forward by `seconds`.
    public func advance(by seconds: Double) {
        lock.withLock { current = current.addingTimeInterval(max(0, seconds)) }
    }
}
