public import Foundation
public import PaceModel

extension HealthStore {
    /// The long-running form of ``statisticsCollection(for:predicate:options:anchor:interval:from:to:calendar:sourcePriority:)``
    /// (HealthKit's statistics collection query with an update handler): the collection now, then
    /// the collection again each time samples of the type are saved or deleted, until the consuming
    /// task is cancelled.
    ///
    /// Quick successive writes may give one update. The arguments are checked before anything is
    /// observed, so a bad interval or option throws here rather than from the sequence.
    ///
    /// ```swift
    /// let daily = try store.statisticsCollectionUpdates(for: .stepCount, anchor: midnight,
    ///                                                   interval: DateComponents(day: 1), from: start, to: end, calendar: calendar)
    /// for try await collection in daily { chart.show(collection) }
    /// ```
    ///
    /// - Parameters: As for ``statisticsCollection(for:predicate:options:anchor:interval:from:to:calendar:sourcePriority:)``.
    /// - Returns: A sequence of collections that throws ``StoreError``.
    /// - Throws: ``StoreError`` for arguments the one-shot query would refuse.
    public func statisticsCollectionUpdates(for type: QuantityTypeIdentifier, predicate: SamplePredicate = .all,
                                            options: StatisticsOptions? = nil, anchor: Date, interval: DateComponents,
                                            from: Date, to: Date, calendar: Calendar,
                                            sourcePriority: [String] = []) throws(StoreError) -> StatisticsCollectionUpdates
    {
        // Checks the arguments (and gives the first answer's cost once, up front, rather than inside the sequence).
        _ = try IntervalGrid(anchor: anchor, interval: interval, from: from, to: to, calendar: calendar)
        try (options ?? .default(for: type)).validate(for: type)
        do { try predicate.validate(for: .quantity(type)) } catch { throw located(error) }
        let query: @Sendable () async throws(StoreError) -> StatisticsCollection = { [self] () async throws(StoreError) in
            try await statisticsCollection(for: type, predicate: predicate, options: options, anchor: anchor, interval: interval,
                                     from: from, to: to, calendar: calendar, sourcePriority: sourcePriority)
        }
        return StatisticsCollectionUpdates(store: self, type: .quantity(type), query: query)
    }
}

/// Statistics collections as the store changes: an `AsyncSequence` whose first element is the
/// collection when iteration starts; it ends when the consuming task is cancelled and throws ``StoreError``.
public struct StatisticsCollectionUpdates: AsyncSequence, Sendable {
    /// One collection.
    public typealias Element = StatisticsCollection

    let store: HealthStore
    let type: HealthObjectType
    let query: @Sendable () async throws(StoreError) -> StatisticsCollection

    /// Starts observing the store.
    public func makeAsyncIterator() -> AsyncIterator {
        let store = self.store, type = self.type, query = self.query
        let stream = ObservationStream.make { continuation in
            var last: Anchor?
            for try await _ in store.backend.commits(touching: .healthObjects) {
                let latest = try await store.backend.latestChange(of: type, source: nil)
                guard latest != last else { continue }
                last = latest
                continuation.yield(try await query())
            }
        }
        return AsyncIterator(base: stream.makeAsyncIterator())
    }

    /// Gives the collections one by one; `nil` once the task is cancelled.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<StatisticsCollection, any Error>.AsyncIterator

        /// The next collection, or `nil` once the task is cancelled.
        ///
        /// - Throws: ``StoreError``.
        public mutating func next() async throws -> StatisticsCollection? {
            do { return try await base.next() } catch is CancellationError {
                return nil
            } catch let error as StoreError {
                throw error
            } catch {
                throw StoreError(code: .database, message: "Observing the store failed: \(error).", cause: error)
            }
        }
    }
}
