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

/// Whether a client may read other sources' objects of a type: shown to the store's owner only,
/// never to the client (``AuthorizedStore`` hides it, as HealthKit does).
public enum ReadAuthorizationStatus: String, Hashable, Sendable, Codable {
    /// The user has not decided.
    case notDetermined
    /// The user refused.
    case denied
    /// The user allowed it.
    case authorized
}
