public import Foundation

/// HealthKit's error domain, `com.apple.healthkit`, kept so that apps matching on it work unchanged.
public let HKErrorDomain = "com.apple.healthkit"

/// An error from HealthKit (Apple's `HKError`): a code from ``Code`` and a description.
public struct HKError: Error, Sendable, Hashable, CustomNSError, LocalizedError {
    /// What went wrong, with Apple's raw values.
    public enum Code: Int, Sendable, Hashable {
        /// No error.
        case noError = 0
        /// The device has no health data (never on Pace).
        case errorHealthDataUnavailable = 1
        /// The data is restricted by a policy.
        case errorHealthDataRestricted = 2
        /// An argument was invalid.
        case errorInvalidArgument = 3
        /// The app may not do this (share permission denied or not asked).
        case errorAuthorizationDenied = 4
        /// The app has not asked for permission for this type.
        case errorAuthorizationNotDetermined = 5
        /// The store cannot be read while the device is locked (never on Pace).
        case errorDatabaseInaccessible = 6
        /// The user cancelled.
        case errorUserCanceled = 7
        /// Another app is already running a workout session.
        case errorAnotherWorkoutSessionStarted = 8
        /// The app's workout session ended because another app started one.
        case errorUserExitedWorkoutSession = 9
        /// The app needs an entitlement it does not have (never on Pace).
        case errorRequiredAuthorizationDenied = 10
        /// No data matched.
        case errorNoData = 11
        /// A workout activity may not be added now.
        case errorWorkoutActivityNotAllowed = 12
        /// The data is larger than the store accepts.
        case errorDataSizeExceeded = 13
        /// A workout session may not start in the background.
        case errorBackgroundWorkoutSessionNotAllowed = 14
        /// The operation is not allowed in guest mode (never on Pace).
        case errorNotPermissibleForGuestUserMode = 15
    }

    /// The code.
    public let code: Code
    /// What happened and what to do, in English.
    public let message: String

    /// An error with a code and a message.
    public init(_ code: Code, message: String = "") {
        self.code = code
        self.message = message
    }

    /// ``HKErrorDomain``.
    public static var errorDomain: String { HKErrorDomain }
    /// The code's raw value.
    public var errorCode: Int { code.rawValue }
    /// The message, under `NSLocalizedDescriptionKey`.
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: message] }
    /// The message.
    public var errorDescription: String? { message }

    /// ``Code/errorHealthDataUnavailable``.
    public static var errorHealthDataUnavailable: Code { .errorHealthDataUnavailable }
    /// ``Code/errorInvalidArgument``.
    public static var errorInvalidArgument: Code { .errorInvalidArgument }
    /// ``Code/errorAuthorizationDenied``.
    public static var errorAuthorizationDenied: Code { .errorAuthorizationDenied }
    /// ``Code/errorAuthorizationNotDetermined``.
    public static var errorAuthorizationNotDetermined: Code { .errorAuthorizationNotDetermined }
    /// ``Code/errorNoData``.
    public static var errorNoData: Code { .errorNoData }
}

/// Whether `error` is an ``HKError`` with this code, so `catch HKError.errorAuthorizationDenied` works.
public func ~= (code: HKError.Code, error: any Error) -> Bool {
    (error as? HKError)?.code == code
}
