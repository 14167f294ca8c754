import Foundation

/// What the receiver said about the velocity in one fix.
enum DopplerMeasurement: UInt8, Sendable {
    /// No speed.
    case none
    /// A speed without a course (receivers drop the course when slow).
    case speedOnly
    /// Speed and course: a full velocity vector.
    case vector
}

/// One gated fix, projected into the filter's plane, with its noise model and its evidence for
/// the stillness detector.
struct Observation: Sendable {
    /// Fix time, Unix seconds.
    var time: Double
    /// The fix's own geodetic position.
    var point: GeodeticPoint
    /// The fix's position in metres in the plane.
    var position: Vector2
    /// Maps the fix's local east/north onto the plane's axes.
    var toPlane: Matrix2
    /// False when the gate refused the position as inaccurate but the Doppler velocity is usable.
    var isPositionUsable: Bool
    /// Per-axis variance in m² of the position error implied by the reported accuracy.
    var positionVariance: Double
    /// Kind of velocity measurement.
    var doppler: DopplerMeasurement
    /// Doppler speed in m/s (when not ``DopplerMeasurement/none``).
    var speed: Double
    /// Doppler velocity in the plane, m/s (when ``DopplerMeasurement/vector``).
    var velocity: Vector2
    /// Per-axis Doppler noise variance in m²/s².
    var dopplerVariance: Double
    /// Altitude in metres, NaN when unusable.
    var altitude: Double
    /// Variance of ``altitude`` in m².
    var altitudeVariance: Double
    /// Log likelihood ratio, still against moving, of this fix.
    var stillnessEvidence: Double
}

/// Turns raw fixes into ``Observation``s: gating, projection, Doppler noise estimation and
/// stillness evidence. The live filter and the smoother share it, so both see the same data.
struct ObservationBuilder: Sendable {
    private(set) var gate: FixGate
    private(set) var frame: PlaneFrame?
    private var doppler: DopplerNoiseEstimator
    private let configuration: TrackFilterConfiguration
    private var previousPosition: (time: Double, position: Vector2, variance: Double)?
    /// The stillness model's memory of the recent Doppler heading: time (s) and the faded,
    /// variance-weighted sum of velocity vectors (s/m).
    private var heading: (time: Double, sum: Vector2)?

    init(configuration: TrackFilterConfiguration, frame: PlaneFrame? = nil) {
        self.configuration = configuration
        gate = FixGate(configuration: configuration.gate)
        doppler = DopplerNoiseEstimator(configuration: configuration)
        self.frame = frame
    }

    /// Replaces the plane (the live filter re-anchors on long tracks).
    mutating func setFrame(_ frame: PlaneFrame) {
        if let previous = previousPosition, let old = self.frame {
            let geodetic = old.plane.unproject(east: previous.position.x, north: previous.position.y)
            let moved = frame.position(of: GeodeticPoint(latitude: geodetic.latitude, longitude: geodetic.longitude))
            previousPosition = (previous.time, moved, previous.variance)
        }
        self.frame = frame
        // The remembered heading is in the old plane's axes; it is forgotten (it spans seconds).
        heading = nil
    }

