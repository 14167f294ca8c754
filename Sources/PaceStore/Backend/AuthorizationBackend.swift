package import PaceModel

/// The user's permission decisions, per client and type.
package protocol AuthorizationBackend: Sendable {
    /// Asks `decide` for each of `types` whose share (when in `share`) or read (when in `read`)
    /// access is undetermined, and records the answers, all in one transaction.
    func requestAuthorization(client: String, types: [HealthObjectType], share: Set<HealthObjectType>,
                              read: Set<HealthObjectType>,
                              decide: @escaping @Sendable (HealthObjectType, AuthorizationAccess) -> Bool) async throws(StoreError)

    /// Records that `client` asked for share access to `share` and read access to `read`,
    /// deciding nothing, in one transaction.
    func recordAuthorizationRequest(client: String, share: Set<HealthObjectType>, read: Set<HealthObjectType>) async throws(StoreError)

    /// The owner's view: every client's requests and decisions (one client's when given), by
    /// client then type identifier.
    func authorizationRecords(client: String?) async throws(StoreError) -> [AuthorizationRecord]

    /// The owner decides: sets `client`'s share and/or read decision on `type` (`nil`: unchanged).
    func setAuthorization(client: String, type: HealthObjectType, share: AuthorizationStatus?,
                          read: ReadAuthorizationStatus?) async throws(StoreError)

    /// Whether `client` may write `type`.
    func shareStatus(client: String, type: HealthObjectType) async throws(StoreError) -> AuthorizationStatus

    /// ``shareStatus(client:type:)``, blocking its caller (for APIs that must answer synchronously,
    /// such as HealthKit's `authorizationStatus(for:)`).
    func shareStatusBlocking(client: String, type: HealthObjectType) throws(StoreError) -> AuthorizationStatus

    /// Whether `client` may read other sources' objects of `type`.
    func canRead(client: String, type: HealthObjectType) async throws(StoreError) -> Bool

    /// ``canRead(client:type:)``, blocking its caller (for APIs that must answer synchronously).
    func canReadBlocking(client: String, type: HealthObjectType) throws(StoreError) -> Bool
}
