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
    /// - Throws: ``StoreError`` if the store fails.
    ///
    /// It blocks its caller: for importers running on a thread of their own.
    package func storedSyncIdentifiers(_ ids: [String], sourceBundleIdentifier: String) throws(StoreError) -> Set<String> {
        try backend.storedSyncIdentifiers(ids, sourceBundleIdentifier: sourceBundleIdentifier)
    }
}
