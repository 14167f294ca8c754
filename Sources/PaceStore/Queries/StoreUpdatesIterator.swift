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
