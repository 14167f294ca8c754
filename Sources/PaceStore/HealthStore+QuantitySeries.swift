public import Foundation
public import PaceModel
import GRDB

/// One quantity sample reduced to its times and its value in the type's canonical unit, for
/// reading long series (a workout's heart rate) without decoding whole objects.
public struct TimedQuantity: Hashable, Sendable {
    /// The sample's start.
    public var start: Date
    /// The sample's end (equal to ``start`` for an instant sample).
    public var end: Date
    /// The value in the type's canonical unit (`QuantityTypeIdentifier.canonicalUnit`: count/min
    /// for heart rate and cadence, W for power).
    public var value: Double

    /// Creates a timed value.
    public init(start: Date, end: Date, value: Double) {
        self.start = start
        self.end = end
        self.value = value
    }
}

extension HealthStore {
    /// The values of the stored samples of one quantity type in an interval (HealthKit's half-open
    /// rule, as ``SamplePredicate/date(from:to:options:)``), oldest first,
    /// in the type's canonical unit: one statement, no metadata, source or device decoded, so a
    /// workout's 100 000 heart-rate samples read in milliseconds rather than as 100 000 objects.
    ///
    /// - Parameters:
    ///   - type: The quantity type.
    ///   - start: The interval's start.
    ///   - end: The interval's end (excluded).
    /// - Throws: ``StoreError`` if SQLite fails.
    public func quantitySeries(of type: QuantityTypeIdentifier, from start: Date, to end: Date) async throws(StoreError) -> [TimedQuantity] {
        try await read { db in
            let rows = try Row.fetchCursor(db, sql: """
                SELECT o.startDate, o.endDate, q.canonicalValue FROM healthObject o JOIN quantitySample q ON q.uuid = o.uuid
                WHERE o.typeIdentifier = ? AND (o.endDate > ? OR o.startDate >= ?) AND o.startDate < ?
                ORDER BY o.startDate, o.anchor
                """, arguments: [type.rawValue, StoreCoding.value(start), StoreCoding.value(start), StoreCoding.value(end)])
            var series: [TimedQuantity] = []
            while let row = try rows.next() {
                series.append(TimedQuantity(start: StoreCoding.date(row[0]), end: StoreCoding.date(row[1]), value: row[2]))
            }
            return series
        }
    }
}
