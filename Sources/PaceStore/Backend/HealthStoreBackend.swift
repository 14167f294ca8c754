/// What a health store needs from the database underneath: async, `Sendable`, each operation one
/// transaction (docs/DECISIONS.md, 110 and 120).
///
/// ``HealthStore`` holds the HealthKit rules that need no database — validation, the client's
/// permissions and read scope, the builders' checks, the predicates' checks — and calls its
/// backend for everything stored. The rules that stay in the backend for speed (object identity,
/// sync identifier and version replacement, anchors, workout↔sample associations, statistics
/// rollups) are pinned by the conformance suite (`PaceStoreConformance`), which every backend must
/// pass. ``SQLiteBackend`` is the first backend; `PostgresBackend` (module `PaceStorePostgres`) the second.
///
/// Errors are ``StoreError``s that name no backend internals a caller could act on other than
/// through the store. Operations marked *blocking* are for callers running on a thread of their
/// own (an import's writer thread), never on Swift's cooperative pool.
package protocol HealthStoreBackend: HealthObjectBackend, StatisticsBackend, AuthorizationBackend,
    CharacteristicBackend, ActivitySummaryBackend, JournalBackend, ChangeObservingBackend {}
