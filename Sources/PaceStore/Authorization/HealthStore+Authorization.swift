public import PaceModel

extension HealthStore {
    /// Every client's requests and decisions, or one client's: what the owner reviews (`pace apps`).
    ///
    /// ```swift
    /// for record in try await store.authorizationRecords() where record.isPending { print(record.client, record.type) }
    /// ```
    ///
    /// - Parameter client: Only this client's records, when given.
    /// - Returns: Records by client, then type identifier.
    /// - Throws: ``StoreError`` if the store fails.
    public func authorizationRecords(client: String? = nil) async throws(StoreError) -> [AuthorizationRecord] {
        try await backend.authorizationRecords(client: client)
    }

    /// The owner decides a client's access to one type; a decision stands until the owner changes
    /// it, whatever the client asks later.
    ///
    /// - Parameters:
    ///   - client: The client's bundle identifier.
    ///   - type: The type.
    ///   - share: The write decision, or `nil` to leave it.
    ///   - read: The read decision, or `nil` to leave it.
    /// - Throws: ``StoreError/Code/readOnlyType`` when allowing a client to write a type clients
    ///   only read; ``StoreError`` if the store fails.
    public func setAuthorization(client: String, type: HealthObjectType, share: AuthorizationStatus? = nil,
                                 read: ReadAuthorizationStatus? = nil) async throws(StoreError) {
        if share == .sharingAuthorized && type.isReadOnly {
            throw StoreError(code: .readOnlyType,
                             message: "Clients may only read \(type.identifier); it cannot be shared. Allow reading it instead.", path: path)
        }
        try await backend.setAuthorization(client: client, type: type, share: share, read: read)
    }
}
