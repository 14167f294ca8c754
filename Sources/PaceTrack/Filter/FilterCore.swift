import Foundation

/// The Kalman filter proper, shared by ``TrackFilter`` and ``TrackSmoother``: one predict and
/// update per observation, with the stillness decision given from outside.
///
/// Model, per horizontal axis, in the plane: position and velocity under white-noise
/// acceleration (along- and cross-track spectral densities, or one isotropic density), and a
/// Gauss–Markov position bias; a fix measures position + bias + white noise, the Doppler
/// measures velocity. The reported accuracy sets the fix's error variance, split between bias
/// and white noise; a running calibration (mean normalised innovation squared) inflates it when
/// the receiver is over-confident. Positions failing a χ² innovation test are skipped.
struct FilterCore: Sendable {
    let configuration: TrackFilterConfiguration
    private(set) var state = KinematicState(position: .zero, velocity: .zero, bias: .zero)
    private(set) var covariance = KinematicCovariance.zero
    private(set) var isInitialised = false
    private(set) var lastTime = -Double.infinity
    /// Calibration factor on the reported accuracy's variance (≥ 1).
    private(set) var accuracyScale = 1.0
    /// Positions skipped by the innovation test.
    private(set) var innovationRejections = 0
    private var consecutiveRejections = 0
    private var biasVariance = 0.0
    private var wasStill = false
    /// Along/cross-track acceleration noise (smoother) or one isotropic density between the two
    /// (live filter; see ``init(configuration:anisotropic:)``).
    private let anisotropic: Bool

    /// What one step did.
    struct Step: Sendable {
        /// The prediction into this fix; nil when the filter (re-)initialised here.
        var prediction: PredictionStep?
        /// Variance (per axis, m²/s²) of the velocity measurement applied, or 0 when none.
        var velocityMeasurementVariance: Double
        /// Whether the position was skipped by the innovation test.
        var positionRejected: Bool
    }

    /// Creates a filter.
    ///
    /// - Parameters:
    ///   - configuration: The parameters.
    ///   - anisotropic: Whether the acceleration noise is split along and across the direction of
    ///     travel. The smoother wants the split (speed changes slowly, direction quickly, and the
    ///     backward pass sees both sides of every turn). A causal filter does not: each turn of
    ///     the velocity vector lengthens it by Δ⊥²/2|v|, and with the small along-track noise only a
    ///     small gain shortens it again, so the speed ratchets a few per cent high in noisy
    ///     conditions. The live filter therefore uses one isotropic density, the geometric mean
    ///     of the two.
    init(configuration: TrackFilterConfiguration, anisotropic: Bool) {
        self.configuration = configuration
        self.anisotropic = anisotropic
    }

    /// Advances the filter to `o` and conditions on it.
    ///
    /// - Parameters:
    ///   - o: The observation.
    ///   - still: Whether the athlete is standing still at this fix.
    /// - Returns: What happened, or nil when the observation could not be used (a velocity-only
    ///   observation before the first position, or a non-increasing time).
    mutating func step(_ o: Observation, still: Bool) -> Step? {
        if !isInitialised || o.time - lastTime > configuration.maxPredictionInterval {
            guard o.isPositionUsable else { return nil }
            return initialise(o, still: still)
        }
        let dt = o.time - lastTime
        guard dt > 0 else { return nil }
        let total = accuracyScale * o.positionVariance
        let f = min(max(configuration.correlatedErrorFraction, 0), 1)
        if o.isPositionUsable { biasVariance = f * total }
        let decay = exp(-dt / max(configuration.errorCorrelationTime, 1e-9))
        let prediction = PredictionStep(dt: dt, decay: decay, acceleration: accelerationNoise(switching: still != wasStill),
                                        biasNoise: (1 - decay * decay) * biasVariance)
        let saved = (state, covariance)
        state = prediction.predicted(state)
        covariance = covariance.predicted(prediction)
        var rejected = false
        if o.isPositionUsable { rejected = !updatePosition(o.position, variance: max((1 - f) * total, 1e-4)) }
        let velocityVariance = updateVelocity(o, still: still)
        guard state.isFinite, covariance.isFinite else {
            (state, covariance) = saved
            return nil
        }
        wasStill = still
        lastTime = o.time
        return Step(prediction: prediction, velocityMeasurementVariance: velocityVariance, positionRejected: rejected)
    }

