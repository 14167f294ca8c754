import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

extension StoreConformance {
    /// Heart-rate values every 10 s from `TestObjects.morning`: 100, 101, …
    static func heartRateValues(_ count: Int, from offset: Double = 0) -> [TimedQuantity] {
        (0..<count).map { index in
            let date = TestObjects.morning.addingTimeInterval(offset + Double(10 * index))
            return TimedQuantity(start: date, end: date, value: 100 + Double(index))
        }
    }

    /// Series samples (HealthKit's series: one sample, many values; DECISIONS 172).
    static let seriesRules: [Rule] = [
        Rule(name: "a workout saved in parts keeps each part's values as one series sample, belonging to the workout") { store in
            let run = TestObjects.run()
            let route = TestObjects.route(for: run, count: 12)
            let unit = HealthUnit.countPerMinute
            let parts = [0..<20, 20..<30, 30..<31].map { range in
                var series = QuantitySampleSeries(type: .heartRate, unit: unit, source: run.source, device: nil)
                for index in range {
                    let date = run.startDate.addingTimeInterval(Double(index))
                    series.append(value: 120 + Double(index), start: date, end: date)
                }
                return series
            }
            try await ThreadBridge.run(label: "conformance") { () throws(any Error) in
                try store.saveStreamed(routeID: route.id, produce: { writer in
                    try writer.append(Array(route.locations[..<6]))
                    try writer.append(parts[0])
                    try writer.append(Array(route.locations[6...]))
                    try writer.append(parts[1])
                    try writer.append(parts[2])
                }, complete: {
                    (run, StreamedRoute(route: route, start: route.startDate!, end: route.endDate!, locationCount: 12))
                })
            }
            #expect(try await store.routes(forWorkout: run.id).first?.locations == route.locations)
            let samples = try await store.quantitySamples(matching: .heartRate, predicate: .workout(run.id))
            #expect(samples.map(\.count).sorted() == [1, 10, 20], "two series samples and the one-value part as an ordinary sample")
            var values: [Double] = []
            for sample in samples.sorted(by: { $0.startDate < $1.startDate }) {
                values += try #require(try await store.seriesValues(of: sample.id)).map(\.value)
            }
            #expect(values == (0..<31).map { 120 + Double($0) })
        },
        Rule(name: "a series sample is one sample of its values: count, span, mean, and its values in order") { store in
            let values = heartRateValues(30)
            let series = try QuantitySeriesSample(type: .heartRate, values: values.reversed(), source: TestObjects.watch)
            try await store.save(series)
            let stored = try #require(try await store.quantitySamples(matching: .heartRate).first)
            #expect(stored == series.sample && stored.count == 30)
            #expect(stored.startDate == values[0].start && stored.endDate == values[29].end)
            #expect(stored.quantity.value == 114.5, "the mean of 100…129")
            #expect(try await store.seriesValues(of: stored.id) == values)
            #expect(try await store.seriesValues(of: UUID()) == nil)
        },
        Rule(name: "statistics count a series' values by their own intervals, beside ordinary samples") { store in
            let series = try QuantitySeriesSample(type: .heartRate, values: heartRateValues(30), source: TestObjects.watch)
            let ordinary = TestObjects.heartRate(90, at: TestObjects.morning.addingTimeInterval(55), source: QueryFixtures.phone)
            try await store.save(series)
            try await store.save(ordinary)
            // Values 5…14 (105…114, at 50…140 s) and the ordinary 90 at 55 s fall in [50 s, 150 s).
            let cut = SamplePredicate.date(from: TestObjects.morning.addingTimeInterval(50), to: TestObjects.morning.addingTimeInterval(150))
            let statistics = try await store.statistics(for: .heartRate, predicate: cut,
                                                        options: [.average, .minimum, .maximum, .mostRecent, .separateBySource])
            #expect(statistics.sampleCount == 11)
            let expectedAverage: Double = (1095.0 + 90) / 11  // 105 + … + 114 = 1095
            #expect(statistics.average?.value == expectedAverage)
            #expect(statistics.minimum?.value == 90 && statistics.maximum?.value == 114 && statistics.mostRecent?.value == 114)
            #expect(statistics.bySource[TestObjects.watch.bundleIdentifier]?.sampleCount == 10)
            let series60 = try await store.quantitySeries(of: .heartRate, from: TestObjects.morning.addingTimeInterval(50),
                                                          to: TestObjects.morning.addingTimeInterval(70))
            #expect(series60.map(\.value) == [105, 90, 106], "both kinds, in time order")
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let minutes = try await store.statisticsCollection(for: .heartRate, options: [.average, .maximum], anchor: TestObjects.morning,
                                                               interval: DateComponents(minute: 1), from: TestObjects.morning,
                                                               to: TestObjects.morning.addingTimeInterval(300), calendar: calendar)
            #expect(minutes.statistics.map(\.sampleCount) == [7, 6, 6, 6, 6], "each value in the minute of its start (the ordinary sample in the first)")
            #expect(minutes.statistics.map { $0.maximum?.value } == [105, 111, 117, 123, 129])
        },
        Rule(name: "a cumulative series sums its values, and a day's sum takes the values of that day") { store in
            let midnight = Calendar(identifier: .gregorian).startOfDay(for: TestObjects.morning).addingTimeInterval(86_400)
            let steps: [TimedQuantity] = (0..<10).map { (index: Int) -> TimedQuantity in
                let start = midnight.addingTimeInterval(Double(60 * (index - 4)))
                return TimedQuantity(start: start, end: start.addingTimeInterval(60), value: Double(10 * (index + 1)))
            }
            let series = try QuantitySeriesSample(type: .stepCount, values: steps, source: TestObjects.watch)
            try await store.save(series)
            #expect(try await store.quantitySamples(matching: .stepCount).first?.quantity.value == 550)
            let before = try await store.statistics(for: .stepCount, predicate: .date(from: nil, to: midnight), options: [.sum])
            #expect(before.sum?.value == 100, "10 + 20 + 30 + 40 before midnight")
            let after = try await store.statistics(for: .stepCount, predicate: .date(from: midnight, to: nil), options: [.sum])
            #expect(after.sum?.value == 450)
        },
        Rule(name: "deleting a series sample deletes its values; its UUID is never reused") { store in
            let series = try QuantitySeriesSample(type: .heartRate, values: heartRateValues(20), source: TestObjects.watch)
            try await store.save(series)
            #expect(try await store.delete(id: series.sample.id))
            #expect(try await store.statistics(for: .heartRate, options: [.average]).sampleCount == 0)
            #expect(try await store.quantitySeries(of: .heartRate, from: .distantPast, to: .distantFuture).isEmpty)
            #expect(try await store.seriesValues(of: series.sample.id) == nil)
            let error = await #expect(throws: StoreError.self) { try await store.save(series) }
            #expect(error?.code == .deletedObject)
        },
        Rule(name: "a higher sync version replaces a whole series; an equal one is refused") { store in
            let metadata: (Int64) -> Metadata = { [.syncIdentifier: .string("ride-hr"), .syncVersion: .integer($0)] }
            let first = try QuantitySeriesSample(type: .heartRate, values: heartRateValues(30), source: TestObjects.watch, metadata: metadata(1))
            let second = try QuantitySeriesSample(type: .heartRate, values: heartRateValues(5, from: 1000), source: TestObjects.watch,
                                                  metadata: metadata(2))
            try await store.save(first)
            try await store.save(second)
            #expect(try await store.quantitySamples(matching: .heartRate).map(\.id) == [second.sample.id])
            #expect(try await store.statistics(for: .heartRate, options: [.average]).sampleCount == 5)
            let stale = try QuantitySeriesSample(type: .heartRate, values: heartRateValues(3), source: TestObjects.watch, metadata: metadata(2))
            let error = await #expect(throws: StoreError.self) { try await store.save(stale) }
            #expect(error?.code == .syncVersionNotHigher)
            #expect(try await store.seriesValues(of: second.sample.id)?.count == 5)
        },
        Rule(name: "a sample that claims many values cannot be saved without them") { store in
            let series = try QuantitySeriesSample(type: .heartRate, values: heartRateValues(4), source: TestObjects.watch)
            let error = await #expect(throws: StoreError.self) { try await store.save([.quantitySample(series.sample)]) }
            #expect(error?.code == .invalidObject)
            #expect(try await store.quantitySamples(matching: .heartRate).isEmpty)
        },
    ]
}
