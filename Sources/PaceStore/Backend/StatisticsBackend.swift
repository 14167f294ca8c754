package import PaceModel

/// Statistics of quantity samples, computed where the samples are.
package protocol StatisticsBackend: Sendable {
    /// Statistics of one quantity type over a checked predicate, in one snapshot, with checked
    /// options; overlapping cumulative sources merged by `sourcePriority` (``SourceMerge``).
    func statistics(for type: QuantityTypeIdentifier, matching predicate: SamplePredicate, options: StatisticsOptions,
                    sourcePriority: [String]) async throws(StoreError) -> QuantityStatistics

    /// One entry per interval of `grid`, in order, as ``HealthStore/statisticsCollection(for:predicate:options:anchor:interval:from:to:calendar:sourcePriority:)`` defines them.
    func statisticsCollection(for type: QuantityTypeIdentifier, matching predicate: SamplePredicate, options: StatisticsOptions,
                              grid: IntervalGrid, sourcePriority: [String]) async throws(StoreError) -> [QuantityStatistics]
}
