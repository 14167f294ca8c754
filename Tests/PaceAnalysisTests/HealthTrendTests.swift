import Foundation
import PaceAnalysis
import PaceModel
import Testing

/// Health trends from samples: means of measurements, daily totals of steps and sleep.
@Suite struct HealthTrendTests {
    static let utc = Calendar.history(timeZone: TimeZone(identifier: "UTC") ?? .current)

    static func at(_ text: String, _ value: Double) -> TimedQuantity {
        let date = ISO8601DateFormatter().date(from: text) ?? Date(timeIntervalSince1970: 0)
        return TimedQuantity(start: date, end: date, value: value)
    }

    @Test func restingHeartRatePerWeekIsTheMean() {
        let values = [Self.at("2026-06-01T06:00:00Z", 50), Self.at("2026-06-03T06:00:00Z", 54), Self.at("2026-06-08T06:00:00Z", 49)]
        let trend = HealthTrend(.restingHeartRate, values: values, by: .week, calendar: Self.utc)
        #expect(trend.points.map(\.value) == [52, 49])
        #expect(trend.points.map(\.count) == [2, 1])
    }

    @Test func stepsAreSummedPerDayAndAveragedPerWeek() {
        let values = [Self.at("2026-06-01T08:00:00Z", 3000), Self.at("2026-06-01T18:00:00Z", 5000), Self.at("2026-06-02T08:00:00Z", 6000)]
        #expect(HealthTrend(.steps, values: values, by: .day, calendar: Self.utc).points.map(\.value) == [8000, 6000])
        let week = HealthTrend(.steps, values: values, by: .week, calendar: Self.utc)
        #expect(week.points.map(\.value) == [7000], "the mean of the days with steps")
        #expect(week.points.map(\.count) == [2])
    }

    @Test func sleepMergesOverlappingSourcesAndIgnoresAwake() throws {
        func sleep(_ from: String, _ to: String, _ value: Int) -> CategorySample {
            let formatter = ISO8601DateFormatter()
            return CategorySample(type: .sleepAnalysis, value: value, start: formatter.date(from: from) ?? .distantPast,
                                  end: formatter.date(from: to) ?? .distantPast)
        }
        let night = [
            sleep("2026-06-01T22:00:00Z", "2026-06-02T02:00:00Z", 3),   // core, watch
            sleep("2026-06-02T01:00:00Z", "2026-06-02T03:00:00Z", 1),   // asleep, phone (overlaps 1 h)
            sleep("2026-06-02T03:00:00Z", "2026-06-02T03:30:00Z", 2),   // awake
            sleep("2026-06-02T03:30:00Z", "2026-06-02T06:00:00Z", 5),   // REM
            sleep("2026-06-01T21:30:00Z", "2026-06-02T06:30:00Z", 0),   // in bed
        ]
        let trend = HealthTrend(sleep: night, by: .day, calendar: Self.utc)
        let point = try #require(trend.points.first)
        #expect(trend.points.count == 1)
        #expect(point.value == 7.5 * 3600, "22:00–03:00 and 03:30–06:00")
        #expect(point.interval.start == ISO8601DateFormatter().date(from: "2026-06-02T00:00:00Z"), "the night counts on the day it ends")
    }
}
