public import PaceModel

extension AuthorizedStore {
    /// The sources that wrote objects of a type, as far as the client may see them.
    ///
    /// With read permission on `type`, as ``HealthStore/sources(of:predicate:)``; without it, only
    /// the client itself, and only if it wrote matching objects — never an error.
    ///
    /// ```swift
    /// let writers = try await app.sources(of: .quantity(.heartRate))
    /// ```
    ///
    /// - Parameters:
    ///   - type: Any sample type, or the workout or route type.
    ///   - predicate: Which objects count; all by default.
    /// - Throws: ``StoreError`` when the predicate does not fit the type or the store fails.
    public func sources(of type: HealthObjectType, predicate: SamplePredicate = .all) async throws(StoreError) -> [Source] {
        do { try predicate.validate(for: type) } catch { throw store.located(error) }
        return try await store.backend.sources(of: type, matching: predicate, onlySource: try await scope(for: type).requiredSource)
    }
}
