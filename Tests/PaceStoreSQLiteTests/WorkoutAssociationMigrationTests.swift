import Foundation
import GRDB
import PaceModel
@testable import PaceStore
import PaceTestSupport
import Testing

/// The `workoutSample` table's migration (`v10-workout-samples`), checked on a store written at v9.
@Suite struct WorkoutAssociationRows {
    static let phone = Source(name: "Phone", bundleIdentifier: "org.pace.tests.phone")

    static func heartRate(_ value: Double, after seconds: Double, source: Source = TestObjects.watch,
                          metadata: Metadata = [:]) -> QuantitySample {
        QuantitySample(type: .heartRate, quantity: Quantity(value: value, unit: .countPerMinute),
                       start: TestObjects.morning.addingTimeInterval(seconds), end: TestObjects.morning.addingTimeInterval(seconds),
                       source: source, metadata: metadata)
    }

    static func values(_ store: HealthStore, of workout: Workout) async throws -> [Double] {
        try await store.quantitySamples(matching: .heartRate, predicate: .workout(workout.id)).map(\.quantity.value)
    }

    /// A store of schema v9 — samples linked only by the recorder's metadata, or not at all (imports) —
    /// is migrated by `v10-workout-samples`.
    @Test func aV9StoreGetsItsLinksFromMetadataAndTheTimeRule() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("v9.sqlite")
        let run = TestObjects.run()
        let recorded = WorkoutAssociationRows.heartRate(150, after: 60, source: WorkoutAssociationRows.phone,
                                      metadata: [MetadataKey(rawValue: WorkoutSampleRule.legacyMetadataKey): .string(run.id.uuidString)])
        let imported = WorkoutAssociationRows.heartRate(151, after: 90)
        let unrelated = WorkoutAssociationRows.heartRate(152, after: 90, source: WorkoutAssociationRows.phone)
        let outside = WorkoutAssociationRows.heartRate(153, after: 4000)
        let queue = try DatabaseQueue(path: path)
        try StoreSchema.migrator.migrate(queue, upTo: "v9-activity-summaries")
        try await queue.write { db in
            _ = try HealthStore.insert(HealthObjectBatch([.workout(run), .quantitySample(recorded), .quantitySample(imported),
                                                          .quantitySample(unrelated), .quantitySample(outside)]),
                                       skippingStoredSyncIdentifiers: false, db)
        }
        try queue.close()

        let store = try HealthStore(path: path)
        #expect(try await WorkoutAssociationRows.values(store, of: run).sorted() == [150, 151])
    }
}
