import Foundation
import GRDB
import PaceModel
@testable import PaceStore
import PaceTestSupport
import Testing

/// `v12-sample-rows-without-foreign-keys` (DECISIONS 123): `quantitySample` and `routeLocation` lose
/// their foreign keys in place, their rows kept, and deleting an object still deletes its rows.
@Suite struct StoreMigrationV12Tests {
    /// A store at v11 holding samples (with their rollup), a workout with a route and its locations.
    private static func writeV11Store(at path: String) throws -> (samples: [QuantitySample], run: Workout, route: WorkoutRoute) {
        let run = TestObjects.run()
        let route = TestObjects.route(for: run, count: 40)
        let samples = (0..<30).map { TestObjects.heartRate(120 + Double($0), at: run.startDate.addingTimeInterval(Double(60 * $0))) }
        let queue = try DatabaseQueue(path: path)
        try StoreSchema.migrator.migrate(queue, upTo: "v11-authorization-requests")
        try queue.write { db in
            try LegacyStoreWriter.write([.workout(run), .workoutRoute(route)] + samples.map(HealthObject.quantitySample), layout: .v7, db)
        }
        try queue.close()
        return (samples, run, route)
    }

    private static func rows(_ table: String, _ db: Database) throws -> [[DatabaseValue]] {
        try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY 1, 2").map { Array($0.databaseValues) }
    }

    @Test func theRowsStayAndTheForeignKeysGo() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("v11.sqlite")
        let stored = try Self.writeV11Store(at: path)
        let queue = try DatabaseQueue(path: path)
        let before = try await queue.read { db in
            (try Self.rows("quantitySample", db), try Self.rows("routeLocation", db), try Self.rows("quantityRollup", db))
        }
        try queue.close()

        let migrated = try DatabaseQueue(path: path)
        try StoreSchema.migrator.migrate(migrated, upTo: "v12-sample-rows-without-foreign-keys")
        try await migrated.read { db in
            #expect(try Self.rows("quantitySample", db) == before.0)
            #expect(try Self.rows("routeLocation", db) == before.1)
            #expect(try Self.rows("quantityRollup", db) == before.2)
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_list(quantitySample)").isEmpty)
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_list(routeLocation)").isEmpty)
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
            #expect(try String.fetchAll(db, sql: "PRAGMA integrity_check") == ["ok"])
            let triggers = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
            #expect(triggers == ["healthObject_rollup_delete", "healthObject_rollup_frozen", "healthObject_rows_cascade",
                                 "quantityRollup_hour_delete", "quantityRollup_hour_insert", "quantityRollup_hour_update",
                                 "quantitySample_rollup_frozen", "quantitySample_rollup_insert", "workoutRoute_stays_with_its_workout",
                                 "workoutSample_cascade"])
        }
        try migrated.close()
        let store = try HealthStore(path: path)
        #expect(try await store.quantitySamples(matching: .heartRate).map(\.id) == stored.samples.map(\.id))
        #expect(try await store.routes(forWorkout: stored.run.id) == [stored.route])
    }

    @Test func deletingObjectsStillDeletesTheirRowsAndKeepsTheRollupExact() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("v11.sqlite")
        let stored = try Self.writeV11Store(at: path)
        let store = try HealthStore(path: path)

        // The rollup triggers were made again: a sample saved now is counted, a deleted one uncounted.
        try await MigratedStoreChecks.saveAndDeleteKeepTheRollupsExact(
            store, savingAt: stored.run.startDate.addingTimeInterval(5), deleting: [stored.samples[0].id, stored.samples[1].id],
            thenWorkout: stored.run.id, leaving: 29)
    }
}
