import Foundation
import GRDB
import PaceModel
@testable import PaceStore
import PaceTestSupport
import Testing

/// Statistics collections of discrete types are answered from the 15-minute rollup when the
/// interval boundaries allow it; these tests hold every answer to the samples themselves.
@Suite struct StatisticsRollupTests {
    typealias F = QueryFixtures

    private static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    /// Heart rates from two sources over ten days around the spring daylight-saving change,
    /// including samples exactly on and a millisecond before 15-minute boundaries.
    private static func samples(seed: UInt64 = 7) -> [QuantitySample] {
        var random = SeededRandom(seed: seed)
        let start = Date(timeIntervalSince1970: 1_774_396_800) // 2026-03-25 00:00 UTC
        var samples: [QuantitySample] = []
        for index in 0..<3000 {
            var offset = random.uniform(in: 0...(10 * 86_400)).rounded()
            if index % 10 == 0 { offset = (offset / 900).rounded(.down) * 900 }
            if index % 10 == 1 { offset = (offset / 900).rounded(.down) * 900 - 0.001 }
            let date = start.addingTimeInterval(offset)
            let value = (random.uniform(in: 50...190) * 10).rounded() / 10
            samples.append(QuantitySample(type: .heartRate, quantity: Quantity(value: value, unit: .countPerMinute),
                                          start: date, end: date, source: index % 3 == 0 ? F.phone : F.watch))
        }
        return samples
    }

    /// The statistics computed from `samples` in Swift: a sample belongs to the interval holding its start.
    private static func expected(_ samples: [QuantitySample], intervals: [DateInterval], sources: Set<String>? = nil)
        -> [(count: Int, average: Double?, minimum: Double?, maximum: Double?)]
    {
        intervals.map { interval in
            let values = samples.filter {
                $0.startDate >= interval.start && $0.startDate < interval.end
                    && (sources?.contains($0.source.bundleIdentifier) ?? true)
            }.map(\.quantity.value)
            return (values.count, values.isEmpty ? nil : values.reduce(0, +) / Double(values.count), values.min(), values.max())
        }
    }

    private static func check(_ collection: StatisticsCollection, against samples: [QuantitySample], sources: Set<String>? = nil) {
        let intervals = collection.statistics.map { $0.interval! }
        let expected = expected(samples, intervals: intervals, sources: sources)
        #expect(collection.statistics.count == expected.count)
        for (statistics, want) in zip(collection.statistics, expected) {
            #expect(statistics.sampleCount == want.count, "\(statistics.interval!)")
            #expect(statistics.minimum?.value == want.minimum)
            #expect(statistics.maximum?.value == want.maximum)
            if let average = want.average {
                #expect(abs((statistics.average?.value ?? .nan) - average) < 1e-9)
            } else {
                #expect(statistics.average == nil)
            }
        }
    }

    private static let allOptions: StatisticsOptions = [.average, .minimum, .maximum]

    @Test(arguments: [("UTC", 1, 0), ("Europe/Zurich", 1, 0), ("Asia/Kolkata", 1, 0), ("Asia/Kathmandu", 0, 1)])
    func rollupAnswersEqualTheSamples(zone: String, days: Int, hours: Int) async throws {
        // Given heart rates in a store, and intervals of a day (or an hour) at local midnight in a zone
        // whose offset is a whole hour, a half hour or 45 minutes
        let samples = Self.samples()
        let store = try await F.store(samples)
        let calendar = Self.calendar(zone)
        let anchor = calendar.date(from: DateComponents(year: 2026, month: 3, day: 25))!
        let end = calendar.date(from: DateComponents(year: 2026, month: 4, day: 5))!

        // When collected over all samples and over one source
        let interval = DateComponents(day: days, hour: hours)
        let all = try await store.statisticsCollection(for: .heartRate, options: Self.allOptions, anchor: anchor,
                                                 interval: interval, from: anchor, to: end, calendar: calendar)
        let watchOnly = try await store.statisticsCollection(for: .heartRate, predicate: .source(F.watch.bundleIdentifier),
                                                       options: Self.allOptions, anchor: anchor, interval: interval,
                                                       from: anchor, to: end, calendar: calendar)

        // Then every interval holds exactly the statistics of its samples
        Self.check(all, against: samples)
        Self.check(watchOnly, against: samples, sources: [F.watch.bundleIdentifier])
        #expect(all.statistics.reduce(0) { $0 + $1.sampleCount } == samples.count)
    }

    @Test func separateBySourceAndMostRecentAgreeWithTheSamples() async throws {
        let samples = Self.samples(seed: 11)
        let store = try await F.store(samples)
        let calendar = Self.calendar("Europe/Zurich")
        let anchor = calendar.date(from: DateComponents(year: 2026, month: 3, day: 25))!
        let end = calendar.date(from: DateComponents(year: 2026, month: 4, day: 5))!

        let collection = try await store.statisticsCollection(for: .heartRate, options: [.average, .mostRecent, .separateBySource],
                                                        anchor: anchor, interval: DateComponents(day: 1),
                                                        from: anchor, to: end, calendar: calendar)

        for statistics in collection.statistics {
            let interval = statistics.interval!
            let inside = samples.filter { $0.startDate >= interval.start && $0.startDate < interval.end }
            let latest = inside.max { $0.endDate < $1.endDate }
            #expect(statistics.mostRecent?.value == latest?.quantity.value)
            for source in [F.watch, F.phone] {
                let own = inside.filter { $0.source == source }.map(\.quantity.value)
                let perSource = statistics.bySource[source.bundleIdentifier]
                #expect(perSource?.sampleCount ?? 0 == own.count)
                if !own.isEmpty {
                    #expect(abs((perSource?.average?.value ?? .nan) - own.reduce(0, +) / Double(own.count)) < 1e-9)
                }
            }
        }
    }

