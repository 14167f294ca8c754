public import PaceModel
import Foundation

extension HealthStore {
    /// Statistics of one quantity type over a predicate, read in one snapshot (HealthKit's `HKStatisticsQuery`).
    ///
    /// Discrete types give the average, minimum, maximum and most recent value; cumulative types
    /// give the sum of the samples matching the predicate, where time covered by several sources
    /// counts only the highest-priority source (see ``StatisticsOptions/sum``). Values are in the
    /// type's canonical unit. Samples count whole: a sample partly inside a date predicate is not pro-rated.
    ///
    /// ```swift
    /// let steps = try await store.statistics(for: .stepCount, predicate: .date(from: start, to: end),
    ///                                  options: [.sum, .separateBySource], sourcePriority: ["com.apple.watch"])
    /// ```
    ///
    /// - Parameters:
    ///   - type: The quantity type.
    ///   - predicate: Which samples; all by default.
    ///   - options: The statistics; by default ``StatisticsOptions/default(for:)``.
    ///   - sourcePriority: Bundle identifiers, highest priority first, for merging overlapping
    ///     cumulative samples; sources not named rank after them, by first appearance.
    /// - Throws: ``StoreError`` with ``StoreError/Code/optionDoesNotFitType`` or
    ///   ``StoreError/Code/noStatisticRequested`` for options that do not fit the type, or when the store fails.
    public func statistics(for type: QuantityTypeIdentifier, predicate: SamplePredicate = .all,
                           options: StatisticsOptions? = nil, sourcePriority: [String] = []) async throws(StoreError) -> QuantityStatistics
    {
        let options = options ?? .default(for: type)
        try options.validate(for: type)
        do { try predicate.validate(for: .quantity(type)) } catch { throw located(error) }
        return try await backend.statistics(for: type, matching: predicate, options: options, sourcePriority: sourcePriority)
    }
}
