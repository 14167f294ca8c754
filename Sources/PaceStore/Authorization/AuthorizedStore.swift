import Foundation
public import PaceModel

extension HealthStore {
    /// A view of the store acting as one client (an app), with HealthKit's permission rules.
    ///
    /// The plain ``HealthStore`` is the owner (the CLI acting for its user) and sees everything;
    /// an ``AuthorizedStore`` writes only the types the user let it share, and reads other
    /// sources' objects only of the types the user let it read.
    ///
    /// ```swift
    /// let app = store.authorization(for: "com.example.runner")
    /// try await app.requestAuthorization(toShare: [.workout], read: [.quantity(.heartRate)]) { _, _ in true }
    /// ```
    ///
    /// - Parameter client: The client's source bundle identifier (``PaceModel/Source/bundleIdentifier``).
    public func authorization(for client: String) -> AuthorizedStore {
        AuthorizedStore(store: self, client: client)
    }

    /// A view of the store acting as the client that writes objects from `source`.
    ///
    /// - Parameter source: The client's source; its bundle identifier names the client.
    public func authorization(for source: Source) -> AuthorizedStore {
        authorization(for: source.bundleIdentifier)
    }
}

/// The store seen by one client: permissions requested once, writes checked, reads filtered.
///
/// Writing a type without share permission throws ``StoreError/Code/notAuthorized``. Reading
/// without read permission never fails and reveals nothing but the client's own objects (those
/// whose source bundle identifier is the client), as HealthKit does. Decisions persist in the store.
///
/// ```swift
/// let app = store.authorization(for: "com.example.runner")
/// try await app.save(sample)                       // throws notAuthorized until sharing is allowed
/// let beats = try await app.samples(of: .quantity(.heartRate))  // own samples only without read access
/// ```
public struct AuthorizedStore: Sendable {
    /// The whole store underneath: never handed to the client (this package only).
    package let store: HealthStore
    /// The client's source bundle identifier.
    public let client: String

    /// Records the user's decisions for the types not decided yet; decided types are not asked again.
    ///
    /// `decide` stands in for the permission sheet: it is called once for each type and access
    /// that has no decision yet, and returns whether the user allows it. All decisions of one
    /// request are written in one transaction.
    ///
    /// ```swift
    /// try await app.requestAuthorization(toShare: [.workout], read: [.workout]) { type, access in access == .read }
    /// ```
    ///
    /// - Parameters:
    ///   - share: Types the client wants to write.
    ///   - read: Types the client wants to read.
    ///   - decide: The user's answer for one undetermined type and access.
    /// - Throws: ``StoreError/Code/readOnlyType`` when `share` holds a type clients can only read
    ///   (``PaceModel/HealthObjectType/isReadOnly``), before anything is asked or recorded;
    ///   ``StoreError`` if SQLite fails, and nothing is recorded then either.
    public func requestAuthorization(
        toShare share: Set<HealthObjectType>, read: Set<HealthObjectType>,
        decide: @escaping @Sendable (HealthObjectType, AuthorizationAccess) -> Bool
    ) async throws(StoreError) {
        try refuseReadOnly(share)
        let types = share.union(read).sorted { $0.identifier < $1.identifier }
        try await store.backend.requestAuthorization(client: client, types: types, share: share, read: read, decide: decide)
    }

    /// Records that the client asks for these permissions, deciding nothing: the owner decides
    /// later (``HealthStore/setAuthorization(client:type:share:read:)``, `pace apps`). Until then
    /// the types read as ``AuthorizationStatus/notDetermined`` and reads show only the client's own objects.
    ///
    /// - Throws: ``StoreError/Code/readOnlyType`` when `share` holds a type clients can only read,
    ///   before anything is recorded; ``StoreError`` if the store fails.
    public func recordAuthorizationRequest(toShare share: Set<HealthObjectType>, read: Set<HealthObjectType>) async throws(StoreError) {
        try refuseReadOnly(share)
        try await store.backend.recordAuthorizationRequest(client: client, share: share, read: read)
    }

    /// Whether the client has asked for every one of these accesses before (decided or not): HealthKit's
    /// request status, `unnecessary` when `true`.
    public func hasRequestedAuthorization(toShare share: Set<HealthObjectType>, read: Set<HealthObjectType>) async throws(StoreError) -> Bool {
        let records = try await store.backend.authorizationRecords(client: client)
        let shared = Set(records.filter(\.shareRequested).map(\.type)), readable = Set(records.filter(\.readRequested).map(\.type))
        return share.isSubset(of: shared) && read.isSubset(of: readable)
    }

    /// Refuses share access to types clients may only read.
    private func refuseReadOnly(_ share: Set<HealthObjectType>) throws(StoreError) {
        let readOnly = share.filter(\.isReadOnly).map(\.identifier).sorted()
        guard readOnly.isEmpty else {
            throw StoreError(code: .readOnlyType,
                             message: "Sharing cannot be asked for \(readOnly.joined(separator: ", ")): clients only read these types. "
                                 + "Ask for them under read: instead.", path: store.path)
        }
    }

    /// Whether the client may write objects of `type`; whether it may read them is never told.
    ///
    /// - Parameter type: The object type.
    /// - Returns: ``AuthorizationStatus/notDetermined`` until the user decided.
    /// - Throws: ``StoreError`` if SQLite fails.
    public func authorizationStatus(for type: HealthObjectType) async throws(StoreError) -> AuthorizationStatus {
        try await store.backend.shareStatus(client: client, type: type)
    }

    /// ``authorizationStatus(for:)``, blocking its caller until the store answers: for APIs that must
    /// answer synchronously (HealthKit's `authorizationStatus(for:)`). Never call it from Swift's
    /// cooperative pool in a loop; it holds the thread for one short read.
    public func authorizationStatusBlocking(for type: HealthObjectType) throws(StoreError) -> AuthorizationStatus {
        try store.backend.shareStatusBlocking(client: client, type: type)
    }

    /// Whether the client may read other sources' objects of `type` (internal: never shown to clients).
    func canRead(_ type: HealthObjectType) async throws(StoreError) -> Bool {
        try await store.backend.canRead(client: client, type: type)
    }

    /// The read scope of this client for `type`.
    func scope(for type: HealthObjectType) async throws(StoreError) -> ReadScope {
        try await canRead(type) ? .everything : .ownObjects(of: client)
    }
}
