import Foundation
import PaceModel

/// Hands elements from one thread to another in order, at most `depth` waiting at a time: the
/// producer waits while the queue is full, the consumer while it is empty. Used between the
/// threads of a streamed import (reading, totals, writing), never from the cooperative pool.
final class Handoff<Element: Sendable>: Sendable {
    private struct State: Sendable {
        var waiting: [Element] = []
        var cancelled = false
    }
    private let state = Locked(State())
    /// Free places (the producer waits on it).
    private let slots: DispatchSemaphore
    /// Elements handed over, and the end (the consumer waits on it).
    private let items = DispatchSemaphore(value: 0)

    /// An empty queue holding at most `depth` elements.
    init(depth: Int) {
        // Counted up from zero: libdispatch refuses to free a semaphore left below its initial
        // value, which a cancelled handoff may leave.
        slots = DispatchSemaphore(value: 0)
        for _ in 0..<max(depth, 1) { slots.signal() }
    }

    /// Hands `element` over, waiting while the queue is full.
    /// - Returns: `false`, with `element` dropped, once the queue was cancelled.
    func send(_ element: Element) -> Bool {
        slots.wait()
        let accepted = state.withLock { state in
            guard !state.cancelled else { return false }
            state.waiting.append(element)
            return true
        }
        if accepted { items.signal() } else { slots.signal() }
        return accepted
    }

    /// Says that nothing more will be sent: ``receive()`` returns `nil` once the queue is empty.
    func finish() {
        items.signal()
    }

    /// The next element, waiting for it; `nil` once the producer finished and every element was
    /// taken, or once the queue was cancelled.
    func receive() -> Element? {
        items.wait()
        let next = state.withLock { state -> Element? in
            guard !state.cancelled, !state.waiting.isEmpty else { return nil }
            return state.waiting.removeFirst()
        }
        if next != nil { slots.signal() } else { items.signal() } // the end stays signalled
        return next
    }

    /// Drops what is waiting and wakes both sides: ``send(_:)`` returns `false` and ``receive()``
    /// `nil` from now on.
    func cancel() {
        state.withLock { state in
            state.cancelled = true
            state.waiting.removeAll()
        }
        slots.signal()
        items.signal()
    }
}
