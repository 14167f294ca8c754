public import Foundation
import Logging
import PaceModel
package import PaceSensors

/// Delivers the device's location to a delegate (Apple's `CLLocationManager`), fed by Pace's GPS
/// sources.
///
/// The GPS is the one `PACE_GPS` names, with the syntax of `pace record --gps`
/// (`gpsd://HOST[:PORT]`, `nmea:DEVICE[@BAUD]`, `nmea-file:PATH`); without it, gpsd on this
/// machine (`gpsd://localhost:2947`). The source opens when updates start and closes when they stop.
///
/// Delegate calls arrive on the run loop of the thread that created the manager, as Apple
/// documents — for a manager made on the main thread, through the main queue, so
/// `RunLoop.main.run()`, `dispatchMain()` and the main actor all receive them. That thread must
/// run its run loop; a manager made inside a task on Swift's cooperative pool never calls its
/// delegate (use ``CLLocationUpdate/liveUpdates(_:)`` there).
///
/// With no GPS (gpsd not running, no device, no fix) the delegate receives
/// `locationManager(_:didFailWithError:)` with `CLError.Code.locationUnknown`, once per outage, and
/// the manager keeps trying until the GPS delivers again.
///
/// ```swift
/// let manager = CLLocationManager()
/// manager.delegate = tracker
/// manager.desiredAccuracy = kCLLocationAccuracyBest
/// manager.distanceFilter = 5
/// manager.requestWhenInUseAuthorization()
/// manager.startUpdatingLocation()
/// RunLoop.main.run()
/// ```
open class CLLocationManager: NSObject {
    /// The settings that change nothing on Pace but are kept as set.
    struct Settings {
        var activityType = CLActivityType.other
        var allowsBackgroundLocationUpdates = false
        var pausesLocationUpdatesAutomatically = true
        var showsBackgroundLocationIndicator = false
    }

    /// What the updating machinery shares between the app's thread and the source's task.
    struct State {
        var policy = LocationUpdatePolicy()
        var settings = Settings()
        var source: Result<any SensorSource, SensorSpecificationError>
        var sourceTask: Task<Void, Never>?
        /// Whether the GPS is open (its task may still be starting).
        var isOpen = false
        /// Raised on every stop, so late events and queued calls of a stopped session are dropped.
        var generation = 0
        var requestSerial = 0
        /// Raised by every `stopUpdatingLocation()`: calls queued before it are dropped.
        var stops = 0
        var location: CLLocation?
        var requestTimeout = Duration.seconds(10)
        var locationUnknownDelay = Duration.seconds(15)
    }

    let lock = NSLock()
    var state: State
    /// A reference the source's task holds, so the manager can go away while it runs.
    let reference = ManagerReference()
    let deliveries = DelegateQueue()
    let logger = Logger(label: "pace.corelocation")

    /// The object that receives locations, failures and authorization changes; not retained.
    weak open var delegate: (any CLLocationManagerDelegate)?

    /// A manager for the GPS `PACE_GPS` names. Its delegate will receive the authorization status
    /// (``CLAuthorizationStatus/authorizedAlways``) once it is set, as Apple's does on creation.
    public override init() {
        state = State(source: LocationSourceResolver.resolve())
        super.init()
        reference.manager = self
        notifyAuthorization()
    }

    /// A manager fed by `source` instead of `PACE_GPS`: for Pace's tests.
    /// - Parameter source: The sensor source; its location readings become locations.
    package convenience init(source: any SensorSource) {
        self.init()
        lock.withLock { state.source = .success(source) }
    }

    /// A manager for the GPS that `environment`'s `PACE_GPS` names: for Pace's tests.
    /// - Parameter environment: Variables to read instead of the process's.
    package convenience init(environment: [String: String]) {
        self.init()
        lock.withLock { state.source = LocationSourceResolver.resolve(environment: environment) }
    }

    deinit {
        let task = lock.withLock { state.sourceTask }
        task?.cancel()
        deliveries.keepRunLoopAlive(false)
    }

    /// The accuracy the app wishes for, in metres, or one of the `kCLLocationAccuracy…`
    /// constants; default ``kCLLocationAccuracyBest``. As Apple's, a wish: continuous updates are
    /// never dropped for their accuracy; ``requestLocation()`` waits for a fix this accurate until
    /// it times out.
    open var desiredAccuracy: CLLocationAccuracy {
        get { lock.withLock { state.policy.desiredAccuracy } }
        set { lock.withLock { state.policy.desiredAccuracy = newValue } }
    }

