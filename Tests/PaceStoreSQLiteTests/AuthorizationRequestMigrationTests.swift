import Foundation
import GRDB
import PaceModel
@testable import PaceStore
import Testing

/// Migration `v11-authorization-requests`: decisions made before requests were recorded count as requested.
@Suite struct AuthorizationRequestMigrationTests {
    @Test func decisionsMadeBeforeTheMigrationCountAsRequested() async throws {
        let queue = try DatabaseQueue()
        // The schema up to v10, then a decision as v3 wrote it.
        let full = StoreSchema.migrator
        try full.migrate(queue, upTo: "v10-workout-samples")
        try await queue.write { db in
            try db.execute(sql: """
                INSERT INTO authorizationDecision (client, typeIdentifier, shareStatus, readStatus, decidedAt)
                VALUES ('com.example.runner', 'HKWorkoutTypeIdentifier', 'sharingAuthorized', 'notDetermined', 0)
                """)
        }
        let store = HealthStore(backend: try SQLiteBackend(writer: queue))
        let records = try await store.authorizationRecords()
        #expect(records.count == 1)
        #expect(records.first?.shareRequested == true && records.first?.readRequested == false)
        #expect(records.first?.requestedAt == nil && records.first?.shareStatus == .sharingAuthorized)
    }
}