    @Test func deletionsAndSyncReplacementsKeepTheRollupExact() async throws {
        // Given a store from which a third of the samples is deleted and others are replaced by sync identifier
        var samples = Self.samples(seed: 3)
        for index in samples.indices where index % 5 == 0 {
            samples[index].metadata.syncIdentifier = "reading-\(index)"
            samples[index].metadata.syncVersion = 1
        }
        let store = try await F.store(samples)
        let deleted = samples.indices.filter { $0 % 3 == 1 }
        _ = try await store.delete(ids: deleted.map { samples[$0].id })
        var kept = samples.indices.filter { $0 % 3 != 1 }.map { samples[$0] }
        var replacements: [QuantitySample] = []
        for index in kept.indices where kept[index].metadata.syncIdentifier != nil && index % 2 == 0 {
            var replacement = kept[index]
            replacement = QuantitySample(type: .heartRate, quantity: Quantity(value: 42, unit: .countPerMinute),
                                         start: replacement.startDate.addingTimeInterval(3600), end: replacement.endDate.addingTimeInterval(3600),
                                         source: replacement.source, metadata: replacement.metadata)
            replacement.metadata.syncVersion = 2
            replacements.append(replacement)
            kept[index] = replacement
        }
        try await store.save(replacements.map { .quantitySample($0) })

        // When collected per hour in UTC
        let calendar = Self.calendar("UTC")
        let anchor = Date(timeIntervalSince1970: 1_774_396_800)
        let collection = try await store.statisticsCollection(for: .heartRate, options: Self.allOptions, anchor: anchor,
                                                        interval: DateComponents(hour: 1), from: anchor,
                                                        to: anchor.addingTimeInterval(11 * 86_400), calendar: calendar)

        // Then the rollup counts exactly the samples that remain, and the answers are theirs
        #expect(!replacements.isEmpty)
        let rolledUp = try await store.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT sum(sampleCount) FROM quantityRollup WHERE typeIdentifier = 'HKQuantityTypeIdentifierHeartRate'")
        }
        #expect(rolledUp == kept.count)
        // and the hourly rollup is exactly its quarters added up, hour by hour
        let mismatches = try await store.writer.read { db in
            try Int.fetchOne(db, sql: """
                SELECT count(*) FROM (
                    SELECT typeIdentifier, (bucket - (((bucket % 4) + 4) % 4)) / 4 AS hour, sourceBundleIdentifier,
                           sum(sampleCount) AS n, min(minimum) AS lo, max(maximum) AS hi, sum(total) AS t
                    FROM quantityRollup GROUP BY 1, 2, 3) q
                FULL OUTER JOIN quantityRollupHour h
                    ON h.typeIdentifier = q.typeIdentifier AND h.bucket = q.hour AND h.sourceBundleIdentifier = q.sourceBundleIdentifier
                WHERE h.sampleCount IS NOT q.n OR h.minimum IS NOT q.lo OR h.maximum IS NOT q.hi OR abs(h.total - q.t) > 1e-6
                    OR h.total IS NULL OR q.t IS NULL
                """)
        }
        #expect(mismatches == 0)
        Self.check(collection, against: kept)
    }

    @Test func intervalsOffTheBucketGridAreStillExact() async throws {
        // A 10-minute interval and an anchor at 00:05 do not fall on 15-minute boundaries.
        let samples = Self.samples(seed: 5)
        let store = try await F.store(samples)
        let anchor = Date(timeIntervalSince1970: 1_774_396_800 + 300)
        for interval in [DateComponents(minute: 10), DateComponents(day: 1)] {
            let collection = try await store.statisticsCollection(for: .heartRate, options: Self.allOptions, anchor: anchor,
                                                            interval: interval, from: anchor,
                                                            to: anchor.addingTimeInterval(2 * 86_400), calendar: Self.calendar("UTC"))
            Self.check(collection, against: samples)
        }
    }

    @Test func storedValuesBehindTheRollupCannotBeChangedInPlace() async throws {
        let sample = F.heartRate(60, at: 0)
        let store = try await F.store([sample])
        #expect(throws: DatabaseError.self) {
            try store.writer.write { db in
                try db.execute(sql: "UPDATE healthObject SET startDate = startDate + 60 WHERE uuid = ?", arguments: [sample.id.uuidString])
            }
        }
        #expect(throws: DatabaseError.self) {
            try store.writer.write { db in
                try db.execute(sql: "UPDATE quantitySample SET canonicalValue = 61")
            }
        }
    }

    @Test func migratingAnExistingStoreFillsTheRollup() async throws {
        // Given a store written before the rollup migration (v5's layout, rows as that release wrote them)
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("store.sqlite").path
        let samples = Self.samples(seed: 9)
        do {
            let queue = try DatabaseQueue(path: path)
            try StoreSchema.migrator.migrate(queue, upTo: "v5-anchor-indexes")
            try await queue.write { db in try LegacyStoreWriter.write(samples.map { .quantitySample($0) }, layout: .v6, db) }
            try queue.close()
        }

        // When it is opened again (the migration runs)
        let store = try HealthStore(path: path)
        let calendar = Self.calendar("Europe/Zurich")
        let anchor = calendar.date(from: DateComponents(year: 2026, month: 3, day: 25))!
        let collection = try await store.statisticsCollection(for: .heartRate, options: Self.allOptions, anchor: anchor,
                                                        interval: DateComponents(day: 1), from: anchor,
                                                        to: anchor.addingTimeInterval(11 * 86_400), calendar: calendar)

        // Then the rollup answers for the samples saved before
        Self.check(collection, against: samples)
    }
}
