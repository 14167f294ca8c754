import Foundation

/// Limits failed sign-ins per IP address and per account name: after ``maximumFailures`` within
/// ``window`` seconds, further attempts from that address or for that name are refused until the
/// oldest failure leaves the window.
actor SignInLimiter {
    /// Failures allowed per key within the window.
    let maximumFailures: Int
    /// The window, in seconds.
    let window: TimeInterval
    private var failures: [String: [Date]] = [:]

    init(maximumFailures: Int = 10, window: TimeInterval = 15 * 60) {
        self.maximumFailures = maximumFailures
        self.window = window
    }

    /// Seconds to wait before `keys` may try again, or `nil` when they may now.
    func wait(for keys: [String], now: Date = Date()) -> TimeInterval? {
        var longest: TimeInterval?
        for key in keys {
            let recent = (failures[key] ?? []).filter { now.timeIntervalSince($0) < window }
            failures[key] = recent.isEmpty ? nil : recent
            if recent.count >= maximumFailures, let oldest = recent.first {
                longest = max(longest ?? 0, window - now.timeIntervalSince(oldest))
            }
        }
        return longest
    }

    /// Counts a failure for each of `keys`.
    func fail(_ keys: [String], now: Date = Date()) {
        for key in keys { failures[key, default: []].append(now) }
    }
}
