/// Whether a client may share (write) objects of a type, as HealthKit reports it.
///
/// Only the share status is ever reported: whether a client may read a type is kept secret,
/// so that a client cannot tell "no data" from "no permission".
///
/// ```swift
/// if try client.authorizationStatus(for: .quantity(.heartRate)) == .sharingAuthorized { … }
/// ```
public enum AuthorizationStatus: String, Hashable, Sendable, Codable {
    /// The user has not been asked yet.
    case notDetermined
    /// The user refused to let the client write this type.
    case sharingDenied
    /// The user let the client write this type.
    case sharingAuthorized
}

/// Which access a client asks for on one type: writing (share) or reading.
public enum AuthorizationAccess: String, Hashable, Sendable {
    /// Writing objects of the type.
    case share
    /// Reading other sources' objects of the type.
    case read
}

/// The read decision as stored; never returned to clients.
enum ReadDecision: String {
    case notDetermined, denied, authorized
}
