import Foundation

/// The updates of one live recording, as an `AsyncSequence` for one display.
///
/// It holds the updates published after it was made (``LiveRecorder/updates()``), keeping the newest
/// ``LiveRecorder/updateBufferLimit`` when its reader falls behind, and ends when the recording's
/// ``LiveRecorder/run()`` returns.
///
/// ```swift
/// let updates = recorder.updates()
/// let display = Task { for await update in updates { render(update) } }
/// let outcome = try await recorder.run()
/// await display.value
/// ```
public struct LiveRecordingUpdates: AsyncSequence, Sendable {
    /// The element type.
    public typealias Element = LiveRecordingUpdate

    let stream: AsyncStream<LiveRecordingUpdate>

    /// Returns an iterator over the updates; iterate the sequence once.
    public func makeAsyncIterator() -> AsyncStream<LiveRecordingUpdate>.Iterator {
        stream.makeAsyncIterator()
    }
}

/// Fans a recording's updates out to its subscribers; thread-safe.
final class LiveUpdateHub: @unchecked Sendable {
    private let lock = NSLock()
    private var continuations: [UUID: AsyncStream<LiveRecordingUpdate>.Continuation] = [:]
    private var finished = false

    func subscribe(bufferingNewest limit: Int) -> LiveRecordingUpdates {
        let (stream, continuation) = AsyncStream.makeStream(of: LiveRecordingUpdate.self, bufferingPolicy: .bufferingNewest(limit))
        let id = UUID()
        let added = lock.withLock {
            if finished { return false }
            continuations[id] = continuation
            return true
        }
        guard added else {
            continuation.finish()
            return LiveRecordingUpdates(stream: stream)
        }
        continuation.onTermination = { [weak self] _ in
            self?.lock.withLock { _ = self?.continuations.removeValue(forKey: id) }
        }
        return LiveRecordingUpdates(stream: stream)
    }

    func publish(_ update: LiveRecordingUpdate) {
        let targets = lock.withLock { Array(continuations.values) }
        for continuation in targets { continuation.yield(update) }
    }

    func finish() {
        let targets = lock.withLock {
            finished = true
            defer { continuations = [:] }
            return Array(continuations.values)
        }
        for continuation in targets { continuation.finish() }
    }
}
