import Foundation
import GRDB
import PaceModel
@testable import PaceStore
import PaceTestSupport
import Testing

/// Series samples (DECISIONS 172): one sample of many values. Every statistic must be what the same
/// values give as ordinary samples — the store of ordinary samples is the oracle — and the rollups,
/// deletes, sync replacement and refusals must keep that true.
@Suite struct SeriesSampleTests {
    typealias F = QueryFixtures

    /// 2026-03-25 00:00 UTC.
    private static let day = Date(timeIntervalSince1970: 1_774_396_800)

    /// Heart-rate values every 7 s over five hours from 23:00, and steps every minute over two days
    /// (crossing midnight, so sums split across days), in shuffled order.
    private static func values(seed: UInt64 = 11) -> (heart: [[TimedQuantity]], steps: [TimedQuantity]) {
        var random = SeededRandom(seed: seed)
        let start = day.addingTimeInterval(-3600)
        var heart: [[TimedQuantity]] = [[], [], []]
        for index in 0..<(5 * 3600 / 7) {
            let date = start.addingTimeInterval(Double(7 * index))
            let value = (random.uniform(in: 60...185) * 10).rounded() / 10
            heart[index * 3 / (5 * 3600 / 7)].append(TimedQuantity(start: date, end: date, value: value))
        }
        let steps = (0..<(2 * 1440)).map { minute in
            let date = day.addingTimeInterval(Double(60 * minute) - 43_200)
            return TimedQuantity(start: date, end: date.addingTimeInterval(60), value: (random.uniform(in: 0...120)).rounded())
        }
        return (heart.map { $0.reversed() }, steps.reversed())
    }

    private static func ordinary(_ type: QuantityTypeIdentifier, _ values: [TimedQuantity], source: Source) -> [HealthObject] {
        values.map {
            .quantitySample(QuantitySample(type: type, quantity: Quantity(value: $0.value, unit: type.canonicalUnit),
                                           start: $0.start, end: $0.end, source: source))
        }
    }

    /// The same values in two stores: as ordinary samples in the first, as series samples in the
    /// second; both also hold the same ordinary heart rates of a second source.
    private static func stores() async throws -> (ordinary: HealthStore, series: HealthStore, seriesIDs: [UUID]) {
        let (heart, steps) = values()
        let plain = try HealthStore.inMemory()
        let series = try HealthStore.inMemory()
        // Half a second off the watch's whole seconds: no two values end at once, so "most recent" has one answer.
        let others: [HealthObject] = (0..<200).map { index in
            let date = day.addingTimeInterval(Double(index * 97) + 0.5)
            return .quantitySample(QuantitySample(type: .heartRate, quantity: Quantity(value: 70 + Double(index % 50), unit: .countPerMinute),
                                                  start: date, end: date, source: F.phone))
        }
        for store in [plain, series] { try await store.save(others) }
        try await plain.save(heart.flatMap { ordinary(.heartRate, $0, source: F.watch) } + ordinary(.stepCount, steps, source: F.watch))
        var ids: [UUID] = []
        for part in heart {
            let sample = try QuantitySeriesSample(type: .heartRate, values: part, source: F.watch)
            try await series.save(sample)
            ids.append(sample.sample.id)
        }
        let stepSeries = try QuantitySeriesSample(type: .stepCount, values: steps, source: F.watch)
        try await series.save(stepSeries)
        ids.append(stepSeries.sample.id)
        return (plain, series, ids)
    }

