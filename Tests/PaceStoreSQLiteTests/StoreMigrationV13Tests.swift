import Foundation
import GRDB
import PaceModel
@testable import PaceStore
import PaceTestSupport
import Testing

/// `v13-quantity-rows-by-anchor` (DECISIONS 147): `quantitySample` is rebuilt keyed by its object's
/// anchor; every value, the rollups and the cascades stay as they were.
@Suite struct StoreMigrationV13Tests {
    private static let phone = Source(name: "Phone", bundleIdentifier: "org.pace.tests.phone")

    /// A store at v12: heart rates of two sources, an energy sample in kilojoules, a sleep sample, a
    /// workout with its route — and one quantity row whose object is gone, which nothing could read.
    private static func writeV12Store(at path: String) throws -> (samples: [QuantitySample], run: Workout, route: WorkoutRoute) {
        let run = TestObjects.run()
        let route = TestObjects.route(for: run, count: 40)
        var samples = (0..<30).map {
            TestObjects.heartRate(120 + Double($0), at: run.startDate.addingTimeInterval(Double(60 * $0)),
                                  source: $0.isMultiple(of: 3) ? phone : TestObjects.watch)
        }
        samples.append(QuantitySample(type: .activeEnergyBurned, quantity: Quantity(value: 41.84, unit: .kilojoule),
                                      start: run.startDate, end: run.startDate.addingTimeInterval(600),
                                      source: TestObjects.watch, device: nil, metadata: [:]))
        let objects: [HealthObject] = [.workout(run), .categorySample(TestObjects.sleep()), .workoutRoute(route)]
            + samples.map(HealthObject.quantitySample)
        let queue = try DatabaseQueue(path: path)
        try StoreSchema.migrator.migrate(queue, upTo: "v12-sample-rows-without-foreign-keys")
        try queue.write { db in
            try LegacyStoreWriter.write(objects, layout: .v7, db)
            try db.execute(sql: "INSERT INTO quantitySample (uuid, value, unit, canonicalValue) VALUES (?, 1, 'count/min', 1)",
                           arguments: [UUID().uuidString])
        }
        try queue.close()
        return (samples, run, route)
    }

    private static func rows(_ sql: String, _ db: Database) throws -> [[DatabaseValue]] {
        try Row.fetchAll(db, sql: sql).map { Array($0.databaseValues) }
    }

    private static let values = "SELECT o.anchor, q.value, q.unit, q.canonicalValue FROM healthObject o JOIN quantitySample q ON q.%@ = o.%@ ORDER BY o.anchor"
    private static let rollups = ["SELECT * FROM quantityRollup ORDER BY 1, 2, 3", "SELECT * FROM quantityRollupHour ORDER BY 1, 2, 3"]

    @Test func everyValueAndRollupStaysAndTheRowsAreKeyedByAnchor() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("v12.sqlite")
        let stored = try Self.writeV12Store(at: path)
        let queue = try DatabaseQueue(path: path)
        let before = try await queue.read { db in
            (try Self.rows(String(format: Self.values, "uuid", "uuid"), db),
             try Self.rollups.map { try Self.rows($0, db) },
             try Int.fetchOne(db, sql: "SELECT count(*) FROM quantitySample"))
        }
        try queue.close()
        #expect(before.0.count == 31 && before.2 == 32, "31 samples and the orphan row")

        let store = try HealthStore(path: path)

        try await store.writer.read { db in
            #expect(try Self.rows(String(format: Self.values, "anchor", "anchor"), db) == before.0)
            #expect(try Self.rollups.map { try Self.rows($0, db) } == before.1)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM quantitySample") == 31, "the orphan row is left behind")
            let columns = try Row.fetchAll(db, sql: "PRAGMA table_info(quantitySample)")
            // `count` is v14's (series samples), which runs after v13 here.
            #expect(columns.map { $0["name"] as String } == ["anchor", "value", "unit", "canonicalValue", "count"])
            #expect(columns.filter { $0["pk"] as Int == 1 }.map { $0["name"] as String } == ["anchor"])
            #expect(try String.fetchAll(db, sql: "PRAGMA integrity_check") == ["ok"])
            let triggers = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
            // The cascade and the rollup's delete trigger as v14 made them again.
            #expect(triggers == ["healthObject_quantity_delete", "healthObject_rollup_frozen", "healthObject_route_cascade",
                                 "quantityRollup_hour_delete", "quantityRollup_hour_insert", "quantityRollup_hour_update",
                                 "quantitySample_rollup_frozen", "quantitySample_rollup_insert", "workoutRoute_stays_with_its_workout",
                                 "workoutSample_cascade"])
            let leftovers = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE name LIKE '%V13%'")
            #expect(leftovers.isEmpty)
        }
        let heartRates = stored.samples.filter { $0.type == .heartRate }
        #expect(try await store.quantitySamples(matching: .heartRate) == heartRates)
        #expect(try await store.quantitySamples(matching: .activeEnergyBurned).map(\.quantity) == [Quantity(value: 41.84, unit: .kilojoule)])
        #expect(try await store.routes(forWorkout: stored.run.id) == [stored.route])
        let fast = try await store.quantitySamples(matching: .heartRate, predicate: .quantity(.greaterThan, Quantity(value: 140, unit: .countPerMinute)))
        #expect(fast.map(\.quantity.value) == heartRates.map(\.quantity.value).filter { $0 > 140 })
    }

    @Test func theTriggersWorkOnTheNewKey() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("v12.sqlite")
        let stored = try Self.writeV12Store(at: path)
        let store = try HealthStore(path: path)

        // A sample saved one by one after the migration is counted, deleted ones uncounted.
        try await MigratedStoreChecks.saveAndDeleteKeepTheRollupsExact(
            store, savingAt: stored.run.startDate.addingTimeInterval(5), deleting: [stored.samples[0].id, stored.samples[1].id],
            thenWorkout: stored.run.id, leaving: 30)
        // A stored value still cannot change under the rollup.
        #expect(throws: DatabaseError.self) {
            try store.writer.write { db in try db.execute(sql: "UPDATE quantitySample SET canonicalValue = canonicalValue + 1") }
        }
    }
}
