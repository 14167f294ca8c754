import Foundation
import Logging
import PaceModel
import PaceStore
import PaceStorePostgres
import PaceTestSupport
import PostgresNIO
import Testing

/// What is the PostgreSQL backend's own: its migrations, the account wall (every query filtered by
/// account, row-level security behind it), the blocking requirements, commits announced by
/// `NOTIFY` to other connections. Against the real server of ``PostgresTestDatabase``.
@Suite(.timeLimit(.minutes(5 * TestTime.scale))) struct PostgresBackendTests {
    @Test func migratingAgainAppliesNothingAndKeepsEveryStore() async throws {
        // Given a migrated database holding an account's object
        let database = try await PostgresTestDatabase.shared()
        let account = UUID().uuidString
        let backend = try await database.backend(account: account)
        try await HealthStore(backend: backend).save(TestObjects.heartRate(120))
        let identity = try await backend.storeIdentifier()

        // When the schema is migrated again and the account's store opened again
        let applied = try await PostgresSchema.migrate(client: database.client, logger: Logger(label: "org.pace.tests"))
        let reopened = try await database.backend(account: account)

        // Then nothing was applied, every migration is recorded once, and the store is unchanged
        #expect(applied.isEmpty)
        var recorded: [String] = []
        for try await identifier in try await database.client.query("SELECT identifier FROM schemaMigrations ORDER BY identifier")
            .decode(String.self) {
            recorded.append(identifier)
        }
        #expect(recorded == PostgresSchema.migrations.map(\.identifier).sorted())
        #expect(try await reopened.storeIdentifier() == identity)
        #expect(try await reopened.currentAnchor() == Anchor(rawValue: 1))
    }

    @Test func accountsNeverSeeEachOthersRowsEvenWithTheSameUUIDs() async throws {
        // Given two accounts that save a sample with the same UUID, sync identifier and source
        let database = try await PostgresTestDatabase.shared()
        let first = HealthStore(backend: try await database.backend())
        let second = HealthStore(backend: try await database.backend())
        var mine = TestObjects.heartRate(120)
        mine.metadata = [.syncIdentifier: .string("reading-1"), .syncVersion: .integer(1)]
        var theirs = mine
        theirs.quantity = Quantity(value: 99, unit: .countPerMinute)
        try await first.save(mine)
        try await first.save(TestObjects.heartRate(121, at: TestObjects.morning.addingTimeInterval(1)))

        // When the second saves its own, then the first deletes its sample
        try await second.save(theirs)
        try await first.delete(id: mine.id)

        // Then neither saw the other: no duplicate, no sync replacement, no tombstone, own anchors
        #expect(try await second.quantitySample(id: theirs.id) == theirs)
        #expect(try await first.object(id: mine.id) == nil)
        #expect(try await second.currentAnchor() == Anchor(rawValue: 1))
        #expect(try await first.currentAnchor() == Anchor(rawValue: 3))
        let feed = try await second.anchoredObjects(AnchoredObjectQuery(type: .quantity(.heartRate)))
        #expect(feed.added == [.quantitySample(theirs)] && feed.deleted.isEmpty)
        #expect(try await second.quantitySamples(matching: .heartRate).map(\.id) == [theirs.id])
        #expect(try await first.storeIdentifier() != second.storeIdentifier())
    }

    @Test func rowLevelSecurityRefusesAStatementWithoutTheAccount() async throws {
        // Given an account with a stored sample (and the rows of other tests' accounts)
        let database = try await PostgresTestDatabase.shared()
        let account = UUID().uuidString
        try await HealthStore(backend: try await database.backend(account: account)).save(TestObjects.heartRate(120))
        let logger = Logger(label: "org.pace.tests")

        try await database.client.withConnection { connection in
            // When a statement runs without app.account, Then PostgreSQL refuses it
            let error = await #expect(throws: PSQLError.self) {
                try await connection.query("SELECT count(*) FROM healthObject", logger: logger).collect()
            }
            #expect(error?.serverInfo?[.message]?.contains("app.account is not set") == true)

            // When it runs with the account set but no account filter, Then it sees that account's rows only
            _ = try await connection.query("BEGIN", logger: logger).collect()
            _ = try await connection.query("SELECT set_config('app.account', \(account), true)", logger: logger).collect()
            var count: Int64 = -1
            for try await value in try await connection.query("SELECT count(*) FROM healthObject", logger: logger).decode(Int64.self) {
                count = value
            }
            #expect(count == 1)

            // And writing another account's row is refused
            let insert = await #expect(throws: PSQLError.self) {
                try await connection.query("""
                    INSERT INTO characteristic (account, typeIdentifier, value, setAt) VALUES ('someone else', 'x', 'y', 0)
                    """, logger: logger).collect()
            }
            #expect(insert?.serverInfo?[.message]?.contains("row-level security") == true)
            _ = try await connection.query("ROLLBACK", logger: logger).collect()
        }
    }

    @Test func blockingRequirementsWaitOnAThreadOfTheirOwnAndRefuseInATask() async throws {
        // Given a store and a batch
        let database = try await PostgresTestDatabase.shared()
        let backend = try await database.backend()
        var sample = TestObjects.heartRate(120)
        sample.metadata = [.syncIdentifier: .string("reading-1"), .syncVersion: .integer(1)]
        let batch = try HealthObjectBatch([.quantitySample(sample)])

        // When a task calls a blocking requirement, Then it is refused with a typed error
        let refused = #expect(throws: StoreError.self) { _ = try backend.saveBlocking(batch, skippingStoredSyncIdentifiers: false) }
        #expect(refused?.code == .database)
        #expect(refused?.message.contains("Call the async form") == true)
        #expect(try await backend.object(id: sample.id) == nil)
        let streamRefused = #expect(throws: StoreError.self) { _ = try backend.beginStreamedSave() }
        #expect(streamRefused?.message.contains("thread of your own") == true)

        // When a thread of its own calls them, Then they wait for the store and answer
        let skipped = try await ThreadBridge.run { () throws(StoreError) -> [Int] in
            try backend.saveBlocking(batch, skippingStoredSyncIdentifiers: false)
        }
        #expect(skipped.isEmpty)
        let stored = try await ThreadBridge.run { () throws(StoreError) -> Set<String> in
            try backend.storedSyncIdentifiers(["reading-1", "reading-2"], sourceBundleIdentifier: TestObjects.watch.bundleIdentifier)
        }
        #expect(stored == ["reading-1"])
        let status = try await ThreadBridge.run { () throws(StoreError) -> AuthorizationStatus in
            try backend.shareStatusBlocking(client: "org.example.app", type: .quantity(.heartRate))
        }
        #expect(status == .notDetermined)
    }

    @Test func concurrentSavesOfOneAccountTakeTurnsAndTakeConsecutiveAnchors() async throws {
        // Given one account's store
        let database = try await PostgresTestDatabase.shared()
        let store = HealthStore(backend: try await database.backend())

        // When twenty tasks save at once, one of them a sample saved twice
        let samples = (0..<20).map { TestObjects.heartRate(100 + Double($0), at: TestObjects.morning.addingTimeInterval(Double($0))) }
        let refused = try await withThrowingTaskGroup(of: StoreError.Code?.self) { group in
            for sample in samples + [samples[0]] {
                group.addTask {
                    do throws(StoreError) { try await store.save(sample) } catch { return error.code }
                    return nil
                }
            }
            return try await group.reduce(into: [StoreError.Code]()) { codes, code in if let code { codes.append(code) } }
        }

        // Then the duplicate alone was refused and the anchors are 1…20, one per sample
        #expect(refused == [.duplicateObject])
        let changes = try await store.changes(after: .initial)
        #expect(changes.saved.map(\.anchor.rawValue) == Array(1...20))
        #expect(Set(changes.saved.map(\.id)) == Set(samples.map(\.id)))
        #expect(changes.anchor == Anchor(rawValue: 20))
    }

    @Test func aCommitOnAnotherConnectionReachesTheObserver() async throws {
        // Given two backends of one account (as two processes would have), one observing heart rate
        let database = try await PostgresTestDatabase.shared()
        let account = UUID().uuidString
        let observing = HealthStore(backend: try await database.backend(account: account))
        let writing = HealthStore(backend: try await database.backend(account: account))
        var notifications = try await observing.observe(.quantity(.heartRate)).makeAsyncIterator()

        // When the other saves a heart rate sample
        let sample = TestObjects.heartRate(120)
        try await writing.save(sample)

        // Then the observer hears of it
        let notification = try await notifications.next()
        #expect(notification?.anchor == (try await writing.anchor(of: sample.id)))
    }

    @Test func connectionsStartWithABoundOnIdleTransactions() async throws {
        // Given the test client, configured as a server's is
        let database = try await PostgresTestDatabase.shared()

        // When a connection asks for the setting, Then PostgreSQL ends a transaction idle for a minute
        let value = try await database.client.withConnection { connection in
            try await connection.query("SHOW idle_in_transaction_session_timeout", logger: Logger(label: "org.pace.tests"))
                .collect().first?.decode(String.self)
        }
        #expect(value == "1min")
    }

    @Test func aFailedTransactionIsRolledBackEvenWhenItsTaskIsCancelled() async throws {
        // Given a connection inside a transaction that set a transaction-local value
        let database = try await PostgresTestDatabase.shared()
        let logger = Logger(label: "org.pace.tests")
        try await database.client.withConnection { connection in
            _ = try await connection.query("BEGIN", logger: logger).collect()
            _ = try await connection.query("SELECT set_config('app.account', 'someone', true)", logger: logger).collect()

            // When the transaction is ended from a task already cancelled
            let ending = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                await connection.rollBackOrClose(logger: logger)
            }
            await ending.value

            // Then the connection is closed or outside the transaction (its value gone)
            if !connection.isClosed {
                let value = try await connection.query("SELECT current_setting('app.account', true)", logger: logger)
                    .collect().first?.decode(String?.self)
                #expect(value == nil || value == "")
            }
        }
    }
}
