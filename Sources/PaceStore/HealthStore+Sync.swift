import GRDB

extension HealthStore {
    /// Which of `ids` are already stored as sync identifiers (``PaceModel/MetadataKey/syncIdentifier``)
    /// of objects from the source with this bundle identifier.
    ///
    /// Importers use it to leave out objects that a save would refuse with
    /// ``StoreError/Code/syncVersionNotHigher``, so one known object does not abort a whole batch.
    ///
    /// - Parameters:
    ///   - ids: The sync identifiers to look up (any number; queried in chunks).
    ///   - sourceBundleIdentifier: The source's bundle identifier.
    /// - Returns: The subset of `ids` that is stored.
    /// - Throws: ``StoreError`` if SQLite fails.
    ///
    /// It blocks its caller: for importers running on a thread of their own.
    package func storedSyncIdentifiers(_ ids: [String], sourceBundleIdentifier: String) throws(StoreError) -> Set<String> {
        guard !ids.isEmpty else { return [] }
        return try readBlocking { db in
            var found = Set<String>()
            var start = 0
            while start < ids.count {
                let chunk = Array(ids[start..<min(start + 500, ids.count)])
                start += chunk.count
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                let rows = try String.fetchAll(db, sql: """
                    SELECT syncIdentifier FROM healthObject
                    WHERE sourceBundleIdentifier = ? AND syncIdentifier IN (\(marks))
                    """, arguments: StatementArguments([sourceBundleIdentifier] + chunk))
                found.formUnion(rows)
            }
            return found
        }
    }
}
