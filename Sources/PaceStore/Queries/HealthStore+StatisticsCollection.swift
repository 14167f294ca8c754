public import Foundation
public import PaceModel

extension HealthStore {
    /// Statistics of one quantity type per calendar interval (HealthKit's `HKStatisticsCollectionQuery`).
    ///
    /// Interval boundaries are `anchor + k × interval` in `calendar` (with its time zone), so daily
    /// intervals run from local midnight to local midnight and a daylight-saving day lasts 23 or
    /// 25 hours. Every interval overlapping `[from, to)` has an entry. Discrete samples belong to the
    /// interval holding their start and are aggregated in SQL; cumulative samples are pro-rated over
    /// the intervals they span, after overlapping sources are merged (see ``statistics(for:predicate:options:sourcePriority:)``).
    ///
    /// ```swift
    /// var calendar = Calendar(identifier: .gregorian)
    /// calendar.timeZone = TimeZone(identifier: "Europe/Zurich")!
    /// let daily = try await store.statisticsCollection(for: .heartRate, options: .average, anchor: midnight,
    ///                                            interval: DateComponents(day: 1), from: start, to: end, calendar: calendar)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The quantity type.
    ///   - predicate: Which samples, besides falling in the intervals; all by default.
    ///   - options: The statistics; by default ``StatisticsOptions/default(for:)``.
    ///   - anchor: A boundary of the intervals, e.g. a local midnight.
    ///   - interval: The length of each interval in calendar units (years, months, weeks, days, hours, minutes, seconds).
    ///   - from: The start of the range.
    ///   - to: The end of the range (not before `from`).
    ///   - calendar: The calendar and time zone of the boundaries.
    ///   - sourcePriority: Bundle identifiers, highest priority first, for merging cumulative sources.
    /// - Throws: ``StoreError``: ``StoreError/Code/invalidInterval`` for a zero, negative or unsupported
    ///   interval, ``StoreError/Code/invalidDateRange`` when `to` is before `from`, options that do not
    ///   fit the type, or a store failure.
    public func statisticsCollection(for type: QuantityTypeIdentifier, predicate: SamplePredicate = .all,
                                     options: StatisticsOptions? = nil, anchor: Date, interval: DateComponents,
                                     from: Date, to: Date, calendar: Calendar,
                                     sourcePriority: [String] = []) async throws(StoreError) -> StatisticsCollection
    {
        let options = options ?? .default(for: type)
        try options.validate(for: type)
        let grid = try IntervalGrid(anchor: anchor, interval: interval, from: from, to: to, calendar: calendar)
        do { try predicate.validate(for: .quantity(type)) } catch { throw located(error) }
        guard grid.count > 0 else { return StatisticsCollection(type: type, options: options, statistics: []) }
        let entries = try await backend.statisticsCollection(for: type, matching: predicate, options: options, grid: grid,
                                                             sourcePriority: sourcePriority)
        return StatisticsCollection(type: type, options: options, statistics: entries)
    }
}