    /// The minimum horizontal movement, in metres on the WGS-84 ellipsoid, before the next update
    /// is delivered; default ``kCLDistanceFilterNone`` (every update).
    open var distanceFilter: CLLocationDistance {
        get { lock.withLock { state.policy.distanceFilter } }
        set { lock.withLock { state.policy.distanceFilter = newValue } }
    }

    /// What the updates are for; default ``CLActivityType/other``. Kept, and ignored on Pace.
    open var activityType: CLActivityType {
        get { lock.withLock { state.settings.activityType } }
        set { lock.withLock { state.settings.activityType = newValue } }
    }

    /// Whether updates continue in the background; default `false`. Kept; a Linux process has no
    /// background state, so updates always continue.
    open var allowsBackgroundLocationUpdates: Bool {
        get { lock.withLock { state.settings.allowsBackgroundLocationUpdates } }
        set { lock.withLock { state.settings.allowsBackgroundLocationUpdates = newValue } }
    }

    /// Whether the system may pause updates; default `true`. Kept; Pace never pauses them.
    open var pausesLocationUpdatesAutomatically: Bool {
        get { lock.withLock { state.settings.pausesLocationUpdatesAutomatically } }
        set { lock.withLock { state.settings.pausesLocationUpdatesAutomatically = newValue } }
    }

    /// Whether the status bar shows background use; default `false`. Kept; there is no status bar.
    open var showsBackgroundLocationIndicator: Bool {
        get { lock.withLock { state.settings.showsBackgroundLocationIndicator } }
        set { lock.withLock { state.settings.showsBackgroundLocationIndicator = newValue } }
    }

    /// The most recent location received from the GPS, whatever the filters; `nil` before the first.
    open var location: CLLocation? { lock.withLock { state.location } }

    /// How long ``requestLocation()`` waits for a fix; 10 s unless a test shortens it.
    package var requestTimeout: Duration {
        get { lock.withLock { state.requestTimeout } }
        set { lock.withLock { state.requestTimeout = newValue } }
    }

    /// How long after the GPS opens without a fix, and without the source saying why, the delegate
    /// is told `locationUnknown`; 15 s unless a test shortens it.
    package var locationUnknownDelay: Duration {
        get { lock.withLock { state.locationUnknownDelay } }
        set { lock.withLock { state.locationUnknownDelay = newValue } }
    }

    /// Starts delivering locations to `locationManager(_:didUpdateLocations:)`: opens the GPS if
    /// it is not open, and keeps it open until ``stopUpdatingLocation()``. Calling it again while
    /// updating changes nothing.
    open func startUpdatingLocation() {
        startUpdates()
    }

    /// Stops location updates, cancels a pending ``requestLocation()`` and closes the GPS. Calls
    /// already queued for the delegate are dropped.
    open func stopUpdatingLocation() {
        stopUpdates()
    }

    /// Asks for one location: the delegate receives the first fix at least as accurate as
    /// ``desiredAccuracy``, or, after 10 s, the most accurate fix seen, or
    /// `CLError.Code.locationUnknown`. Returns at once.
    open func requestLocation() {
        requestOneLocation()
    }

    /// The app's authorization (iOS 14): always ``CLAuthorizationStatus/authorizedAlways`` on
    /// Linux, where a process that can read the GPS may use it.
    open var authorizationStatus: CLAuthorizationStatus { .authorizedAlways }

    /// The app's authorization, as a class method (deprecated by Apple in iOS 14): always
    /// ``CLAuthorizationStatus/authorizedAlways``.
    @available(*, deprecated, message: "Use the authorizationStatus instance property")
    open class func authorizationStatus() -> CLAuthorizationStatus { .authorizedAlways }

    /// The accuracy the app may use: always ``CLAccuracyAuthorization/fullAccuracy``.
    open var accuracyAuthorization: CLAccuracyAuthorization { .fullAccuracy }

    /// Asks for permission while the app is in use. There is no prompt on Linux: the delegate is
    /// told the status (``CLAuthorizationStatus/authorizedAlways``), asynchronously.
    open func requestWhenInUseAuthorization() {
        notifyAuthorization()
    }

    /// Asks for permission at all times. There is no prompt on Linux: the delegate is told the
    /// status (``CLAuthorizationStatus/authorizedAlways``), asynchronously.
    open func requestAlwaysAuthorization() {
        notifyAuthorization()
    }

    /// Whether location services are on: always `true` on Pace (a GPS that cannot be read is
    /// reported as `locationUnknown`).
    open class func locationServicesEnabled() -> Bool { true }

    /// Whether a compass heading is available: `false` on Pace.
    open class func headingAvailable() -> Bool { false }

    /// Whether significant-change monitoring is available: `false` on Pace.
    open class func significantLocationChangeMonitoringAvailable() -> Bool { false }
}
