package import Logging
package import PaceStore
package import PostgresNIO

/// The PostgreSQL schema of the health store, as ordered migrations recorded in `schemaMigrations`.
///
/// Every table but `schemaMigrations` holds rows of many accounts: its first column is `account`
/// (text), part of its primary key and of every foreign key, so that one account's rows can live on
/// one shard. Dates are `double precision` seconds since 2001-01-01 UTC, as in the SQLite backend (a
/// `Date` round-trips bit for bit); an object's whole value is kept as JSON text (`body`) beside the
/// columns queries filter, sort and aggregate on.
///
/// Migrations run in one transaction under an advisory lock, so concurrent first connections take
/// turns (a current schema is recognised without the lock, and the openings of one process share
/// one check: ``ensureMigrated(client:logger:)``); a database holding a migration this build does
/// not know is refused (``StoreError/Code/newerSchema``).
package enum PostgresSchema {
    /// One migration: an identifier recorded once applied, and its statements in order.
    package struct Migration {
        /// The identifier recorded in `schemaMigrations`.
        package let identifier: String
        /// The statements, run in order, as one block (``PostgresSchema/script(of:)``).
        package let statements: [String]
    }

    /// The tables that hold an account's rows, each under row-level security.
    package static let accountTables = [
        "storeState", "healthObject", "routeLocation", "workoutSample", "tombstone",
        "recordingSession", "recordingChunk", "recordingEvent", "workoutPoint", "workoutSummary",
        "authorizationDecision", "characteristic", "activitySummary",
    ]

    /// Every migration, in order.
    package static let migrations: [Migration] = [
        Migration(identifier: "v1-health-objects", statements: [
            """
            CREATE TABLE storeState (
                account text PRIMARY KEY,
                storeID uuid NOT NULL,
                lastAnchor bigint NOT NULL DEFAULT 0)
            """,
            """
            CREATE TABLE healthObject (
                account text NOT NULL,
                uuid uuid NOT NULL,
                kind text NOT NULL CHECK (kind IN ('quantity', 'category', 'workout', 'route')),
                typeIdentifier text NOT NULL,
                startDate double precision NOT NULL,
                endDate double precision NOT NULL,
                anchor bigint NOT NULL,
                sourceName text NOT NULL,
                sourceBundleIdentifier text NOT NULL,
                sourceVersion text,
                sourceProductType text,
                sourceOperatingSystemVersion text,
                device jsonb,
                metadata jsonb NOT NULL,
                syncIdentifier text,
                syncVersion bigint,
                savedAt double precision NOT NULL,
                canonicalValue double precision,
                categoryValue bigint,
                activityType bigint,
                duration double precision,
                totalDistanceMeters double precision,
                totalEnergyBurnedKilocalories double precision,
                routeWorkout uuid,
                body text NOT NULL,
                PRIMARY KEY (account, uuid),
                UNIQUE (account, anchor),
                UNIQUE (account, sourceBundleIdentifier, syncIdentifier))
            """,
            "CREATE INDEX healthObject_type_anchor ON healthObject (account, typeIdentifier, anchor)",
            "CREATE INDEX healthObject_type_start ON healthObject (account, typeIdentifier, startDate)",
            "CREATE INDEX healthObject_route ON healthObject (account, routeWorkout) WHERE routeWorkout IS NOT NULL",
            """
            CREATE TABLE routeLocation (
                account text NOT NULL,
                routeUUID uuid NOT NULL,
                locationIndex bigint NOT NULL,
                locationTime double precision NOT NULL,
                latitude double precision NOT NULL,
                longitude double precision NOT NULL,
                altitude double precision NOT NULL,
                speed double precision NOT NULL,
                course double precision NOT NULL,
                horizontalAccuracy double precision NOT NULL,
                verticalAccuracy double precision NOT NULL,
                speedAccuracy double precision NOT NULL,
                courseAccuracy double precision NOT NULL,
                PRIMARY KEY (account, routeUUID, locationIndex),
                FOREIGN KEY (account, routeUUID) REFERENCES healthObject (account, uuid) ON DELETE CASCADE)
            """,
            """
            CREATE TABLE workoutSample (
                account text NOT NULL,
                workoutUUID uuid NOT NULL,
                sampleUUID uuid NOT NULL,
                PRIMARY KEY (account, workoutUUID, sampleUUID),
                FOREIGN KEY (account, workoutUUID) REFERENCES healthObject (account, uuid) ON DELETE CASCADE,
                FOREIGN KEY (account, sampleUUID) REFERENCES healthObject (account, uuid) ON DELETE CASCADE)
            """,
            "CREATE INDEX workoutSample_sample ON workoutSample (account, sampleUUID)",
            """
            CREATE TABLE tombstone (
                account text NOT NULL,
                uuid uuid NOT NULL,
                kind text NOT NULL,
                typeIdentifier text NOT NULL,
                deletedAt double precision NOT NULL,
                anchor bigint NOT NULL,
                PRIMARY KEY (account, uuid))
            """,
            "CREATE INDEX tombstone_type_anchor ON tombstone (account, typeIdentifier, anchor)",
        ]),
        Migration(identifier: "v2-recording-journal", statements: [
            """
            CREATE TABLE recordingSession (
                account text NOT NULL,
                uuid uuid NOT NULL,
                activityType bigint NOT NULL,
                createdAt double precision NOT NULL,
                status text NOT NULL,
                configuration bytea NOT NULL,
                workoutUUID uuid,
                endedAt double precision,
                lastSequence bigint NOT NULL,
                PRIMARY KEY (account, uuid))
            """,
            """
            CREATE TABLE recordingChunk (
                account text NOT NULL,
                sessionUUID uuid NOT NULL,
                firstSequence bigint NOT NULL,
                count bigint NOT NULL,
                payload bytea NOT NULL,
                PRIMARY KEY (account, sessionUUID, firstSequence),
                FOREIGN KEY (account, sessionUUID) REFERENCES recordingSession (account, uuid) ON DELETE CASCADE)
            """,
            """
            CREATE TABLE recordingEvent (
                account text NOT NULL,
                sessionUUID uuid NOT NULL,
                sequence bigint NOT NULL,
                eventTime double precision NOT NULL,
                kind text NOT NULL,
                payload bytea NOT NULL,
                PRIMARY KEY (account, sessionUUID, sequence),
                FOREIGN KEY (account, sessionUUID) REFERENCES recordingSession (account, uuid) ON DELETE CASCADE)
            """,
            """
            CREATE TABLE workoutPoint (
                account text NOT NULL,
                sessionUUID uuid NOT NULL,
                pointTime double precision NOT NULL,
                latitude double precision,
                longitude double precision,
                altitude double precision,
                heartRate double precision,
                speed double precision,
                distance double precision NOT NULL,
                PRIMARY KEY (account, sessionUUID, pointTime),
                FOREIGN KEY (account, sessionUUID) REFERENCES recordingSession (account, uuid) ON DELETE CASCADE)
            """,
            """
            CREATE TABLE workoutSummary (
                account text NOT NULL,
                workoutUUID uuid NOT NULL,
                summary bytea NOT NULL,
                PRIMARY KEY (account, workoutUUID))
            """,
        ]),
        Migration(identifier: "v3-authorization", statements: [
            """
            CREATE TABLE authorizationDecision (
                account text NOT NULL,
                client text NOT NULL,
                typeIdentifier text NOT NULL,
                shareStatus text NOT NULL,
                readStatus text NOT NULL,
                decidedAt double precision NOT NULL,
                shareRequested boolean NOT NULL DEFAULT false,
                readRequested boolean NOT NULL DEFAULT false,
                requestedAt double precision,
                PRIMARY KEY (account, client, typeIdentifier))
            """,
        ]),
        Migration(identifier: "v4-characteristics", statements: [
            """
            CREATE TABLE characteristic (
                account text NOT NULL,
                typeIdentifier text NOT NULL,
                value text NOT NULL,
                setAt double precision NOT NULL,
                PRIMARY KEY (account, typeIdentifier))
            """,
        ]),
        Migration(identifier: "v5-activity-summaries", statements: [
            """
            CREATE TABLE activitySummary (
                account text NOT NULL,
                day text NOT NULL,
                \(PostgresActivitySummaryColumns.names.map { "\($0) double precision" }.joined(separator: ",\n    ")),
                savedAt double precision NOT NULL,
                PRIMARY KEY (account, day))
            """,
        ]),
        Migration(identifier: "v6-row-level-security", statements: [
            // The account of the transaction; a statement without it fails rather than seeing nothing.
            """
            CREATE FUNCTION pace_account() RETURNS text LANGUAGE plpgsql STABLE AS $$
            DECLARE
                value text := current_setting('app.account', true);
            BEGIN
                IF value IS NULL OR value = '' THEN
                    RAISE EXCEPTION 'app.account is not set: a Pace store''s rows are read and written for one account'
                        USING ERRCODE = '42501';
                END IF;
                RETURN value;
            END
            $$
            """,
        ] + accountTables.flatMap { table in [
            "ALTER TABLE \(table) ENABLE ROW LEVEL SECURITY",
            // The owner (the role that migrates and uses the store) is held by the policy too.
            "ALTER TABLE \(table) FORCE ROW LEVEL SECURITY",
            "CREATE POLICY accountIsolation ON \(table) USING (account = pace_account()) WITH CHECK (account = pace_account())",
        ] }),
        // Series samples (DECISIONS 172): a quantity sample's count of values, and the values of a
        // series sample, deleted with it; the partial index lists the series alone.
        Migration(identifier: "v7-quantity-series", statements: [
            "ALTER TABLE healthObject ADD COLUMN valueCount integer NOT NULL DEFAULT 1",
            "CREATE INDEX healthObject_series ON healthObject (account, typeIdentifier, startDate) WHERE valueCount > 1",
            """
            CREATE TABLE quantitySeriesValue (
                account text NOT NULL,
                sampleUUID uuid NOT NULL,
                position integer NOT NULL,
                startDate double precision NOT NULL,
                endDate double precision NOT NULL,
                canonicalValue double precision NOT NULL,
                PRIMARY KEY (account, sampleUUID, position),
                FOREIGN KEY (account, sampleUUID) REFERENCES healthObject (account, uuid) ON DELETE CASCADE)
            """,
            "ALTER TABLE quantitySeriesValue ENABLE ROW LEVEL SECURITY",
            "ALTER TABLE quantitySeriesValue FORCE ROW LEVEL SECURITY",
            "CREATE POLICY accountIsolation ON quantitySeriesValue USING (account = pace_account()) WITH CHECK (account = pace_account())",
        ]),
        // A streamed save writes a route's locations before the route's object, in one transaction
        // that defers this check to its commit (DECISIONS 179); every other transaction checks at
        // once, as before.
        Migration(identifier: "v8-deferrable-route-locations", statements: [
            // The key's name is PostgreSQL's own for v1's unnamed constraint; altering it in place
            // checks no row again (a new constraint would, under row-level security).
            "ALTER TABLE routeLocation ALTER CONSTRAINT routelocation_account_routeuuid_fkey DEFERRABLE INITIALLY IMMEDIATE",
        ]),
    ]

    /// The first migration: a database with `schemaMigrations` but without it is not a Pace store.
    package static var firstMigration: String { migrations[0].identifier }

    /// Applies the migrations the database lacks, in order, in one transaction under an advisory lock.
    ///
    /// A database that already holds every migration is recognised by one query, without the lock
    /// (``recordedMigrations(client:logger:)``): the schema is checked at every start and by every
    /// first opening, and under the lock those checks would queue behind one another. Only a database
    /// that lacks a migration takes the lock, then looks again (another connection may have migrated
    /// it meanwhile). Each migration is sent as one statement (``script(of:)``): on a loaded machine a
    /// round trip to PostgreSQL can take most of a second, and the migrations hold about a hundred
    /// statements, while every other first opening waits for the lock (issue 17's CI hang).
    ///
    /// - Returns: The identifiers applied now (empty when the schema was current).
    /// - Throws: ``StoreError`` with code ``StoreError/Code/newerSchema`` for unknown migrations.
    @discardableResult
    package static func migrate(client: PostgresClient, logger: Logger) async throws(StoreError) -> [String] {
        if let recorded = await recordedMigrations(client: client, logger: logger) {
            try refuseUnknown(recorded)
            if recorded.isSuperset(of: migrations.map(\.identifier)) { return [] }
        }
        do {
            return try await client.withConnection { (connection: PostgresConnection) async throws -> [String] in
                try await connection.run("BEGIN", logger: logger)
                do {
                    try await connection.run("SELECT pg_advisory_xact_lock(hashtext('org.pace.schema'))", logger: logger)
                    try await connection.run("""
                        CREATE TABLE IF NOT EXISTS schemaMigrations (
                            identifier text PRIMARY KEY,
                            appliedAt timestamptz NOT NULL DEFAULT now())
                        """, logger: logger)
                    var applied = Set<String>()
                    for try await identifier in try await connection.query("SELECT identifier FROM schemaMigrations",
                                                                            logger: logger).decode(String.self) {
                        applied.insert(identifier)
                    }
                    try refuseUnknown(applied)
                    var now: [String] = []
                    for migration in migrations where !applied.contains(migration.identifier) {
                        try await connection.run(PostgresQuery(unsafeSQL: script(of: migration)), logger: logger)
                        now.append(migration.identifier)
                    }
                    try await connection.run("COMMIT", logger: logger)
                    if !now.isEmpty { logger.info("Migrated the PostgreSQL store", metadata: ["migrations": "\(now)"]) }
                    return now
                } catch {
                    await connection.rollBackOrClose(logger: logger)
                    throw error
                }
            }
        } catch let error as StoreError {
            throw error
        } catch let error as PSQLError {
            throw StoreError(code: error.serverInfo == nil ? .cannotOpen : .database,
                message: "Cannot migrate the PostgreSQL store: \(error.serverInfo?[.message] ?? "\(error.code)"). Check that the server runs and the role may create tables.",
                cause: error)
        } catch {
            throw StoreError(code: .database, message: "Cannot migrate the PostgreSQL store: \(error).", cause: error)
        }
    }

    /// The migrations recorded in the database, read in one query outside any transaction; `nil`
    /// when they cannot be read (no `schemaMigrations` yet, or no server: the locked path says which).
    static func recordedMigrations(client: PostgresClient, logger: Logger) async -> Set<String>? {
        do {
            var recorded = Set<String>()
            for try await identifier in try await client.query("SELECT identifier FROM schemaMigrations", logger: logger)
                .decode(String.self) {
                recorded.insert(identifier)
            }
            return recorded
        } catch {
            return nil
        }
    }

    /// Throws ``StoreError/Code/newerSchema`` when `recorded` holds a migration this build does not know.
    private static func refuseUnknown(_ recorded: Set<String>) throws(StoreError) {
        guard let unknown = recorded.subtracting(migrations.map(\.identifier)).sorted().last else { return }
        throw StoreError(code: .newerSchema,
            message: "The PostgreSQL database was migrated by a newer version of Pace (migration \(unknown)). Upgrade Pace to use it; nothing was changed.")
    }

    /// The migration as one statement: an anonymous PL/pgSQL block that runs its statements in order
    /// and records it in `schemaMigrations`, so that it costs one round trip, not one per statement.
    ///
    /// Its statements are the package's own constants: none holds the block's quote tag
    /// (`$migration$`), and identifiers hold no quote.
    package static func script(of migration: Migration) -> String {
        precondition(!migration.statements.contains { $0.contains("$migration$") } && !migration.identifier.contains("'"),
                     "A migration's statements cannot hold the block's quote tag.")
        let body = (migration.statements + ["INSERT INTO schemaMigrations (identifier) VALUES ('\(migration.identifier)')"])
            .map { $0 + ";" }.joined(separator: "\n")
        return "DO $migration$\nBEGIN\n\(body)\nEND\n$migration$"
    }
}
