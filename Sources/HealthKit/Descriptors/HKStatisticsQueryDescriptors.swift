public import Foundation

/// A statistics query for Swift concurrency (Apple's `HKStatisticsQueryDescriptor`).
public struct HKStatisticsQueryDescriptor: Sendable {
    /// The quantity type and predicate.
    public var predicate: HKSamplePredicate<HKQuantitySample>
    /// The statistics to compute.
    public var options: HKStatisticsOptions

    /// A descriptor.
    public init(predicate: HKSamplePredicate<HKQuantitySample>, options: HKStatisticsOptions) {
        self.predicate = predicate
        self.options = options
    }

    /// Runs the query (as ``HKStatisticsQuery`` does).
    public func result(for healthStore: HKHealthStore) async throws -> HKStatistics? {
        guard let type = predicate.sampleType as? HKQuantityType else {
            throw HKError(.errorInvalidArgument, message: "Statistics are computed for quantity types only.")
        }
        let outcome: Result<HKStatistics?, any Error> = await withCheckedContinuation { done in
            healthStore.execute(HKStatisticsQuery(quantityType: type, quantitySamplePredicate: predicate.nsPredicate,
                                                  options: options) { _, statistics, error in
                done.resume(returning: error.map { .failure($0) } ?? .success(statistics))
            })
        }
        return try outcome.get()
    }
}

/// A statistics collection query for Swift concurrency (Apple's `HKStatisticsCollectionQueryDescriptor`).
public struct HKStatisticsCollectionQueryDescriptor: Sendable {
    /// The quantity type and predicate.
    public var predicate: HKSamplePredicate<HKQuantitySample>
    /// The statistics to compute.
    public var options: HKStatisticsOptions
    /// A boundary of the intervals.
    public var anchorDate: Date
    /// The intervals' length in calendar units.
    public var intervalComponents: DateComponents

    /// A descriptor.
    public init(predicate: HKSamplePredicate<HKQuantitySample>, options: HKStatisticsOptions, anchorDate: Date,
                intervalComponents: DateComponents) {
        self.predicate = predicate
        self.options = options
        self.anchorDate = anchorDate
        self.intervalComponents = intervalComponents
    }

    /// The collection now (as ``HKStatisticsCollectionQuery`` computes it).
    public func result(for healthStore: HKHealthStore) async throws -> HKStatisticsCollection {
        var iterator = results(for: healthStore, updates: false).makeAsyncIterator()
        guard let collection = try await iterator.next() else {
            throw HKError(.errorNoData, message: "The statistics collection query ended without a result.")
        }
        return collection
    }

    /// The collection now, then again after each change, until the consuming task is cancelled.
    public func results(for healthStore: HKHealthStore) -> AsyncThrowingStream<HKStatisticsCollection, any Error> {
        results(for: healthStore, updates: true)
    }

    private func results(for healthStore: HKHealthStore, updates: Bool) -> AsyncThrowingStream<HKStatisticsCollection, any Error> {
        let (stream, continuation) = AsyncThrowingStream<HKStatisticsCollection, any Error>.makeStream(bufferingPolicy: .bufferingNewest(1))
        guard let type = predicate.sampleType as? HKQuantityType else {
            continuation.finish(throwing: HKError(.errorInvalidArgument, message: "Statistics are computed for quantity types only."))
            return stream
        }
        let query = HKStatisticsCollectionQuery(quantityType: type, quantitySamplePredicate: predicate.nsPredicate, options: options,
                                                anchorDate: anchorDate, intervalComponents: intervalComponents)
        query.initialResultsHandler = { _, collection, error in
            if let collection { continuation.yield(collection) }
            if let error { continuation.finish(throwing: error) } else if !updates { continuation.finish() }
        }
        if updates {
            query.statisticsUpdateHandler = { _, _, collection, error in
                if let collection { continuation.yield(collection) }
                if let error { continuation.finish(throwing: error) }
            }
        }
        continuation.onTermination = { _ in healthStore.stop(query) }
        healthStore.execute(query)
        return stream
    }
}
