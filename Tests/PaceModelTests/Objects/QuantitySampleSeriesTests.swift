import Foundation
import PaceModel
import PaceTestSupport
import Testing

/// A series is its samples held as columns: each row is the sample `sample(at:)` makes, and it is
/// refused exactly where validating those samples one by one refuses, first failure first.
@Suite struct QuantitySampleSeriesTests {
    static let start = TestObjects.morning

    /// A series of `values` a second apart; with identifiers (as when its samples are stored one
    /// by one) unless `identified` is false.
    static func series(_ values: [Double], unit: HealthUnit = .countPerMinute,
                       ends: [TimeInterval]? = nil, identified: Bool = true) -> QuantitySampleSeries {
        var series = QuantitySampleSeries(type: .heartRate, unit: unit, source: TestObjects.watch, device: Device(name: "strap"))
        for (index, value) in values.enumerated() {
            let start = Self.start.addingTimeInterval(Double(index))
            series.append(value: value, start: start, end: start.addingTimeInterval(ends?[index] ?? 0))
        }
        if identified { series.assignIdentifiers() }
        return series
    }

    /// What validating the samples one by one throws first, if anything.
    static func firstObjectError(_ series: QuantitySampleSeries) -> InvalidObjectError? {
        for index in 0..<series.count {
            do { try series.sample(at: index).validate() } catch { return error }
        }
        return nil
    }

    @Test func eachRowIsTheSampleItStandsFor() throws {
        var series = Self.series([120, 121.5], identified: false)
        #expect(series.ids.isEmpty, "no identifier until the samples are stored one by one")
        series.assignIdentifiers()
        let second = series.sample(at: 1)
        #expect(series.ids.count == 2 && second.id == series.ids[1] && series.ids[0] != series.ids[1])
        #expect(second.type == .heartRate)
        #expect(second.quantity == Quantity(value: 121.5, unit: .countPerMinute))
        #expect(second.startDate == Self.start.addingTimeInterval(1))
        #expect(second.endDate == second.startDate)
        #expect(second.source == TestObjects.watch)
        #expect(second.device == Device(name: "strap"))
        #expect(second.metadata.isEmpty)
        try series.validate()
    }

    @Test(arguments: [
        ([120, .nan, 122], nil),                      // a value that is not finite, on the second row
        ([120, 121, 122], [0, 0, -1]),                // an end before its start, on the third row
        ([120, .infinity, 122], [0, -1, 0]),          // both on one row: the interval is checked first
    ] as [([Double], [TimeInterval]?)])
    func aBadRowIsRefusedAsItsSampleIs(values: [Double], ends: [TimeInterval]?) {
        let series = Self.series(values, ends: ends)
        let error = #expect(throws: InvalidObjectError.self) { try series.validate() }
        #expect(error != nil)
        #expect(error == Self.firstObjectError(series))
    }

    @Test func aUnitThatDoesNotSuitTheTypeIsRefusedAsTheFirstSampleIs() throws {
        let series = Self.series([70, 71], unit: .kilogram)
        let error = #expect(throws: InvalidObjectError.self) { try series.validate() }
        #expect(error?.field == "quantity")
        #expect(error == Self.firstObjectError(series))
    }

    @Test func removingAllKeepsWhatTheSamplesShare() {
        var series = Self.series([120, 121])
        series.removeAll(keepingCapacity: true)
        #expect(series.isEmpty)
        series.append(value: 90, start: Self.start, end: Self.start)
        #expect(series.count == 1)
        #expect(series.sample(at: 0).device == Device(name: "strap"))
    }
}
