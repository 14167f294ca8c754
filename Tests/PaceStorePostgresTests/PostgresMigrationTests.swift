import Foundation
import Logging
import PaceStore
import PaceStorePostgres
import PaceTestSupport
import PostgresNIO
import Testing

/// The schema's migrations on databases of their own: a first migration under concurrent openings,
/// a current schema recognised without its lock, a newer schema refused.
@Suite(.timeLimit(.minutes(5 * TestTime.scale))) struct PostgresMigrationTests {
    let logger = Logger(label: "org.pace.tests")

    @Test func concurrentFirstOpeningsMigrateAnEmptyDatabaseOnce() async throws {
        // Given an empty database
        let database = try await FreshPostgresDatabase()

        // When eight accounts' stores are opened at once through its client
        let identities = try await withThrowingTaskGroup(of: UUID.self) { group in
            for _ in 0..<8 {
                group.addTask { try await PostgresBackend(client: database.client, account: UUID().uuidString).storeIdentifier() }
            }
            return try await group.reduce(into: Set<UUID>()) { $0.insert($1) }
        }

        // Then every store opened, each migration is recorded once, and a later migration applies nothing
        #expect(identities.count == 8)
        #expect(try await database.recordedMigrations() == PostgresSchema.migrations.map(\.identifier).sorted())
        #expect(try await PostgresSchema.migrate(client: database.client, logger: logger).isEmpty)
    }

    @Test func aCurrentSchemaIsRecognisedWithoutWaitingForTheMigrationLock() async throws {
        // Given a migrated database whose migration lock another session holds
        let database = try await FreshPostgresDatabase()
        try await PostgresSchema.migrate(client: database.client, logger: logger)
        try await database.client.withConnection { holder in
            _ = try await holder.query("SELECT pg_advisory_lock(hashtext('org.pace.schema'))", logger: logger).collect()

            // When a client that has not migrated it opens a store and checks the schema (should it wait
            // for the lock instead, the lock is let go after a minute, so that the test ends and fails)
            let (other, runner) = database.anotherClient()
            defer { runner.cancel() }
            let logger = self.logger
            let first = try await withThrowingTaskGroup(of: [String]?.self) { group in
                group.addTask {
                    let backend = try await PostgresBackend(client: other, account: UUID().uuidString)
                    _ = try await backend.storeIdentifier()
                    return try await PostgresSchema.migrate(client: other, logger: logger)
                }
                group.addTask {
                    try? await Task.sleep(for: TestTime.duration(.seconds(60)))
                    return nil
                }
                let first = try await group.next() ?? nil
                _ = try await holder.query("SELECT pg_advisory_unlock(hashtext('org.pace.schema'))", logger: logger).collect()
                group.cancelAll()
                return first
            }

            // Then neither waited for the lock, and nothing was applied
            #expect(first == [], "the opening waited for the migration lock")
        }
    }

    @Test func aDatabaseMigratedByANewerPaceIsRefusedUnchanged() async throws {
        // Given a migrated database that records a migration this build does not know
        let database = try await FreshPostgresDatabase()
        try await PostgresSchema.migrate(client: database.client, logger: logger)
        _ = try await database.client.query("INSERT INTO schemaMigrations (identifier) VALUES ('v99-from-the-future')").collect()

        // When it is migrated, or a store opened through a new client
        let migrating = await #expect(throws: StoreError.self) { try await PostgresSchema.migrate(client: database.client, logger: logger) }
        let (other, runner) = database.anotherClient()
        defer { runner.cancel() }
        let opening = await #expect(throws: StoreError.self) { _ = try await PostgresBackend(client: other, account: "someone") }

        // Then both are refused as a newer schema, saying what to do, and the schema is left as it was
        for error in [migrating, opening] {
            #expect(error?.code == .newerSchema)
            #expect(error?.message.contains("v99-from-the-future") == true)
            #expect(error?.message.contains("Upgrade Pace") == true)
        }
        #expect(try await database.recordedMigrations() == (PostgresSchema.migrations.map(\.identifier) + ["v99-from-the-future"]).sorted())
    }
}
