public import PaceModel

extension HealthStore {
    /// Stored objects of one type matching a predicate, read in one snapshot (HealthKit's `HKSampleQuery`).
    ///
    /// ```swift
    /// let fast = try await store.samples(matching: .quantity(.heartRate),
    ///                              predicate: .quantity(.greaterThan, Quantity(value: 160, unit: .countPerMinute)),
    ///                              sort: [.value(ascending: false)], limit: 10)
    /// ```
    ///
    /// - Parameters:
    ///   - type: Any sample type, or the workout or route type.
    ///   - predicate: Which objects; all by default.
    ///   - sort: The order; oldest start first by default. Ties keep the order of saving.
    ///   - limit: At most this many, when given (0 or less gives none).
    /// - Throws: ``StoreError`` when the predicate does not fit the type or the store fails.
    public func samples(matching type: HealthObjectType, predicate: SamplePredicate = .all,
                        sort: [SampleSortDescriptor] = [.startDate()], limit: Int? = nil) async throws(StoreError) -> [HealthObject]
    {
        do { try predicate.validate(for: type) } catch { throw located(error) }
        return try await backend.objects(of: type, matching: predicate, sort: sort, limit: limit)
    }

    /// Stored quantity samples of one type matching a predicate; see ``samples(matching:predicate:sort:limit:)``.
    public func quantitySamples(matching type: QuantityTypeIdentifier, predicate: SamplePredicate = .all,
                                sort: [SampleSortDescriptor] = [.startDate()], limit: Int? = nil) async throws(StoreError) -> [QuantitySample]
    {
        try await samples(matching: .quantity(type), predicate: predicate, sort: sort, limit: limit).compactMap { object in
            if case .quantitySample(let sample) = object { return sample }
            return nil
        }
    }
}
