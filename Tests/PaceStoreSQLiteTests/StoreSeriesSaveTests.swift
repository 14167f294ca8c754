import Foundation
import GRDB
import PaceModel
@testable import PaceStore
import PaceTestSupport
import Testing

/// A `QuantitySampleSeries` written beside a streamed workout (`StreamedWorkoutWriter.append(_:)`) is
/// one series sample of its values (DECISIONS 172): the same values, rollups and workout as the same
/// samples written as objects (`append(samples:)`); a bad value refuses the whole save.
@Suite struct StoreSeriesSaveTests {
    typealias T = TestObjects

    /// A series of `count` heart rates a second apart from the workout's start, in `unit`.
    static func series(for workout: Workout, count: Int, unit: HealthUnit = .countPerMinute) -> QuantitySampleSeries {
        var series = QuantitySampleSeries(type: .heartRate, unit: unit, source: T.watch, device: T.strap)
        for index in 0..<count {
            let date = workout.startDate.addingTimeInterval(Double(index))
            series.append(value: 100 + Double(index % 70) / 3, start: date, end: date)
        }
        return series
    }

    static func objects(_ series: QuantitySampleSeries) -> [HealthObject] {
        (0..<series.count).map { .quantitySample(series.sample(at: $0)) }
    }

    /// Saves `run` with samples written by `write`, returning the error, if any.
    static func save(_ run: Workout, into store: HealthStore,
                     _ write: @escaping @Sendable (inout StreamedWorkoutWriter) throws -> Void) async -> StoreError? {
        await ThreadBridge.run(label: "test") { () throws(Never) -> StoreError? in
            do {
                try store.saveStreamed(routeID: nil, produce: write, complete: { (run, nil) })
                return nil
            } catch { return error as? StoreError }
        }
    }

    /// Every row a sample save touches, `savedAt` left out, in anchor order.
    static func rows(_ store: HealthStore) throws -> [[DatabaseValue]] {
        try store.writer.read { db in
            try [
                "SELECT h.uuid, h.kind, h.typeIdentifier, h.startDate, h.endDate, h.anchor, h.sourceName, h.sourceBundleIdentifier,"
                    + " h.sourceVersion, h.sourceProductType, h.sourceOperatingSystemVersion, h.deviceID, h.metadata, h.syncIdentifier,"
                    + " h.syncVersion, q.value, q.unit, q.canonicalValue FROM healthObject h LEFT JOIN quantitySample q USING (anchor)"
                    + " ORDER BY h.anchor",
                "SELECT * FROM device ORDER BY id",
                "SELECT * FROM workoutSample ORDER BY workoutAnchor, sampleAnchor",
                "SELECT * FROM quantityRollup ORDER BY typeIdentifier, bucket, sourceBundleIdentifier",
                "SELECT * FROM quantityRollupHour ORDER BY typeIdentifier, bucket, sourceBundleIdentifier",
                "SELECT uuid, kind, typeIdentifier, anchor FROM tombstone ORDER BY anchor",
                "SELECT lastAnchor FROM storeState",
                "SELECT count(*) FROM rollupDeferral",
            ].flatMap { sql in try Row.fetchAll(db, sql: sql).map { Array($0.databaseValues) } }
        }
    }

    /// The values, rollups and associations a save leaves: what every statistic reads.
    static func values(_ store: HealthStore, workout: Workout) async throws -> (series: [TimedQuantity], rollups: [[DatabaseValue]], associated: Int) {
        let series = try await store.quantitySeries(of: .heartRate, from: .distantPast, to: .distantFuture)
        let rollups = try await store.writer.read { db in
            try ["quantityRollup", "quantityRollupHour"].flatMap { table in
                try Row.fetchAll(db, sql: "SELECT typeIdentifier, bucket, sourceBundleIdentifier, sampleCount, round(total, 6), minimum, maximum FROM \(table) ORDER BY 1, 2, 3")
                    .map { Array($0.databaseValues) }
            }
        }
        var associated = 0
        for sample in try await store.quantitySamples(matching: .heartRate, predicate: .workout(workout.id)) { associated += sample.count }
        return (series, rollups, associated)
    }

    @Test(arguments: [HealthUnit.countPerMinute, HealthUnit.count / .second])
    func aPartIsStoredAsOneSeriesSampleOfItsValues(unit: HealthUnit) async throws {
        // A long part, and a part of one sample (which stays an ordinary sample).
        let run = T.run()
        let parts = [Self.series(for: run, count: SampleChunk.maximumRows * 2 + 5, unit: unit), Self.series(for: run, count: 1, unit: unit)]
        let asSeries = try HealthStore.inMemory(), asObjects = try HealthStore.inMemory()

        #expect(await Self.save(run, into: asSeries) { writer in for part in parts { try writer.append(part) } } == nil)
        #expect(await Self.save(run, into: asObjects) { writer in for part in parts { try writer.append(samples: Self.objects(part)) } } == nil)

        let samples = try await asSeries.quantitySamples(matching: .heartRate)
        #expect(samples.map(\.count) == [SampleChunk.maximumRows * 2 + 5, 1], "one series sample, one ordinary sample")
        #expect(samples.allSatisfy { $0.source == T.watch && $0.device == T.strap })
        let stored = try await Self.values(asSeries, workout: run), expected = try await Self.values(asObjects, workout: run)
        #expect(stored.series.count == SampleChunk.maximumRows * 2 + 6)
        for (a, b) in zip(stored.series, expected.series) {
            #expect(a.start == b.start && a.end == b.end && abs(a.value - b.value) < 1e-9)
        }
        #expect(stored.rollups == expected.rollups, "the rollups count each value once, in the bucket of its time")
        #expect(stored.associated == expected.associated, "every value belongs to the workout")
        #expect(try store(asSeries, count: "SELECT count(*) FROM rollupDeferral") == 0)
    }

    private func store(_ store: HealthStore, count sql: String) throws -> Int? {
        try store.writer.read { db in try Int.fetchOne(db, sql: sql) }
    }

    @Test func anInvalidValueRefusesThePartAndNothingIsSaved() async throws {
        let run = T.run()
        var building = Self.series(for: run, count: 30)
        building.append(value: .nan, start: run.startDate, end: run.startDate)
        let series = building
        let store = try HealthStore.inMemory()
        let seriesError = await Self.save(run, into: store) { writer in try writer.append(series) }
        #expect(seriesError?.code == .invalidObject)
        #expect(seriesError?.message.contains("values[30]") == true, "\(String(describing: seriesError))")
        #expect(try await store.workouts().isEmpty)
        #expect(try await store.quantitySamples(matching: .heartRate).isEmpty)
    }
}
