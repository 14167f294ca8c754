public import Foundation

/// What a ``CLLocationManager`` tells its delegate (Apple's `CLLocationManagerDelegate`).
///
/// Apple's methods are optional; here each has an empty default in a protocol extension, so a
/// delegate implements only the ones it needs, with Apple's signatures. The calls arrive on the
/// run loop of the thread that created the manager (the main queue for a manager made on the main
/// thread), one at a time, in order.
///
/// ```swift
/// final class Tracker: NSObject, CLLocationManagerDelegate {
///     func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
///         for location in locations { route.append(location) }
///     }
///     func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
///         if (error as? CLError)?.code == .locationUnknown { return }   // it keeps trying
///     }
/// }
/// ```
public protocol CLLocationManagerDelegate: NSObjectProtocol {
    /// New locations, oldest first; never empty.
    /// - Parameters:
    ///   - manager: The manager.
    ///   - locations: The locations, the most recent last.
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])

    /// The manager could not get a location. With `CLError.Code.locationUnknown` it keeps trying.
    /// - Parameters:
    ///   - manager: The manager.
    ///   - error: A ``CLError``.
    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error)

    /// The app's authorization changed, or the manager was created (iOS 14).
    /// - Parameter manager: The manager; read its ``CLLocationManager/authorizationStatus``.
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)

    /// The app's authorization changed, or the manager was created (before iOS 14; deprecated by Apple).
    /// - Parameters:
    ///   - manager: The manager.
    ///   - status: The status: ``CLAuthorizationStatus/authorizedAlways`` on Pace.
    func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus)
}

extension CLLocationManagerDelegate {
    /// Does nothing.
    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {}
    /// Does nothing.
    public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {}
    /// Does nothing.
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}
    /// Does nothing.
    public func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {}
}
