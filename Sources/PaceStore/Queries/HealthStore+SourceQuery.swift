public import PaceModel

extension HealthStore {
    /// The sources that wrote objects of a type matching a predicate (HealthKit's `HKSourceQuery`).
    ///
    /// One source per bundle identifier; its name, version, product type and operating system
    /// version are those of the most recently saved matching object of that source. Sorted by
    /// name (case-insensitive), then bundle identifier.
    ///
    /// ```swift
    /// let writers = try await store.sources(of: .quantity(.heartRate), predicate: .date(from: monday, to: sunday))
    /// ```
    ///
    /// - Parameters:
    ///   - type: Any sample type, or the workout or route type.
    ///   - predicate: Which objects count; all by default.
    /// - Throws: ``StoreError`` when the predicate does not fit the type or the store fails.
    public func sources(of type: HealthObjectType, predicate: SamplePredicate = .all) async throws(StoreError) -> [Source] {
        do { try predicate.validate(for: type) } catch { throw located(error) }
        return try await backend.sources(of: type, matching: predicate, onlySource: nil)
    }
}
