import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

@Suite struct StatisticsCollectionTests {
    typealias F = QueryFixtures

    private var zurich: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Zurich")!
        return calendar
    }

    private func localMidnight(_ year: Int, _ month: Int, _ day: Int) -> Date {
        zurich.date(from: DateComponents(year: year, month: month, day: day))!
    }

    /// One step sample of value 1 per real hour from `start` to `end`.
    private func hourlySteps(from start: Date, to end: Date) -> [QuantitySample] {
        stride(from: start.timeIntervalSince1970, to: end.timeIntervalSince1970, by: 3600).map { time in
            let date = Date(timeIntervalSince1970: time)
            return F.steps(1, from: date, to: date.addingTimeInterval(3600))
        }
    }

    @Test(arguments: [(3, 29, 23.0), (10, 25, 25.0)])
    func daysFollowLocalMidnightAcrossDaylightSavingChanges(month: Int, day: Int, hours: Double) async throws {
        // Given hourly steps from the day before to the day after the change
        let start = localMidnight(2026, month, day - 1)
        let end = localMidnight(2026, month, day + 2)
        let store = try await F.store(hourlySteps(from: start, to: end))

        // When summed per local day
        let collection = try await store.statisticsCollection(for: .stepCount, anchor: start, interval: DateComponents(day: 1),
                                                        from: start, to: end, calendar: zurich)

        // Then the change day has 23 or 25 hours
        #expect(collection.statistics.map { $0.sum?.value } == [24, hours, 24])
        #expect(collection.statistics[1].interval == DateInterval(start: localMidnight(2026, month, day),
                                                                  end: localMidnight(2026, month, day + 1)))
        #expect(collection.statistics(for: localMidnight(2026, month, day).addingTimeInterval(7200))?.sum?.value == hours)
    }

    @Test func discreteAveragesPerDayIncludeEmptyDays() async throws {
        let start = localMidnight(2026, 3, 1)
        let samples = [F.heartRate(60, at: start.timeIntervalSince(F.base) + 3600),
                       F.heartRate(80, at: start.timeIntervalSince(F.base) + 7200),
                       F.heartRate(100, at: start.timeIntervalSince(F.base) + 2 * 86_400 + 60)]
        let store = try await F.store(samples)

        let collection = try await store.statisticsCollection(for: .heartRate, options: [.average, .maximum, .mostRecent],
                                                        anchor: start, interval: DateComponents(day: 1),
                                                        from: start, to: localMidnight(2026, 3, 4), calendar: zurich)

        #expect(collection.statistics.count == 3)
        #expect(collection.statistics.map { $0.average?.value } == [70, nil, 100])
        #expect(collection.statistics.map(\.sampleCount) == [2, 0, 1])
        #expect(collection.statistics[0].maximum?.value == 80)
        #expect(collection.statistics[0].mostRecent?.value == 80)
        var visited = 0
        collection.enumerateStatistics(from: start, to: localMidnight(2026, 3, 3)) { _ in visited += 1 }
        #expect(visited == 3)
    }

    @Test func cumulativeSamplesArePartitionedAndSourcesMergedPerInterval() async throws {
        // Given a watch sample spanning two hours and an overlapping phone sample
        let store = try await F.store([F.steps(200, from: F.at(1800), to: F.at(5400)),
                                 F.steps(100, from: F.at(3600), to: F.at(7200), source: F.phone)])
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!

        let collection = try await store.statisticsCollection(for: .stepCount, options: [.sum, .separateBySource], anchor: F.base,
                                                        interval: DateComponents(hour: 1), from: F.base, to: F.at(3 * 3600), calendar: utc)

        #expect(collection.statistics.map { $0.sum?.value } == [100, 150, nil])
        #expect(collection.statistics[1].bySource["com.example.phone"]?.sum?.value == 100)
    }

    @Test func monthlyAndWeeklyIntervalsAndAnAnchorBeforeTheRange() async throws {
        let store = try await F.store([F.heartRate(70, at: 0)])
        let collection = try await store.statisticsCollection(for: .heartRate, anchor: localMidnight(2025, 1, 31), interval: DateComponents(month: 1),
                                                        from: localMidnight(2025, 12, 15), to: localMidnight(2026, 2, 1), calendar: zurich)

        #expect(collection.statistics.map { $0.interval!.start } == [localMidnight(2025, 11, 30), localMidnight(2025, 12, 31), localMidnight(2026, 1, 31)])
        #expect(collection.statistics[1].average?.value == 70)
    }

    @Test func badIntervalsAndRangesAreErrors() async throws {
        let store = try HealthStore.inMemory()
        func code(_ interval: DateComponents, from: Date = F.base, to: Date = F.at(86_400)) async -> StoreError.Code? {
            do {
                _ = try await store.statisticsCollection(for: .stepCount, anchor: F.base, interval: interval, from: from, to: to, calendar: zurich)
                return nil
            } catch {
                return error.code
            }
        }

        await #expect(code(DateComponents(day: 0)) == .invalidInterval)
        await #expect(code(DateComponents(day: -1)) == .invalidInterval)
        await #expect(code(DateComponents()) == .invalidInterval)
        await #expect(code(DateComponents(weekday: 2)) == .invalidInterval)
        await #expect(code(DateComponents(day: 1), from: F.at(86_400), to: F.base) == .invalidDateRange)
        await #expect(code(DateComponents(second: 1), to: F.at(86_400 * 365)) == .tooManyIntervals)
        await #expect(code(DateComponents(day: 1)) == nil)
    }
}
