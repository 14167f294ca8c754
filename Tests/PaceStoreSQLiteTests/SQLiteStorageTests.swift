import Foundation
import GRDB
import PaceModel
@testable import PaceStore
import PaceTestSupport
import Testing

/// What the SQLite backend keeps in its tables, checked in SQL: the rows behind the rules the
/// conformance suite checks through the API.
@Suite struct SQLiteStorageTests {
    @Test func aDayChangedOutsidePaceIsReportedAsCorrupt() async throws {
        let store = try HealthStore.inMemory()
        try await store.writer.write { db in
            try db.execute(sql: "INSERT INTO activitySummary (day, savedAt) VALUES ('2026-99-01', 0)")
        }

        let error = await #expect(throws: StoreError.self) { try await store.activitySummaries() }

        #expect(error?.code == .corrupt)
    }

    @Test func canonicalValueIsStoredForQueries() async throws {
        let store = try HealthStore.inMemory()
        let sample = QuantitySample(type: .bodyMass, quantity: Quantity(value: 150, unit: .pound),
                                    start: TestObjects.morning, end: TestObjects.morning)
        try await store.save(sample)

        let canonical = try await store.writer.read { db in
            try Double.fetchOne(db, sql: "SELECT q.canonicalValue FROM healthObject o JOIN quantitySample q ON q.anchor = o.anchor WHERE o.uuid = ?",
                                arguments: [sample.id.uuidString])
        }

        #expect(isApproximatelyEqual(try #require(canonical), 68.0388555, relative: 1e-9))
    }

    @Test func databaseRefusesAnUpdateThatMovesARoute() async throws {
        let store = try HealthStore.inMemory()
        let first = TestObjects.run()
        let second = TestObjects.run(start: TestObjects.morning.addingTimeInterval(7200))
        let route = TestObjects.route(for: first)
        try await store.save([.workout(first), .workout(second), .workoutRoute(route)])

        await #expect(throws: (any Error).self) {
            try await store.writer.write { db in
                try db.execute(sql: "UPDATE workoutRoute SET workoutUUID = ? WHERE uuid = ?",
                               arguments: [second.id.uuidString, route.id.uuidString])
            }
        }
        #expect(try await store.route(id: route.id)?.workoutID == first.id)
    }

    @Test func aFileStoreIsInWALModeAfterReopening() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("health.sqlite")
        do { _ = try HealthStore(path: path) }
        let reopened = try HealthStore(path: path)
        let mode = try await reopened.writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
    }

    /// A new file gets 16 KiB pages (fewer B-tree pages and WAL frames for a large import,
    /// DECISIONS 123); a store made with SQLite's 4 KiB pages keeps them and stays usable.
    @Test func aNewStoreHas16KiBPagesAndAnOldOneKeepsItsOwn() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fresh = directory.path("fresh.sqlite")
        do { _ = try HealthStore(path: fresh) }
        let reopened = try HealthStore(path: fresh)
        #expect(try await reopened.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") } == 16_384)

        let old = directory.path("old.sqlite")
        do {
            let pool = try DatabasePool(path: old)
            try await pool.write { db in try db.execute(sql: "CREATE TABLE placeholder (id INTEGER PRIMARY KEY); DROP TABLE placeholder") }
            #expect(try await pool.read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") } == 4_096)
        }
        let store = try HealthStore(path: old)
        try await store.save(TestObjects.heartRate(70))
        #expect(try await store.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") } == 4_096)
        #expect(try await store.quantitySamples(matching: .heartRate).count == 1)
    }

    @Test func deletingAWorkoutLeavesNoRouteLocationRows() async throws {
        let store = try HealthStore.inMemory()
        let workout = TestObjects.run()
        try await store.save([.workout(workout), .workoutRoute(TestObjects.route(for: workout))])
        #expect(try await store.delete(ids: [workout.id]) == 1)
        let orphans = try await store.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM routeLocation") }
        #expect(orphans == 0)
    }

    @Test func deletingEitherObjectDeletesItsAssociationRows() async throws {
        let store = try HealthStore.inMemory()
        let workout = TestObjects.run()
        let first = TestObjects.heartRate(150, at: workout.startDate.addingTimeInterval(60))
        let second = TestObjects.heartRate(160, at: workout.startDate.addingTimeInterval(120))
        try await store.save([.workout(workout), .quantitySample(first), .quantitySample(second)])
        try await store.add(samples: [first.id, second.id], to: workout.id)
        func rows() async throws -> Int? {
            try await store.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM workoutSample") }
        }
        #expect(try await rows() == 2)
        try await store.delete(id: first.id)
        #expect(try await rows() == 1)
        try await store.delete(id: workout.id)
        #expect(try await rows() == 0)
    }
}
