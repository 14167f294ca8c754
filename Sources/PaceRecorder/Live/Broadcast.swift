import Foundation
import PaceModel

/// Fans values out to any number of subscribers, each with a stream of its own that keeps only
/// the newest values when its reader falls behind, so publishing never waits on a reader.
/// Thread-safe. The session's snapshots and a live recording's updates go out through one each.
final class Broadcast<Element: Sendable>: Sendable {
    private struct State: Sendable {
        var continuations: [UUID: AsyncStream<Element>.Continuation] = [:]
        var latest: Element?
        var finished = false
    }

    private let state = Locked(State())
    /// Whether a new subscriber first gets the latest value published (a state, like a snapshot)
    /// rather than only what is published after it subscribed (events).
    private let replaysLatest: Bool

    /// Creates a broadcast; see ``replaysLatest``.
    init(replaysLatest: Bool) {
        self.replaysLatest = replaysLatest
    }

    /// A stream of the values published from now on (after the latest, when replayed), keeping the
    /// newest `limit` for a slow reader; it ends at ``finish()``, at once when that has happened.
    func subscribe(bufferingNewest limit: Int) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .bufferingNewest(limit))
        let id = UUID()
        state.withLock { state in
            if replaysLatest, let latest = state.latest { continuation.yield(latest) }
            if state.finished {
                continuation.finish()
            } else {
                state.continuations[id] = continuation
            }
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    /// Sends `value` to every subscriber.
    func publish(_ value: Element) {
        let targets = state.withLock { state in
            if replaysLatest { state.latest = value }
            return Array(state.continuations.values)
        }
        for continuation in targets { continuation.yield(value) }
    }

    /// Ends every subscriber's stream, and those of later subscribers.
    func finish() {
        let targets = state.withLock { state in
            state.finished = true
            defer { state.continuations = [:] }
            return Array(state.continuations.values)
        }
        for continuation in targets { continuation.finish() }
    }
}
