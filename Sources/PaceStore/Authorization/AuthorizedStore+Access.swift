public import Foundation
public import PaceModel

extension AuthorizedStore {
    /// Saves objects as this client, in one transaction, when the client may share every type.
    ///
    /// ```swift
    /// try await app.save([.quantitySample(sample)])
    /// ```
    ///
    /// - Parameter objects: The objects to save.
    /// A client writes as itself (HealthKit stamps every object with the app that saved it): an
    /// object whose source names another bundle identifier is refused.
    ///
    /// - Throws: ``StoreError/Code/notAuthorized`` for an object of another source or naming the
    ///   first type the client may not share (nothing is saved then), or any error of
    ///   ``HealthStore/save(_:)-([HealthObject])``.
    public func save(_ objects: [HealthObject]) async throws(StoreError) {
        try await requireWritable(objects)
        try await store.save(objects)
    }

    /// Saves a prepared batch (with its workout associations) as this client: the builders' path.
    /// Same rules as ``save(_:)-([HealthObject])``.
    package func save(_ batch: HealthObjectBatch) async throws(StoreError) {
        try await requireWritable(batch.objects)
        try await store.save(batch)
    }

    /// Refuses objects of another source and types the client may not share.
    package func requireWritable(_ objects: [HealthObject]) async throws(StoreError) {
        if let foreign = objects.first(where: { $0.source.bundleIdentifier != client }) {
            throw StoreError(code: .notAuthorized,
                message: "'\(client)' may only save objects of its own source, not \(foreign.objectType.identifier) "
                    + "\(foreign.id.uuidString) of '\(foreign.source.bundleIdentifier)'. Nothing was saved; "
                    + "give the object a source whose bundle identifier is '\(client)'.",
                path: store.path)
        }
        for type in Set(objects.map(\.objectType)).sorted(by: { $0.identifier < $1.identifier }) {
            let status = try await authorizationStatus(for: type)
            guard status == .sharingAuthorized else {
                let reason = if status == .sharingDenied {
                    "the user denied sharing; the decision stands until the user changes it"
                } else if try await hasRequestedAuthorization(toShare: [type], read: []) {
                    "the request awaits the owner's decision"
                } else {
                    "no permission was requested yet; call requestAuthorization(toShare:read:decide:) first"
                }
                throw StoreError(code: .notAuthorized,
                    message: "'\(client)' may not write \(type.identifier): \(reason). Nothing was saved.",
                    path: store.path)
            }
        }
    }

    /// Saves one quantity sample as this client; see ``save(_:)-([HealthObject])``.
    public func save(_ sample: QuantitySample) async throws(StoreError) { try await save([.quantitySample(sample)]) }

    /// The stored object with this UUID if the client may see it, else `nil`.
    ///
    /// Without read permission on its type, only the client's own objects are returned.
    ///
    /// - Parameter id: The object's UUID.
    /// - Throws: ``StoreError`` if SQLite fails.
    public func object(id: UUID) async throws(StoreError) -> HealthObject? {
        guard let object = try await store.object(id: id) else { return nil }
        if object.source.bundleIdentifier == client { return object }
        let type = object.objectType
        return try await canRead(type) ? object : nil
    }

    /// Stored objects of one type in an interval, oldest first, as far as the client may see them:
    /// ``samples(matching:predicate:sort:limit:)`` with ``SamplePredicate/date(from:to:options:)``
    /// (HealthKit's rule: an object counts if it overlaps `[start, end)`).
    ///
    /// - Parameters:
    ///   - type: Any sample type, or the workout or route type.
    ///   - start: The interval's start, when given.
    ///   - end: The interval's end (excluded), when given.
    /// - Throws: ``StoreError/Code/invalidDateRange`` when `end` is before `start`, or if SQLite fails.
    public func samples(of type: HealthObjectType, from start: Date? = nil, to end: Date? = nil)
        async throws(StoreError) -> [HealthObject]
    {
        try await samples(matching: type, predicate: .date(from: start, to: end))
    }

    /// Stored objects of one type matching a predicate, as far as the client may see them
    /// (HealthKit's `HKSampleQuery` run by an app): without read permission the predicate is narrowed
    /// to the client's own objects inside the query, so sorting and `limit` apply to what it may see.
    ///
    /// - Parameters:
    ///   - type: Any sample type, or the workout or route type.
    ///   - predicate: Which objects; all by default.
    ///   - sort: The order; oldest start first by default.
    ///   - limit: At most this many, when given.
    /// - Throws: ``StoreError`` when the predicate does not fit the type or the store fails.
    public func samples(matching type: HealthObjectType, predicate: SamplePredicate = .all,
                        sort: [SampleSortDescriptor] = [.startDate()], limit: Int? = nil) async throws(StoreError) -> [HealthObject] {
        try await store.samples(matching: type, predicate: try await scoped(predicate, for: type), sort: sort, limit: limit)
    }

    /// The predicate narrowed to what the client may read: unchanged with read permission on
    /// `type`, else limited to the client's own objects (inside the query, never after loading).
    func scoped(_ predicate: SamplePredicate, for type: HealthObjectType) async throws(StoreError) -> SamplePredicate {
        try await canRead(type) ? predicate : predicate && .source(client)
    }

    /// The changes of one type since an anchor, as far as the client may see them.
    ///
    /// Without read permission, only the client's own additions, and no deletions.
    ///
    /// - Parameter query: The query; see ``AnchoredObjectQuery``.
    /// - Throws: ``StoreError/Code/foreignAnchor`` for another store's anchor, or if SQLite fails.
    public func anchoredObjects(_ query: AnchoredObjectQuery) async throws(StoreError) -> AnchoredObjectResult {
        try await store.backend.anchoredObjects(query, scope: try await scope(for: query.type))
    }
}
