/// Whether the app may use location services (Apple's `CLAuthorizationStatus`), with Apple's raw
/// values. On Linux, Pace reports ``authorizedAlways``: there is no prompt, and a process that can
/// read the GPS may use it.
public enum CLAuthorizationStatus: Int32, Sendable, Hashable {
    /// The user has not decided: 0.
    case notDetermined = 0
    /// Location services are restricted for the app: 1.
    case restricted = 1
    /// The user denied location services: 2.
    case denied = 2
    /// The app may use location services at any time: 3 (what Pace reports).
    case authorizedAlways = 3
    /// The app may use location services while it is in use: 4.
    case authorizedWhenInUse = 4

    /// The macOS name of ``authorizedAlways``, 3 (deprecated by Apple).
    @available(*, deprecated, renamed: "authorizedAlways")
    public static var authorized: CLAuthorizationStatus { .authorizedAlways }
}
