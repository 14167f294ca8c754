public import PaceModel

/// The live GPS filter: raw fixes in, filtered ``TrackPoint``s out, one at a time.
///
/// Each fix goes through a ``FixGate``, is projected into a local tangent plane, and updates a
/// 6-state Kalman filter (position, velocity, and the slowly varying GPS position error, east and
/// north) with the fix's position and Doppler velocity:
///
/// - **Motion model.** White-noise acceleration with one isotropic spectral density, the geometric
///   mean of the activity's along- and cross-track values (the smoother splits them; a causal
///   filter with the split reads speeds high, see ``TrackSmoother``).
/// - **Noise model.** The reported 68 % accuracy sets the position error; 85 % of its variance is
///   modelled as a bias correlated over a minute, which the Doppler-integrated motion separates
///   from the true position. A running calibration inflates over-confident accuracies. The
///   Doppler noise is estimated from the data.
/// - **Outliers.** Positions failing a χ² innovation test (multipath the reported accuracy hides)
///   are skipped without touching the state, and counted.
/// - **Stillness.** A two-state detector on the Doppler speeds and directions (vectors that agree
///   with the recent heading are evidence of motion) decides when the athlete stands
///   still: the velocity is then held at zero and no distance accrues (no creeping at traffic
///   lights); hysteresis keeps the decision from flapping.
/// - **Distance.** The odometer integrates the filtered speed, corrected for the upward bias of a
///   noisy velocity's magnitude, and carries a variance from the filter covariance.
/// - **Gaps.** Short gaps are predicted across; after ``TrackFilterConfiguration/maxPredictionInterval``
///   the filter starts afresh.
///
/// A fix yields a point when it updates the filter — including a fix whose position was refused
/// as inaccurate or as an outlier but whose Doppler velocity was used.
///
/// ```swift
/// var filter = TrackFilter(activity: .running)
/// for fix in fixes {
///     if let point = filter.update(fix) { show(point.latitude, point.longitude, point.speed) }
/// }
/// print(filter.distance, filter.distanceVariance.squareRoot())
/// ```
public struct TrackFilter: Sendable {
    /// The parameters in use.
    public let configuration: TrackFilterConfiguration
    /// Total distance so far, in metres.
    public private(set) var distance = 0.0
    /// Variance of ``distance`` in m² (sum of the increments' variances).
    public private(set) var distanceVariance = 0.0

    private var builder: ObservationBuilder
    private var stillness: StillnessDetector
    private var core: FilterCore
    private var vertical: VerticalFilter
    private var previous: Odometer.Endpoint?
    private var previousObservationTime: Double?

    /// Creates a filter with explicit parameters.
    ///
    /// - Parameter configuration: The parameters.
    public init(configuration: TrackFilterConfiguration) {
        self.configuration = configuration
        builder = ObservationBuilder(configuration: configuration)
        stillness = StillnessDetector(configuration: configuration)
        core = FilterCore(configuration: configuration, anisotropic: false)
        vertical = VerticalFilter(configuration: configuration)
    }

    /// Creates a filter with the parameters of `activity` (``TrackFilterConfiguration/forActivity(_:)``).
    ///
    /// - Parameter activity: The workout's activity type.
    public init(activity: WorkoutActivityType) {
        self.init(configuration: .forActivity(activity))
    }

    /// Fixes refused by the gate, by reason (a fix refused as inaccurate whose Doppler velocity was
    /// still used is counted here too).
    public var rejections: [RejectionReason: Int] { builder.gate.rejections }
    /// Positions skipped by the filter's innovation test (outliers the gate let through).
    public var innovationRejections: Int { core.innovationRejections }
    /// Whether the athlete is judged to be standing still now.
    public var isStationary: Bool { stillness.isStill }