    /// Moves the state into another plane: `position` is the state's position there and `t` maps
    /// the old plane's horizontal axes onto the new one's.
    mutating func reanchor(position: Vector2, rotation t: Matrix2) {
        state = KinematicState(position: position, velocity: t * state.velocity, bias: t * state.bias)
        covariance = covariance.transformed(by: t)
    }

    private mutating func initialise(_ o: Observation, still: Bool) -> Step {
        let total = accuracyScale * o.positionVariance
        let f = min(max(configuration.correlatedErrorFraction, 0), 1)
        biasVariance = f * total
        var velocity = Vector2.zero
        var velocityVariance = configuration.initialVelocityStandardDeviation * configuration.initialVelocityStandardDeviation
        var measured = 0.0
        if still {
            let s = configuration.stillVelocityStandardDeviation
            velocityVariance = s * s
            measured = velocityVariance
        } else if o.doppler == .vector {
            velocity = o.velocity
            velocityVariance = o.dopplerVariance
            measured = velocityVariance
        } else if o.doppler == .speedOnly {
            velocityVariance = o.speed * o.speed + o.dopplerVariance
        }
        state = KinematicState(position: o.position, velocity: velocity, bias: .zero)
        covariance = KinematicCovariance(pp: Matrix2(diagonal: total), pv: .zero, pb: Matrix2(diagonal: -biasVariance),
                                         vv: Matrix2(diagonal: velocityVariance), vb: .zero,
                                         bb: Matrix2(diagonal: biasVariance))
        isInitialised = true
        consecutiveRejections = 0
        wasStill = still
        lastTime = o.time
        return Step(prediction: nil, velocityMeasurementVariance: measured, positionRejected: false)
    }

    /// The acceleration noise for the next step: along/cross-track around the current direction
    /// of travel (isotropic when slow, or when not ``anisotropic``), and the start/stop
    /// acceleration when stillness switches.
    private func accelerationNoise(switching: Bool) -> Matrix2 {
        if switching {
            let a = configuration.startStopAcceleration
            return Matrix2(diagonal: max(a * a * Self.startStopDuration, configuration.crossTrackAccelerationNoise))
        }
        let along = configuration.alongTrackAccelerationNoise, cross = configuration.crossTrackAccelerationNoise
        guard anisotropic else { return Matrix2(diagonal: (along * cross).squareRoot()) }
        let v = state.velocity
        let speed2 = v.squaredLength
        guard speed2 > 0 else { return Matrix2(diagonal: cross) }
        let scale = configuration.headingSpeedScale
        let weight = speed2 / (speed2 + scale * scale) * (cross - along) / speed2
        return Matrix2(cross - weight * v.x * v.x, -weight * v.x * v.y, -weight * v.x * v.y, cross - weight * v.y * v.y)
    }

