import Foundation
import GRDB
import PaceModel
@testable import PaceStore
import PaceTestSupport
import Testing

/// The `workoutSample` table's migration (`v10-workout-samples`), checked on a store written at v9.
@Suite struct WorkoutAssociationRows {
    /// A store of schema v9 — samples linked only by the recorder's metadata, or not at all (imports) —
    /// is migrated by `v10-workout-samples`.
    @Test func aV9StoreGetsItsLinksFromMetadataAndTheTimeRule() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("v9.sqlite")
        let run = TestObjects.run()
        func heartRate(_ value: Double, after seconds: Double, source: Source = TestObjects.watch,
                       metadata: Metadata = [:]) -> QuantitySample {
            TestObjects.heartRate(value, at: run.startDate.addingTimeInterval(seconds), source: source, metadata: metadata)
        }
        let legacyLink: Metadata = [MetadataKey(rawValue: WorkoutSampleRule.legacyMetadataKey): .string(run.id.uuidString)]
        let recorded = heartRate(150, after: 60, source: QueryFixtures.phone, metadata: legacyLink)
        let imported = heartRate(151, after: 90)
        let unrelated = heartRate(152, after: 90, source: QueryFixtures.phone)
        let outside = heartRate(153, after: 4000)
        let queue = try DatabaseQueue(path: path)
        try StoreSchema.migrator.migrate(queue, upTo: "v9-activity-summaries")
        try await queue.write { db in
            try LegacyStoreWriter.write([.workout(run), .quantitySample(recorded), .quantitySample(imported),
                                         .quantitySample(unrelated), .quantitySample(outside)], layout: .v7, db)
        }
        try queue.close()

        let store = try HealthStore(path: path)
        let linked = try await store.quantitySamples(matching: .heartRate, predicate: .workout(run.id)).map(\.quantity.value)
        #expect(linked.sorted() == [150, 151])
    }
}