    /// Takes the next raw fix.
    ///
    /// - Parameter fix: A fix, in arrival order.
    /// - Returns: The filtered point at the fix's time, or nil when the fix was not used.
    public mutating func update(_ fix: Fix) -> TrackPoint? {
        guard let o = builder.observe(fix, isStill: stillness.isStill), let frame = builder.frame else { return nil }
        guard o.time > (previousObservationTime ?? -.infinity) else { return nil }
        let dt = previousObservationTime.map { o.time - $0 } ?? 0
        guard core.isInitialised || o.isPositionUsable else { return nil }
        stillness.update(dt: dt, evidence: o.stillnessEvidence)
        previousObservationTime = o.time
        let still = stillness.isStill
        guard let step = core.step(o, still: still) else { return nil }
        let altitude = vertical.update(time: o.time, altitude: o.altitude, variance: o.altitudeVariance).altitude

        let state = core.state, covariance = core.covariance
        let velocity = still ? Vector2.zero : state.velocity
        let measurement = step.velocityMeasurementVariance > 0 ? step.velocityMeasurementVariance : o.dopplerVariance
        let cross = Odometer.noiseVariance(
            posterior: Odometer.variance(covariance.vv, of: state.velocity, across: true), measurement: measurement)
        let speed = still ? 0 : Odometer.correctedSpeed(state.velocity, crossNoiseVariance: cross)
        let endpoint = Odometer.Endpoint(
            time: o.time, position: state.position, velocity: velocity, speed: speed, isStill: still,
            positionCovariance: covariance.pp,
            speedVariance: still ? 0 : Odometer.variance(covariance.vv, of: state.velocity, across: false))

        var increment = (distance: 0.0, variance: 0.0)
        if let previous {
            if step.prediction != nil {
                increment = Odometer.increment(from: previous, to: endpoint, configuration: configuration)
            } else {
                increment = Self.restartIncrement(from: previous, to: endpoint, maxSpeed: configuration.gate.maxSpeed)
            }
        }
        if !(increment.distance.isFinite && increment.variance.isFinite) { increment = (0, 0) }
        distance += increment.distance
        distanceVariance += increment.variance
        previous = endpoint

        let geodetic = frame.geodetic(of: state.position, near: o.point, fixPosition: o.position, toPlane: o.toPlane)
        let point = TrackPoint(
            time: o.time, latitude: geodetic.latitude, longitude: geodetic.longitude, altitude: altitude,
            east: state.position.x, north: state.position.y, velocityEast: velocity.x, velocityNorth: velocity.y,
            speed: speed, positionVariance: covariance.pp.trace, isStationary: still,
            distanceIncrement: increment.distance, distanceVariance: increment.variance)
        if state.position.length > configuration.reanchorDistance { reanchor(at: geodetic, from: frame) }
        return point
    }

    /// After a gap long enough to restart the filter: the straight line between the last estimate
    /// and the new fix, when it was within the activity's speed limit (otherwise the athlete
    /// travelled some other way, or the recording was paused: nothing is counted).
    static func restartIncrement(from a: Odometer.Endpoint, to b: Odometer.Endpoint, maxSpeed: Double)
        -> (distance: Double, variance: Double) {
        let chord = (b.position - a.position).length, dt = b.time - a.time
        guard dt > 0, chord <= maxSpeed * dt else { return (0, 0) }
        return (chord, 0.5 * (a.positionCovariance.trace + b.positionCovariance.trace))
    }

    /// Moves the plane's origin to the current position, carrying state and history over.
    private mutating func reanchor(at geodetic: (latitude: Double, longitude: Double), from old: PlaneFrame) {
        let frame = PlaneFrame(latitude: geodetic.latitude, longitude: geodetic.longitude)
        let rotation = frame.toPlane(from: old)
        let origin = GeodeticPoint(latitude: geodetic.latitude, longitude: geodetic.longitude)
        core.reanchor(position: frame.position(of: origin), rotation: rotation)
        builder.setFrame(frame)
        if var last = previous {
            let g = old.plane.unproject(east: last.position.x, north: last.position.y)
            last.position = frame.position(of: GeodeticPoint(latitude: g.latitude, longitude: g.longitude))
            last.velocity = rotation * last.velocity
            last.positionCovariance = Matrix2.timesTransposed(rotation * last.positionCovariance, rotation)
            previous = last
        }
    }
}
