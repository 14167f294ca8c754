import Foundation
import GRDB
import PaceModel
@testable import PaceStore
import PaceTestSupport
import Testing

/// A `QuantitySampleSeries` written beside a streamed workout (`StreamedWorkoutWriter.append(_:)`)
/// stores exactly the rows, anchors, rollups and associations of the same samples written as objects
/// (`append(samples:)`), and is refused where they are, with the same errors (DECISIONS 119).
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

    @Test(arguments: [HealthUnit.countPerMinute, HealthUnit.count / .second])
    func aSeriesStoresTheRowsOfItsSamplesAsObjects(unit: HealthUnit) async throws {
        // Chunks of 48, a shorter last one, and a part of one sample.
        let run = T.run()
        let parts = [Self.series(for: run, count: SampleChunk.maximumRows * 2 + 5, unit: unit), Self.series(for: run, count: 1, unit: unit)]
        let asSeries = try HealthStore.inMemory(), asObjects = try HealthStore.inMemory()

        #expect(await Self.save(run, into: asSeries) { writer in for part in parts { try writer.append(part) } } == nil)
        #expect(await Self.save(run, into: asObjects) { writer in for part in parts { try writer.append(samples: Self.objects(part)) } } == nil)

        let stored = try Self.rows(asSeries)
        #expect(stored.count > 2 * (SampleChunk.maximumRows * 2 + 6))
        #expect(stored == (try Self.rows(asObjects)))
    }

    @Test func aSeriesHoldingAStoredOrDeletedUUIDIsRefusedAsItsSamplesAre() async throws {
        let run = T.run()
        let series = Self.series(for: run, count: SampleChunk.maximumRows + 10)
        let stored = series.sample(at: 20), deleted = series.sample(at: SampleChunk.maximumRows + 3)
        for (label, setUp) in [("stored", { (store: HealthStore) async throws in try await store.save(stored) }),
                              ("deleted", { (store: HealthStore) async throws in
                                  try await store.save(deleted)
                                  _ = try await store.delete(id: deleted.id)
                              })] {
            let asSeries = try HealthStore.inMemory(), asObjects = try HealthStore.inMemory()
            try await setUp(asSeries)
            try await setUp(asObjects)
            let seriesError = await Self.save(run, into: asSeries) { writer in try writer.append(series) }
            let objectsError = await Self.save(run, into: asObjects) { writer in try writer.append(samples: Self.objects(series)) }
            #expect(seriesError != nil, "\(label)")
            #expect(seriesError?.code == objectsError?.code, "\(label)")
            #expect(seriesError?.message == objectsError?.message, "\(label)")
            #expect(try Self.rows(asSeries) == Self.rows(asObjects), "\(label): nothing of the refused save stayed")
        }
    }

    @Test func anInvalidSampleRefusesTheSeriesAsItWouldTheObjects() async throws {
        let run = T.run()
        var building = Self.series(for: run, count: 30)
        building.append(value: .nan, start: run.startDate, end: run.startDate)
        let series = building
        let store = try HealthStore.inMemory()
        let seriesError = await Self.save(run, into: store) { writer in try writer.append(series) }
        let objectsError = await Self.save(run, into: store) { writer in try writer.append(samples: Self.objects(series)) }
        #expect(seriesError?.code == .invalidObject)
        #expect(seriesError?.message == objectsError?.message)
        #expect(try await store.workouts().isEmpty)
    }
}