    /// Gates and projects `fix`.
    ///
    /// - Parameters:
    ///   - fix: The next raw fix.
    ///   - isStill: The stillness detector's current decision (its noise feeds the Doppler estimate).
    /// - Returns: The observation, or nil when the fix is unusable (a fix refused only as
    ///   inaccurate still yields a velocity-only observation when it has a Doppler speed).
    mutating func observe(_ fix: Fix, isStill: Bool) -> Observation? {
        var computed: GeodeticPoint?
        let decision = gate.evaluate(fix, point: &computed)
        guard let point = computed else { return nil }
        let usable: Bool
        switch decision {
        case .accepted: usable = true
        case .rejected(.inaccurate): usable = false
        case .rejected: return nil
        }
        if !usable && (frame == nil || !fix.hasSpeed) { return nil }
        let frame = self.frame ?? PlaneFrame(latitude: fix.latitude, longitude: fix.longitude)
        self.frame = frame
        let position = frame.position(of: point)
        let toPlane = frame.toPlane(at: point)
        let sigma = configuration.accuracyToStandardDeviation * configuration.accuracyInflation
            * max(fix.horizontalAccuracy, configuration.minimumHorizontalAccuracy)
        var observation = Observation(
            time: fix.time, point: point, position: position, toPlane: toPlane, isPositionUsable: usable,
            positionVariance: max(sigma * sigma, Self.minimumPositionVariance), doppler: .none, speed: 0,
            velocity: .zero, dopplerVariance: doppler.variance, altitude: .nan, altitudeVariance: .nan,
            stillnessEvidence: 0)
        var measured: Vector2?
        if fix.hasSpeed {
            observation.speed = fix.speed
            observation.doppler = .speedOnly
            if fix.hasCourse {
                let course = fix.course * .pi / 180
                let vector = toPlane * Vector2(fix.speed * sin(course), fix.speed * cos(course))
                observation.velocity = vector
                observation.doppler = .vector
                measured = vector
            }
        }
        doppler.observe(time: fix.time, velocity: measured, speed: fix.hasSpeed ? fix.speed : -1, isStill: isStill)
        if fix.speedAccuracy > 0, fix.speedAccuracy.isFinite {
            observation.dopplerVariance = max(fix.speedAccuracy * fix.speedAccuracy, Self.minimumDopplerVariance)
        } else {
            observation.dopplerVariance = doppler.variance
        }
        if fix.hasAltitude, fix.verticalAccuracy >= 0, fix.verticalAccuracy.isFinite {
            let accuracy = fix.verticalAccuracy > 0 ? fix.verticalAccuracy : configuration.defaultVerticalAccuracy
            observation.altitude = fix.altitude
            observation.altitudeVariance = max(accuracy * accuracy, Self.minimumPositionVariance)
        }
        observation.stillnessEvidence = evidence(for: observation)
        if usable { previousPosition = (fix.time, position, observation.positionVariance) }
        return observation
    }

    private mutating func evidence(for o: Observation) -> Double {
        let movingSpeed = 2 * configuration.stillSpeed
        if o.doppler != .none {
            // The remembered heading fades with time; a fix without a vector only lets it fade.
            var sum = Vector2.zero
            if let heading, o.time > heading.time {
                sum = exp(-(o.time - heading.time) / StillnessDetector.headingMemory) * heading.sum
            }
            defer { heading = (o.time, sum) }
            guard o.doppler == .vector else {
                return StillnessDetector.evidence(speed: o.speed, variance: o.dopplerVariance, movingSpeed: movingSpeed)
            }
            return StillnessDetector.evidence(velocity: o.velocity, variance: o.dopplerVariance, movingSpeed: movingSpeed,
                                              heading: &sum)
        }
        // Without Doppler: the displacement since the previous position, against the model's
        // white noise plus the bias drift over the step (weak evidence, but not none).
        guard o.isPositionUsable, let previous = previousPosition else { return 0 }
        let dt = o.time - previous.time
        guard dt > 0, dt <= configuration.maxIntegrationInterval else { return 0 }
        let total = 0.5 * (o.positionVariance + previous.variance)
        let f = configuration.correlatedErrorFraction
        let drift = 1 - exp(-dt / max(configuration.errorCorrelationTime, 1e-9))
        let variance = (2 * (1 - f) * total + 2 * drift * f * total) / (dt * dt)
        return StillnessDetector.evidence(speed: (o.position - previous.position).length / dt, variance: variance,
                                          movingSpeed: movingSpeed)
    }

    /// Floor of a position or altitude variance, m² (1 cm).
    static let minimumPositionVariance = 1e-4
    /// Floor of a reported Doppler variance, m²/s².
    static let minimumDopplerVariance = 1e-6
}
