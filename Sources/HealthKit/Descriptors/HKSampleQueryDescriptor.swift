public import Foundation
import PaceStore

/// A sample query for Swift concurrency (Apple's `HKSampleQueryDescriptor`): the samples of one or
/// more types matching their predicates, sorted, at most `limit` of them.
///
/// ```swift
/// let descriptor = HKSampleQueryDescriptor(predicates: [.quantitySample(type: HKQuantityType(.stepCount))],
///                                          sortDescriptors: [SortDescriptor(\.endDate, order: .reverse)], limit: 10)
/// let steps = try await descriptor.result(for: store)
/// ```
public struct HKSampleQueryDescriptor<Sample: HKSample>: Sendable {
    /// The types and predicates; a sample matching any of them is a result.
    public var predicates: [HKSamplePredicate<Sample>]
    /// The order of the results (Foundation's `SortDescriptor`).
    public var sortDescriptors: [SortDescriptor<Sample>]
    /// The most results, when given.
    public var limit: Int?

    /// A descriptor.
    public init(predicates: [HKSamplePredicate<Sample>], sortDescriptors: [SortDescriptor<Sample>], limit: Int? = nil) {
        self.predicates = predicates
        self.sortDescriptors = sortDescriptors
        self.limit = limit
    }

    /// Runs the query and returns the samples the app may see.
    ///
    /// Each predicate's samples are read in the store's order; with sort descriptors, every matching
    /// sample is read and sorted here before `limit` is applied (Foundation's `SortDescriptor`
    /// cannot be handed to the store).
    public func result(for healthStore: HKHealthStore) async throws -> [Sample] {
        do {
            return try await run(healthStore)
        } catch {
            throw HKStoreConnection.error(error)
        }
    }

    private func run(_ healthStore: HKHealthStore) async throws -> [Sample] {
        let app = try healthStore.appStore()
        var results: [Sample] = []
        let storeLimit = sortDescriptors.isEmpty && predicates.count == 1 ? limit : nil
        for predicate in predicates {
            let pace = try HKPredicate.pace(predicate.nsPredicate)
            let samples = try await HKSampleQuery.samples(app: app, type: predicate.sampleType, predicate: pace, sort: [.startDate()],
                                                          limit: storeLimit ?? HKObjectQueryNoLimit)
            results += samples.compactMap { $0 as? Sample }
        }
        if !sortDescriptors.isEmpty { results.sort(using: sortDescriptors) }
        if let limit, limit > 0, results.count > limit { results = Array(results.prefix(limit)) }
        return results
    }
}
