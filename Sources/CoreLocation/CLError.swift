public import Foundation

/// CoreLocation's error domain, `kCLErrorDomain`, kept so that apps matching on it work unchanged.
public let kCLErrorDomain = "kCLErrorDomain"

/// An error from CoreLocation (Apple's `CLError`): a code from ``Code`` and a user-info
/// dictionary.
///
/// ```swift
/// func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
///     if let error = error as? CLError, error.code == .locationUnknown { return }  // keeps trying
/// }
/// do { … } catch CLError.locationUnknown { … }
/// ```
public struct CLError: Error, CustomNSError, Hashable, @unchecked Sendable {
    /// What went wrong, with Apple's raw values.
    public enum Code: Int, Sendable, Hashable {
        /// No location is known right now; the manager keeps trying: 0.
        case locationUnknown = 0
        /// The user denied location services: 1.
        case denied = 1
        /// The network was unavailable: 2.
        case network = 2
        /// The heading could not be determined: 3.
        case headingFailure = 3
        /// Region monitoring was denied: 4.
        case regionMonitoringDenied = 4
        /// A region could not be monitored: 5.
        case regionMonitoringFailure = 5
        /// Region monitoring could not start at once: 6.
        case regionMonitoringSetupDelayed = 6
        /// Region events may arrive late: 7.
        case regionMonitoringResponseDelayed = 7
        /// Geocoding found nothing: 8.
        case geocodeFoundNoResult = 8
        /// Geocoding found part of the answer: 9.
        case geocodeFoundPartialResult = 9
        /// Geocoding was cancelled: 10.
        case geocodeCanceled = 10
        /// Deferred updates failed: 11.
        case deferredFailed = 11
        /// Deferred updates need location updates running: 12.
        case deferredNotUpdatingLocation = 12
        /// Deferred updates need a higher accuracy: 13.
        case deferredAccuracyTooLow = 13
        /// Deferred updates need no distance filter: 14.
        case deferredDistanceFiltered = 14
        /// Deferred updates were cancelled: 15.
        case deferredCanceled = 15
        /// Ranging is not available: 16.
        case rangingUnavailable = 16
        /// Ranging failed: 17.
        case rangingFailure = 17
        /// The user declined a temporary authorization: 18.
        case promptDeclined = 18
        /// Historical locations could not be read: 19.
        case historicalLocationError = 19
    }

    /// The code.
    public let code: Code
    /// The user-info dictionary; Pace puts a description of what happened under
    /// `NSLocalizedDescriptionKey`.
    public let userInfo: [String: Any]

    /// An error with a code and a user-info dictionary.
    /// - Parameters:
    ///   - code: The code.
    ///   - userInfo: Details, e.g. `[NSLocalizedDescriptionKey: "…"]`.
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        self.code = code
        self.userInfo = userInfo
    }

    /// ``kCLErrorDomain``.
    public static var errorDomain: String { kCLErrorDomain }
    /// The code's raw value.
    public var errorCode: Int { code.rawValue }
    /// ``userInfo``.
    public var errorUserInfo: [String: Any] { userInfo }

    /// Errors are equal when their codes are.
    public static func == (lhs: CLError, rhs: CLError) -> Bool { lhs.code == rhs.code }
    /// Hashes the code.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// ``Code/locationUnknown``.
    public static var locationUnknown: Code { .locationUnknown }
    /// ``Code/denied``.
    public static var denied: Code { .denied }
    /// ``Code/network``.
    public static var network: Code { .network }
    /// ``Code/headingFailure``.
    public static var headingFailure: Code { .headingFailure }
    /// ``Code/regionMonitoringDenied``.
    public static var regionMonitoringDenied: Code { .regionMonitoringDenied }
    /// ``Code/regionMonitoringFailure``.
    public static var regionMonitoringFailure: Code { .regionMonitoringFailure }
    /// ``Code/regionMonitoringSetupDelayed``.
    public static var regionMonitoringSetupDelayed: Code { .regionMonitoringSetupDelayed }
    /// ``Code/regionMonitoringResponseDelayed``.
    public static var regionMonitoringResponseDelayed: Code { .regionMonitoringResponseDelayed }
    /// ``Code/geocodeFoundNoResult``.
    public static var geocodeFoundNoResult: Code { .geocodeFoundNoResult }
    /// ``Code/geocodeFoundPartialResult``.
    public static var geocodeFoundPartialResult: Code { .geocodeFoundPartialResult }
    /// ``Code/geocodeCanceled``.
    public static var geocodeCanceled: Code { .geocodeCanceled }
    /// ``Code/deferredFailed``.
    public static var deferredFailed: Code { .deferredFailed }
    /// ``Code/deferredNotUpdatingLocation``.
    public static var deferredNotUpdatingLocation: Code { .deferredNotUpdatingLocation }
    /// ``Code/deferredAccuracyTooLow``.
    public static var deferredAccuracyTooLow: Code { .deferredAccuracyTooLow }
    /// ``Code/deferredDistanceFiltered``.
    public static var deferredDistanceFiltered: Code { .deferredDistanceFiltered }
    /// ``Code/deferredCanceled``.
    public static var deferredCanceled: Code { .deferredCanceled }
    /// ``Code/rangingUnavailable``.
    public static var rangingUnavailable: Code { .rangingUnavailable }
    /// ``Code/rangingFailure``.
    public static var rangingFailure: Code { .rangingFailure }
    /// ``Code/promptDeclined``.
    public static var promptDeclined: Code { .promptDeclined }
    /// ``Code/historicalLocationError``.
    public static var historicalLocationError: Code { .historicalLocationError }
}

/// Whether `error` is a ``CLError`` with this code, so `catch CLError.locationUnknown` works.
public func ~= (code: CLError.Code, error: any Error) -> Bool {
    (error as? CLError)?.code == code
}
