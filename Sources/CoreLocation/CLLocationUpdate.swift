/// One update of iOS 17's asynchronous location API (Apple's `CLLocationUpdate`): a location, or
/// why there is none.
///
/// ```swift
/// for try await update in CLLocationUpdate.liveUpdates() {
///     if let location = update.location { route.append(location) }
///     if update.isStationary { showPaused() }
/// }
/// ```
public struct CLLocationUpdate: Sendable {
    /// The location, or `nil` when none is available (then ``locationUnavailable`` is `true`).
    public let location: CLLocation?
    /// Whether the device is stationary: Pace's auto-pause rule (PaceTrack's `AutoPauseDetector`,
    /// general thresholds) judged the last fixes to be standing still. While stationary, updates
    /// stop until the device moves again or its location becomes unknown, as Apple documents.
    public let isStationary: Bool
    /// Whether no location is available right now: no GPS, no fix (iOS 18).
    public let locationUnavailable: Bool

    init(location: CLLocation?, isStationary: Bool, locationUnavailable: Bool) {
        self.location = location
        self.isStationary = isStationary
        self.locationUnavailable = locationUnavailable
    }

    /// The same as ``isStationary`` (iOS 18).
    public var stationary: Bool { isStationary }
    /// Whether the app's authorization was denied: never on Pace (iOS 18).
    public var authorizationDenied: Bool { false }
    /// Whether location services are off for every app: never on Pace (iOS 18).
    public var authorizationDeniedGlobally: Bool { false }
    /// Whether authorization is restricted: never on Pace (iOS 18).
    public var authorizationRestricted: Bool { false }
    /// Whether an authorization request is waiting for an answer: never on Pace (iOS 18).
    public var authorizationRequestInProgress: Bool { false }
    /// Whether the app lacks "in use" status: never on Pace (iOS 18).
    public var insufficientlyInUse: Bool { false }
    /// Whether the accuracy is reduced by authorization: never on Pace (iOS 18).
    public var accuracyLimited: Bool { false }
    /// Whether a service session is needed: never on Pace (iOS 18).
    public var serviceSessionRequired: Bool { false }
}
