package import PaceModel
import PaceTrack

/// Which fixes a ``CLLocationManager`` delivers and when it reports a failure: the rules of
/// Apple's documentation for `startUpdatingLocation`, `requestLocation`, `distanceFilter` and
/// `desiredAccuracy`, as a value with steps and no clock.
///
/// - Continuous updates deliver every fix with a valid coordinate (horizontal accuracy ≥ 0) that
///   lies at least ``distanceFilter`` metres (on the ellipsoid) from the last delivered one; the
///   first fix after a start is always delivered. ``desiredAccuracy`` is a wish, as Apple's is:
///   continuous updates are never dropped for their accuracy.
/// - A one-shot request takes the first fix at least as accurate as ``desiredAccuracy`` (any
///   fix when it is `kCLLocationAccuracyBest…`), else, when it times out, the most accurate fix
///   seen, else a failure.
/// - A lost stream is reported once per outage while continuous updates run.
///
/// ```swift
/// var policy = LocationUpdatePolicy()
/// policy.distanceFilter = 10
/// policy.startUpdating()
/// for action in policy.receive(fix) { … }   // [.deliver(fix)]
/// ```
package struct LocationUpdatePolicy: Sendable {
    /// What the manager must do after a step.
    package enum Action: Hashable, Sendable {
        /// Deliver this location to `locationManager(_:didUpdateLocations:)`.
        case deliver(RouteLocation)
        /// Deliver `CLError.locationUnknown` with this reason to `locationManager(_:didFailWithError:)`.
        case fail(reason: String)
    }

    /// The minimum horizontal movement between delivered updates, in metres; zero or negative
    /// (`kCLDistanceFilterNone`) delivers every fix.
    package var distanceFilter: Double = kCLDistanceFilterNone
    /// The wished accuracy, in metres; negative values are the `kCLLocationAccuracyBest…` constants.
    package var desiredAccuracy: Double = kCLLocationAccuracyBest

    /// Whether continuous updates run.
    package private(set) var isUpdating = false
    /// Whether a one-shot request waits for a fix.
    package private(set) var isRequestPending = false
    private var lastDelivered: RouteLocation?
    private var bestForRequest: RouteLocation?
    private var failureReported = false
    private var fixesSinceStart = 0

    /// An idle policy: no updates, no request, no distance filter, best accuracy wished.
    package init() {}

    /// Whether a source must run.
    package var needsSource: Bool { isUpdating || isRequestPending }

    /// `startUpdatingLocation`: the next fix is delivered whatever the distance filter.
    package mutating func startUpdating() {
        if !isUpdating { lastDelivered = nil }
        isUpdating = true
    }

    /// `stopUpdatingLocation`: ends continuous updates and cancels a pending request, as Apple's does.
    package mutating func stopUpdating() {
        isUpdating = false
        isRequestPending = false
        bestForRequest = nil
    }

    /// `requestLocation`: wait for one fix.
    package mutating func requestLocation() {
        isRequestPending = true
        bestForRequest = nil
    }

    /// The source (re)started: nothing has arrived from it yet.
    package mutating func sourceStarted() {
        fixesSinceStart = 0
        failureReported = false
    }

    /// A fix arrived.
    package mutating func receive(_ location: RouteLocation) -> [Action] {
        guard location.hasValidCoordinate, location.horizontalAccuracy >= 0 else { return [] }
        fixesSinceStart += 1
        failureReported = false
        if isRequestPending {
            if desiredAccuracy < 0 || location.horizontalAccuracy <= desiredAccuracy {
                isRequestPending = false
                bestForRequest = nil
                lastDelivered = location
                return [.deliver(location)]
            }
            if bestForRequest.map({ location.horizontalAccuracy < $0.horizontalAccuracy }) ?? true {
                bestForRequest = location
            }
        }
        guard isUpdating, passesDistanceFilter(location) else { return [] }
        lastDelivered = location
        return [.deliver(location)]
    }

    /// The stream was lost (no gpsd, no device, no fix).
    package mutating func lose(reason: String) -> [Action] {
        guard isUpdating, !failureReported else { return [] }
        failureReported = true
        return [.fail(reason: reason)]
    }

    /// No fix came for a while after the source started, and the source said nothing.
    package mutating func noFixYet(after delay: Duration) -> [Action] {
        guard fixesSinceStart == 0 else { return [] }
        return lose(reason: "no location from the GPS within \(delay)")
    }

    /// A one-shot request ran out of time: the best fix seen, else a failure.
    package mutating func requestTimedOut(after timeout: Duration) -> [Action] {
        guard isRequestPending else { return [] }
        isRequestPending = false
        defer { bestForRequest = nil }
        if let best = bestForRequest {
            lastDelivered = best
            return [.deliver(best)]
        }
        return [.fail(reason: "no location from the GPS within \(timeout)")]
    }

    private func passesDistanceFilter(_ location: RouteLocation) -> Bool {
        guard distanceFilter > 0, let last = lastDelivered else { return true }
        let moved = Geodesic.wgs84.distance(latitude1: last.latitude, longitude1: last.longitude,
                                            latitude2: location.latitude, longitude2: location.longitude)
        return moved >= distanceFilter
    }
}
