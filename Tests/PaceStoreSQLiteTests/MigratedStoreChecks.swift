import Foundation
import GRDB
import PaceModel
@testable import PaceStore
import PaceTestSupport
import Testing

/// The checks every migration that rebuilds sample rows must pass on the store it migrated: the
/// triggers made again keep the rollups exact, and deleting objects still deletes their rows.
enum MigratedStoreChecks {
    /// Saves one heart rate at `time`, deletes `samples` and then `workout`, and checks the store:
    /// `rows` quantity rows left, none without its object, the workout's route locations gone with it,
    /// and both rollups (daily and hourly) equal, per type, to a count and sum of the rows.
    static func saveAndDeleteKeepTheRollupsExact(_ store: HealthStore, savingAt time: Date, deleting samples: [UUID],
                                                 thenWorkout workout: UUID, leaving rows: Int) async throws {
        try await store.save([.quantitySample(TestObjects.heartRate(99, at: time))])
        _ = try await store.delete(ids: samples)
        _ = try await store.delete(ids: [workout])

        try await store.writer.read { db in
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM quantitySample") == rows)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM quantitySample WHERE anchor NOT IN (SELECT anchor FROM healthObject)") == 0)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM routeLocation") == 0, "the workout's route went with it")
            for table in ["quantityRollup", "quantityRollupHour"] {
                let rollup = try Row.fetchAll(db, sql: "SELECT typeIdentifier, sum(sampleCount) AS n, sum(total) AS total FROM \(table) GROUP BY 1 ORDER BY 1")
                let exact = try Row.fetchAll(db, sql: """
                    SELECT o.typeIdentifier, count(*) AS n, sum(q.canonicalValue) AS total
                    FROM healthObject o JOIN quantitySample q ON q.anchor = o.anchor GROUP BY 1 ORDER BY 1
                    """)
                #expect(rollup.map { $0["typeIdentifier"] as String } == exact.map { $0["typeIdentifier"] as String }, "\(table)")
                #expect(rollup.map { $0["n"] as Int } == exact.map { $0["n"] as Int }, "\(table)")
                for (kept, counted) in zip(rollup, exact) {
                    #expect(abs((kept["total"] as Double) - (counted["total"] as Double)) < 1e-9, "\(table)")
                }
            }
        }
    }
}