    private static func calendar() -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }

    private static func same(_ a: QuantityStatistics, _ b: QuantityStatistics, _ what: String) {
        #expect(a.sampleCount == b.sampleCount, "\(what): count")
        for (x, y, name) in [(a.average, b.average, "average"), (a.minimum, b.minimum, "minimum"), (a.maximum, b.maximum, "maximum"),
                             (a.sum, b.sum, "sum"), (a.mostRecent, b.mostRecent, "most recent")] {
            #expect((x == nil) == (y == nil), "\(what): \(name) present")
            if let x, let y { #expect(abs(x.value - y.value) < 1e-6, "\(what): \(name) \(x.value) vs \(y.value)") }
        }
        #expect(a.mostRecentInterval == b.mostRecentInterval, "\(what): most recent interval")
        #expect(Set(a.bySource.keys) == Set(b.bySource.keys), "\(what): sources")
        for (source, own) in a.bySource { if let other = b.bySource[source] { same(own, other, "\(what) [\(source)]") } }
    }

    /// The statistics that must agree: whole-store and cut by dates that fall inside a series, by
    /// source, with the most recent value; collections on the rollup path (15 min, hours) and on the
    /// samples' path (a predicate, and 20-minute intervals); and the series read.
    private static func compare(_ plain: HealthStore, _ series: HealthStore) async throws {
        let cut = SamplePredicate.date(from: day.addingTimeInterval(-1234.5), to: day.addingTimeInterval(5000))
        for predicate in [SamplePredicate.all, cut, .source(F.watch.bundleIdentifier), cut && .source(F.phone.bundleIdentifier)] {
            for options: StatisticsOptions in [[.average, .minimum, .maximum, .mostRecent, .separateBySource], [.mostRecent]] {
                same(try await plain.statistics(for: .heartRate, predicate: predicate, options: options),
                     try await series.statistics(for: .heartRate, predicate: predicate, options: options), "heart rate \(predicate)")
            }
            same(try await plain.statistics(for: .stepCount, predicate: predicate, options: [.sum, .separateBySource]),
                 try await series.statistics(for: .stepCount, predicate: predicate, options: [.sum, .separateBySource]), "steps \(predicate)")
        }
        let calendar = calendar()
        let from = day.addingTimeInterval(-86_400), to = day.addingTimeInterval(86_400)
        for (interval, predicate) in [(DateComponents(minute: 15), SamplePredicate.all), (DateComponents(hour: 1), .all),
                                      (DateComponents(minute: 20), .all), (DateComponents(hour: 1), .source(F.watch.bundleIdentifier) && cut)] {
            let options: StatisticsOptions = [.average, .minimum, .maximum, .mostRecent, .separateBySource]
            let a = try await plain.statisticsCollection(for: .heartRate, predicate: predicate, options: options, anchor: day,
                                                         interval: interval, from: from, to: to, calendar: calendar)
            let b = try await series.statisticsCollection(for: .heartRate, predicate: predicate, options: options, anchor: day,
                                                          interval: interval, from: from, to: to, calendar: calendar)
            #expect(a.statistics.count == b.statistics.count)
            for (x, y) in zip(a.statistics, b.statistics) { same(x, y, "collection \(interval) at \(x.interval!.start)") }
        }
        let a = try await plain.statisticsCollection(for: .stepCount, options: [.sum], anchor: day, interval: DateComponents(day: 1),
                                                     from: from, to: to, calendar: calendar)
        let b = try await series.statisticsCollection(for: .stepCount, options: [.sum], anchor: day, interval: DateComponents(day: 1),
                                                      from: from, to: to, calendar: calendar)
        for (x, y) in zip(a.statistics, b.statistics) { same(x, y, "daily steps at \(x.interval!.start)") }
        for type in [QuantityTypeIdentifier.heartRate, .stepCount] {
            #expect(try await plain.quantitySeries(of: type, from: day.addingTimeInterval(-2000), to: day.addingTimeInterval(9000))
                == (try await series.quantitySeries(of: type, from: day.addingTimeInterval(-2000), to: day.addingTimeInterval(9000))))
        }
        for table in ["quantityRollup", "quantityRollupHour"] {
            let sql = "SELECT typeIdentifier, bucket, sourceBundleIdentifier, sampleCount, round(total, 6), minimum, maximum FROM \(table) ORDER BY 1, 2, 3"
            let rowsA = try plain.writer.read { try Row.fetchAll($0, sql: sql) }
            let rowsB = try series.writer.read { try Row.fetchAll($0, sql: sql) }
            #expect(rowsA == rowsB, "\(table)")
        }
    }

    @Test func statisticsOfSeriesEqualThoseOfTheSameValuesAsSamples() async throws {
        let (plain, series, _) = try await Self.stores()
        try await Self.compare(plain, series)
    }

    @Test func aSeriesIsOneSampleWithItsCountSummaryAndValues() async throws {
        let (_, series, ids) = try await Self.stores()
        let (heart, steps) = Self.values()
        let samples = try await series.quantitySamples(matching: .heartRate, predicate: .source(F.watch.bundleIdentifier))
        #expect(samples.map(\.id) == Array(ids.prefix(3)))
        for (sample, part) in zip(samples, heart) {
            let ordered = part.sorted { $0.start < $1.start }
            let mean = part.map(\.value).reduce(0, +) / Double(part.count)
            #expect(sample.count == part.count)
            #expect(sample.startDate == ordered.first?.start && sample.endDate == ordered.last?.end)
            #expect(abs(sample.quantity.value - mean) < 1e-9, "a discrete series' mean")
            #expect(try await series.seriesValues(of: sample.id) == ordered)
        }
        let step = try #require(try await series.quantitySamples(matching: .stepCount).first)
        let total = steps.map(\.value).reduce(0, +)
        #expect(step.count == steps.count && step.quantity.value == total, "a cumulative series' sum")
        let ordinary = try #require(try await series.quantitySamples(matching: .heartRate, predicate: .source(F.phone.bundleIdentifier)).first)
        #expect(ordinary.count == 1)
        #expect(try await series.seriesValues(of: ordinary.id)?.count == 1)
        #expect(try await series.seriesValues(of: UUID()) == nil)
        #expect(try await series.object(id: ids[0]) == .quantitySample(samples[0]))
    }

    @Test func deletingASeriesTakesItsValuesOutOfEveryStatistic() async throws {
        let (plain, series, ids) = try await Self.stores()
        let (heart, _) = Self.values()
        let middle = try await plain.quantitySamples(matching: .heartRate, predicate: .source(F.watch.bundleIdentifier))
            .filter { sample in heart[1].contains { $0.start == sample.startDate } }
        #expect(middle.count == heart[1].count)
        #expect(try await plain.delete(ids: middle.map(\.id)) == middle.count)
        #expect(try await series.delete(id: ids[1]))
        try await Self.compare(plain, series)
        let left = try await series.writer.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM quantitySeriesValue WHERE anchor NOT IN (SELECT anchor FROM healthObject)") }
        #expect(left == 0, "no value outlives its series")
        let again = try QuantitySeriesSample(id: ids[1], type: .heartRate, values: heart[1], source: F.watch)
        do {
            try await series.save(again)
            Issue.record("a deleted series' UUID was reused")
        } catch { #expect(error.code == .deletedObject) }
    }

    @Test func aHigherSyncVersionReplacesTheWholeSeries() async throws {
        let store = try HealthStore.inMemory()
        let start = Self.day
        let first = (0..<50).map { TimedQuantity(start: start.addingTimeInterval(Double($0)), end: start.addingTimeInterval(Double($0)), value: 100) }
        let second = (0..<20).map { TimedQuantity(start: start.addingTimeInterval(Double($0)), end: start.addingTimeInterval(Double($0)), value: 150) }
        func metadata(_ version: Int) -> Metadata { [.syncIdentifier: .string("ride-1"), .syncVersion: .integer(Int64(version))] }
        try await store.save(QuantitySeriesSample(type: .heartRate, values: first, source: F.watch, metadata: metadata(1)))
        let replacement = try QuantitySeriesSample(type: .heartRate, values: second, source: F.watch, metadata: metadata(2))
        try await store.save(replacement)
        let statistics = try await store.statistics(for: .heartRate, options: [.average, .minimum])
        #expect(statistics.sampleCount == 20 && statistics.average?.value == 150 && statistics.minimum?.value == 150)
        #expect(try await store.quantitySamples(matching: .heartRate).map(\.id) == [replacement.sample.id])
        let equal = try QuantitySeriesSample(type: .heartRate, values: first, source: F.watch, metadata: metadata(2))
        do {
            try await store.save(equal)
            Issue.record("an equal sync version replaced the series")
        } catch { #expect(error.code == .syncVersionNotHigher) }
        #expect(try await store.quantitySeries(of: .heartRate, from: start, to: start.addingTimeInterval(100)).count == 20)
    }

    @Test func badSeriesAreRefusedWithTheValueThatIsWrong() async throws {
        let start = Self.day
        let good = TimedQuantity(start: start, end: start, value: 80)
        #expect(throws: InvalidObjectError.self) { try QuantitySeriesSample(type: .heartRate, values: [good]) }
        do {
            _ = try QuantitySeriesSample(type: .heartRate, values: [good, TimedQuantity(start: start, end: start, value: .nan)])
            Issue.record("a NaN value was taken")
        } catch { #expect(error.field == "values[1]") }
        do {
            _ = try QuantitySeriesSample(type: .heartRate, values: [good, TimedQuantity(start: start, end: start.addingTimeInterval(-1), value: 80)])
            Issue.record("a value ending before it starts was taken")
        } catch { #expect(error.field == "values[1]") }
        // A series sample cannot enter through a batch, whatever its JSON says: its values would be lost.
        let json = try JSONEncoder().encode(F.heartRate(90, at: 0))
        var object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        object["count"] = 40
        let decoded = try JSONDecoder().decode(QuantitySample.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(decoded.count == 40)
        let store = try HealthStore.inMemory()
        do {
            try await store.save([.quantitySample(decoded)])
            Issue.record("a series sample without values was saved")
        } catch { #expect(error.code == .invalidObject && error.message.contains("count")) }
        #expect(try await store.quantitySamples(matching: .heartRate).isEmpty)
    }

    @Test func anOrdinarySamplesJSONHasNoCount() throws {
        let sample = F.heartRate(90, at: 0)
        let text = String(decoding: try JSONEncoder().encode(sample), as: UTF8.self)
        #expect(!text.contains("\"count\""))
        #expect(try JSONDecoder().decode(QuantitySample.self, from: Data(text.utf8)) == sample)
        let series = try QuantitySeriesSample(type: .heartRate, values: [TimedQuantity(start: Self.day, end: Self.day, value: 80),
                                                                          TimedQuantity(start: Self.day, end: Self.day, value: 90)])
        let round = try JSONDecoder().decode(QuantitySample.self, from: JSONEncoder().encode(series.sample))
        #expect(round == series.sample && round.count == 2)
    }
}
