/// Whether the app may write a type (Apple's `HKAuthorizationStatus`), with Apple's raw values.
/// Whether it may read one is never told, as in HealthKit.
public enum HKAuthorizationStatus: Int, Sendable {
    /// Not decided yet.
    case notDetermined = 0
    /// The user refused.
    case sharingDenied = 1
    /// The user allowed it.
    case sharingAuthorized = 2
}

/// Whether asking for permissions would ask anything (Apple's `HKAuthorizationRequestStatus`).
public enum HKAuthorizationRequestStatus: Int, Sendable {
    /// Unknown.
    case unknown = 0
    /// Some of the types were never asked for.
    case shouldRequest = 1
    /// Every type was asked for before.
    case unnecessary = 2
}
