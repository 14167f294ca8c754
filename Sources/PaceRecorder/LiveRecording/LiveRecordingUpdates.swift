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
