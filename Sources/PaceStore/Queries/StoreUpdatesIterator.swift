/// The iterator of the store's long-running queries (anchored updates, observer notifications):
/// it ends with `nil` when the task is cancelled and reports any other failure as a ``StoreError``.
public struct StoreUpdatesIterator<Element: Sendable>: AsyncIteratorProtocol {
    var base: AsyncThrowingStream<Element, any Error>.AsyncIterator

    /// The next element, or `nil` once the task is cancelled.
    ///
    /// - Throws: ``StoreError``.
    public mutating func next() async throws -> Element? {
        do { return try await base.next() } catch let error as StoreError { throw error } catch is CancellationError {
            return nil
        } catch {
            throw StoreError(code: .database, message: "Observing the store failed: \(error).", cause: error)
        }
    }
}

/// The plumbing of every long-running query: a stream fed by `produce` on a task of its own, which
/// ends the stream when `produce` returns (or throws its error) and is cancelled when the stream
/// ends first (the consumer cancelled, or dropped the iterator).
enum ObservationStream {
    static func make<Element: Sendable>(
        bufferingPolicy: AsyncThrowingStream<Element, any Error>.Continuation.BufferingPolicy = .bufferingNewest(1),
        _ produce: @escaping @Sendable (AsyncThrowingStream<Element, any Error>.Continuation) async throws -> Void
    ) -> AsyncThrowingStream<Element, any Error> {
        let (stream, continuation) = AsyncThrowingStream<Element, any Error>.makeStream(bufferingPolicy: bufferingPolicy)
        let task = Task {
            do {
                try await produce(continuation)
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
