/// The distance estimator: speed from the filtered velocity, corrected for the bias of a noisy
/// vector's magnitude, integrated over time; zero while still.
///
/// `|v̂|² = |v|² + σ∥² + σ⊥²` for an estimate with along- and cross-track errors, but to first
/// order only the cross-track error biases `|v̂|` (upwards, by `σ⊥² / 2|v|`), so the speed is
/// `√(|v̂|² − σ⊥²)`, where σ⊥² is the part of the cross-track variance that is measurement noise.
/// For a random-walk velocity measured with variance R, the noise part of the posterior variance P
/// is `P R / (P + R)` (exact in steady state); the smoother scales it by smoothed/filtered variance.
enum Odometer {
    /// One end of a distance step.
    struct Endpoint: Sendable {
        var time: Double
        var position: Vector2
        var velocity: Vector2
        /// Corrected speed, m/s (0 when still).
        var speed: Double
        var isStill: Bool
        /// Position covariance, m².
        var positionCovariance: Matrix2
        /// Variance of the speed (velocity error along the direction of travel), m²/s².
        var speedVariance: Double
    }

    /// Unit vector along `v`, nil when `v` is zero.
    static func direction(_ v: Vector2) -> Vector2? {
        let length = v.length
        return length > 0 && length.isFinite ? (1 / length) * v : nil
    }

    /// Variance of `velocityCovariance` across (`across` true) or along the direction of `velocity`.
    static func variance(_ velocityCovariance: Matrix2, of velocity: Vector2, across: Bool) -> Double {
        guard let u = direction(velocity) else { return 0.5 * velocityCovariance.trace }
        return velocityCovariance.quadraticForm(across ? Vector2(-u.y, u.x) : u)
    }

    /// The measurement-noise part of a posterior variance `p` after measurements of variance `r`.
    static func noiseVariance(posterior p: Double, measurement r: Double) -> Double {
        guard p > 0, r > 0 else { return max(p, 0) }
        return p * r / (p + r)
    }

    /// `√(|v|² − σ⊥²)`, never negative.
    static func correctedSpeed(_ velocity: Vector2, crossNoiseVariance: Double) -> Double {
        max(velocity.squaredLength - max(crossNoiseVariance, 0), 0).squareRoot()
    }

    /// Distance in metres and its variance in m² from `a` to `b`.
    static func increment(from a: Endpoint, to b: Endpoint, configuration c: TrackFilterConfiguration)
        -> (distance: Double, variance: Double) {
        let dt = b.time - a.time
        guard dt > 0 else { return (0, 0) }
        let accel = max(c.startStopAcceleration, 1e-3)
        if b.isStill {
            guard !a.isStill else { return (0, 0) }
            // Slowing to a stop: the braking distance, at most the trapezoid.
            let braking = min(a.speed * dt / 2, a.speed * a.speed / (2 * accel))
            return (braking, dt * dt * a.speedVariance / 4)
        }
        if dt > c.maxIntegrationInterval { return pathAcrossGap(from: a, to: b, dt: dt, configuration: c) }
        var distance = 0.5 * (a.speed + b.speed) * dt
        if a.isStill { distance = min(distance, b.speed * b.speed / (2 * accel)) }
        let deviation = 0.5 * dt * (a.speedVariance.squareRoot() + b.speedVariance.squareRoot())
        return (distance, deviation * deviation)
    }

    /// A long step: the length of the cubic Hermite curve through both ends' positions and
    /// velocities, between the straight line and ``TrackFilterConfiguration/maxGapPathRatio`` times it.
    private static func pathAcrossGap(from a: Endpoint, to b: Endpoint, dt: Double, configuration c: TrackFilterConfiguration)
        -> (distance: Double, variance: Double) {
        let chordVector = b.position - a.position
        let chord = chordVector.length
        let chordDirection = direction(chordVector) ?? Vector2(1, 0)
        let variance = (a.positionCovariance + b.positionCovariance).quadraticForm(chordDirection)
        guard !a.isStill, chord > 0 else { return (chord, variance) }
        let m0 = dt * (a.speed > 0 ? a.speed * (direction(a.velocity) ?? chordDirection) : .zero)
        let m1 = dt * (b.speed > 0 ? b.speed * (direction(b.velocity) ?? chordDirection) : .zero)
        var length = 0.0
        var previous = a.position
        for i in 1...hermiteSegments {
            let s = Double(i) / Double(hermiteSegments), s2 = s * s, s3 = s2 * s
            let point = (2 * s3 - 3 * s2 + 1) * a.position + (s3 - 2 * s2 + s) * m0 + (-2 * s3 + 3 * s2) * b.position
                + (s3 - s2) * m1
            length += (point - previous).length
            previous = point
        }
        guard length.isFinite else { return (chord, variance) }
        return (min(max(length, chord), chord * max(c.maxGapPathRatio, 1)), variance)
    }

    /// Segments of the polyline measuring a long step's cubic.
    static let hermiteSegments = 8
}