    /// Conditions on a fix position; false when the innovation test skipped it.
    private mutating func updatePosition(_ z: Vector2, variance: Double) -> Bool {
        let c = covariance
        let innovation = z - (state.position + state.bias)
        let s = c.pp + c.pb + c.pb.transposed + c.bb + Matrix2(diagonal: variance)
        guard let sInverse = s.inverse else { return false }
        let d2 = sInverse.quadraticForm(innovation)
        if configuration.calibrationWindow > 0, d2.isFinite {
            let sample = min(d2, configuration.innovationGate) / 2 * accuracyScale
            accuracyScale += (sample - accuracyScale) / max(configuration.calibrationWindow, 1)
            accuracyScale = min(max(accuracyScale, 1), max(configuration.maxAccuracyScale, 1))
        }
        var inflated = c
        if !(d2 <= configuration.innovationGate) {
            guard consecutiveRejections >= configuration.maxConsecutiveInnovationRejections, d2.isFinite else {
                consecutiveRejections += 1
                innovationRejections += 1
                return false
            }
            // Re-anchor: the state was wrong, not the fixes. Let the position move to them.
            inflated.pp += Matrix2(diagonal: innovation.squaredLength / 2)
        }
        consecutiveRejections = 0
        covariance = inflated
        let up = inflated.pp + inflated.pb, uv = inflated.pv.transposed + inflated.vb
        let ub = inflated.pb.transposed + inflated.bb
        let s2 = up + ub + Matrix2(diagonal: variance)
        covariance.condition(&state, innovation: innovation, up: up, uv: uv, ub: ub, s: s2.symmetrized)
        return true
    }

    /// Conditions on the Doppler velocity (or on zero velocity while still); returns the
    /// measurement variance used, 0 when none.
    private mutating func updateVelocity(_ o: Observation, still: Bool) -> Double {
        if still {
            let sd = configuration.stillVelocityStandardDeviation
            return condition(velocity: .zero, variance: sd * sd)
        }
        switch o.doppler {
        case .vector:
            return condition(velocity: o.velocity, variance: o.dopplerVariance)
        case .speedOnly:
            return conditionOnSpeed(o)
        case .none:
            return 0
        }
    }

    /// Conditions on a speed without a course (receivers drop the course when slow); returns the
    /// measurement variance used, 0 when none.
    ///
    /// The measured vector lies on a circle of radius s in an unknown direction. Given the
    /// predicted velocity v̂, its direction follows a von Mises distribution of concentration
    /// κ = s|v̂| / (σ² + P), so its expected value is s·I₁(κ)/I₀(κ) along v̂, with the rest of s² as
    /// spread; with no prediction, zero with variance s²/2. Skipping these fixes instead would bias
    /// slow speeds upwards, since the vectors that remain are the ones noise made fast.
    private mutating func conditionOnSpeed(_ o: Observation) -> Double {
        let predicted = state.velocity, predictedSpeed = predicted.length
        guard predictedSpeed > 0 else {
            return condition(velocity: .zero, variance: o.speed * o.speed / 2 + o.dopplerVariance)
        }
        // A speed says nothing across the predicted direction: only the component along v̂ is
        // measured (conditioning both would pin the heading to its own prediction). Its variance is
        // the spread's mean per axis, s²(1 − A²)/2: the exact along-axis spread s²(1 − A/κ − A²)
        // trusts κ, which rests on the predicted speed, and measured a distance bias (DECISIONS 81).
        let kappa = o.speed * predictedSpeed / (o.dopplerVariance + 0.5 * covariance.vv.trace)
        let meanCosine = besselRatioI1I0(kappa)
        let variance = max(o.dopplerVariance + o.speed * o.speed * (1 - meanCosine * meanCosine) / 2, 1e-8)
        let applied = covariance.conditionVelocity(&state, along: (1 / predictedSpeed) * predicted,
                                                   innovation: o.speed * meanCosine - predictedSpeed, variance: variance)
        return applied ? variance : 0
    }

    /// Conditions on a measured velocity vector with per-axis variance `variance`; returns the
    /// variance used.
    private mutating func condition(velocity measurement: Vector2, variance: Double) -> Double {
        let c = covariance
        let innovation = measurement - state.velocity
        let s = c.vv + Matrix2(diagonal: max(variance, 1e-8))
        covariance.condition(&state, innovation: innovation, up: c.pv, uv: c.vv, ub: c.vb.transposed, s: s)
        return max(variance, 1e-8)
    }

    /// Duration, in seconds, over which a start or stop changes the speed.
    static let startStopDuration = 1.0
}
