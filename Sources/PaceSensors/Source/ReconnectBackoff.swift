/// Exponential reconnection delays, shared by every source that reconnects by itself: ``initial``,
/// doubling up to ``cap``; ``reset()`` after a connection that delivered data.
struct ReconnectBackoff {
    /// The first delay.
    let initial: Duration
    /// The longest delay.
    let cap: Duration
    private var current: Duration

    /// Creates a backoff.
    /// - Parameters:
    ///   - initial: The first delay.
    ///   - cap: The longest delay.
    init(initial: Duration, cap: Duration) {
        self.initial = initial
        self.cap = cap
        self.current = initial
    }

    /// The delay before the next attempt; each call doubles the following one, up to ``cap``.
    mutating func next() -> Duration {
        let delay = current
        current = min(current * 2, cap)
        return delay
    }

    /// Starts again from ``initial``.
    mutating func reset() {
        current = initial
    }
}
