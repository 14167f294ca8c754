import Foundation
@testable import PaceCLI
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

@Suite struct StatsCommandTests {
    let directory: TemporaryDirectory
    let zurich = TimeZone(identifier: "Europe/Zurich")!

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// A store with one step sample per real hour over 2026-03-28…30 (Zurich) and two heart rates.
    private func makeStore() async throws -> String {
        let path = directory.path("health.sqlite")
        let store = try HealthStore(path: path)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zurich
        let start = calendar.date(from: DateComponents(year: 2026, month: 3, day: 28))!
        var objects: [HealthObject] = (0..<71).map { hour in
            let date = start.addingTimeInterval(Double(hour) * 3600)
            return .quantitySample(QuantitySample(type: .stepCount, quantity: Quantity(value: 1, unit: .count),
                                                  start: date, end: date.addingTimeInterval(3600)))
        }
        for (value, hour) in [(60.0, 30.0), (80, 31)] {
            let date = start.addingTimeInterval(hour * 3600)
            objects.append(.quantitySample(QuantitySample(type: .heartRate, quantity: Quantity(value: value, unit: .countPerMinute),
                                                          start: date, end: date)))
        }
        try await store.save(objects)
        return path
    }

    private func report(_ arguments: [String]) async throws -> String {
        try await StatsCommand.parsed(arguments).report(timeZone: zurich)
    }

    @Test func sumsStepsPerLocalDayAcrossTheSpringChange() async throws {
        defer { directory.remove() }
        let store = try await makeStore()

        let text = try await report(["stepCount", "--from", "2026-03-28", "--to", "2026-03-31", "--by", "day", "--store", store])

        #expect(text == """
            START             SUM       SAMPLES
            2026-03-28 00:00  24 count  24
            2026-03-29 00:00  23 count  23
            2026-03-30 00:00  24 count  24
            """)
    }

    @Test func averagesHeartRateByDefaultAndShowsEmptyIntervals() async throws {
        defer { directory.remove() }
        let store = try await makeStore()

        let text = try await report(["heartRate", "--from", "2026-03-29", "--to", "2026-03-31", "--store", store])

        #expect(text == """
            START             AVERAGE       SAMPLES
            2026-03-29 00:00  70 count/min  2
            2026-03-30 00:00  -             0
            """)
    }

    @Test func printsJSON() async throws {
        defer { directory.remove() }
        let store = try await makeStore()

        let text = try await report(["heartRate", "--from", "2026-03-29T00:00:00+01:00", "--to", "2026-03-29T12:00:00+02:00",
                               "--by", "hour", "--max", "--json", "--store", store])

        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(json["statistic"] as? String == "maximum")
        #expect(json["unit"] as? String == "count/min")
        let intervals = try #require(json["intervals"] as? [[String: Any]])
        #expect(intervals.count == 11)
        #expect(intervals.compactMap { $0["value"] as? Double } == [60, 80])
        #expect(intervals.first?["start"] as? String == "2026-03-28T23:00:00.000Z")
    }

    @Test func wrongStatisticsAndTypesAreClearErrors() async throws {
        defer { directory.remove() }
        let store = try await makeStore()

        await #expect(throws: StoreError.self) {
            try await report(["heartRate", "--from", "2026-03-29", "--to", "2026-03-30", "--sum", "--store", store])
        }
        await #expect(throws: (any Error).self) {
            try await report(["sleepAnalysis", "--from", "2026-03-29", "--to", "2026-03-30", "--store", store])
        }
        #expect(throws: (any Error).self) {
            try StatsCommand.parsed(["heartRate", "--from", "yesterday", "--to", "2026-03-30"])
        }
        #expect(throws: (any Error).self) {
            try StatsCommand.parsed(["heartRate", "--from", "2026-03-29", "--to", "2026-03-30", "--by", "fortnight"])
        }
    }
}
