import Foundation

/// Two-state hidden Markov model (still / moving) over the Doppler speeds.
///
/// Standing still, the reported speed is the magnitude of pure Doppler noise, Rayleigh
/// distributed with the per-axis noise σ; moving at speed v it is Rician. Each speed gives the log
/// likelihood ratio of "still" against "moving at the activity's slowest moving speed", the
/// evidence is accumulated with sticky transitions (stop and start rates), and the live decision
/// uses two thresholds (hysteresis). Because the test is in units of the estimated noise, it is
/// as quick as the data allow: one fix under open sky, two or three in an urban canyon. The
/// smoother runs the same model forwards and backwards.
struct StillnessDetector: Sendable {
    private let stopRate: Double
    private let startRate: Double
    private let enterProbability: Double
    private let leaveProbability: Double
    /// Log odds of being still, given the evidence so far.
    private(set) var logOdds: Double
    /// The live decision.
    private(set) var isStill = false
    private var hasObserved = false

    /// Log odds are clamped to ±this, so the detector can always change its mind.
    static let maxLogOdds = 30.0

    init(configuration: TrackFilterConfiguration) {
        stopRate = min(max(configuration.stopRate, 1e-9), 1)
        startRate = min(max(configuration.startRate, 1e-9), 1)
        enterProbability = configuration.enterStillnessProbability
        leaveProbability = configuration.leaveStillnessProbability
        logOdds = log(stopRate / startRate)
    }

    /// Probability of being still.
    var stillProbability: Double { 1 / (1 + exp(-logOdds)) }

    /// Moves the belief forward by `dt` seconds, folds in one observation's evidence and updates
    /// the hysteresis decision.
    ///
    /// - Parameters:
    ///   - dt: Seconds since the previous observation.
    ///   - evidence: Log likelihood ratio, still against moving (0 without a measurement).
    mutating func update(dt: Double, evidence: Double) {
        if hasObserved { logOdds = Self.transition(logOdds, dt: dt, stopRate: stopRate, startRate: startRate) }
        hasObserved = true
        logOdds = min(max(logOdds + evidence, -Self.maxLogOdds), Self.maxLogOdds)
        let p = stillProbability
        if isStill { if p < leaveProbability { isStill = false } } else if p > enterProbability { isStill = true }
    }

    /// The log odds of still after `dt` seconds of the two-state Markov chain.
    static func transition(_ logOdds: Double, dt: Double, stopRate: Double, startRate: Double) -> Double {
        let (toStill, toMoving) = switchProbabilities(dt: dt, stopRate: stopRate, startRate: startRate)
        let p = 1 / (1 + exp(-logOdds))
        let still = p * (1 - toMoving) + (1 - p) * toStill
        let clamped = min(max(still, 1e-13), 1 - 1e-13)
        return log(clamped / (1 - clamped))
    }

    /// Probabilities of switching state within `dt` seconds (moving → still, still → moving).
    static func switchProbabilities(dt: Double, stopRate: Double, startRate: Double) -> (toStill: Double, toMoving: Double) {
        let span = min(max(dt, 0), 1e6)
        return (-expm1(span * log1p(-stopRate)), -expm1(span * log1p(-startRate)))
    }

    /// Log likelihood ratio of a speed under "still" (Rayleigh) against "moving at `movingSpeed`"
    /// (Rice), with per-axis noise variance `variance`.
    ///
    /// - Parameters:
    ///   - speed: Observed speed in m/s (Doppler, or displacement over time).
    ///   - variance: Per-axis noise variance of the velocity behind it, m²/s².
    ///   - movingSpeed: The alternative's speed in m/s.
    static func evidence(speed: Double, variance: Double, movingSpeed: Double) -> Double {
        guard speed.isFinite, speed >= 0, variance > 0, movingSpeed > 0 else { return 0 }
        let moving = logBesselI0(speed * movingSpeed / variance) - movingSpeed * movingSpeed / (2 * variance)
        return -moving
    }

    /// Log likelihood ratio of a Doppler velocity vector under "still" against "moving at
    /// `movingSpeed`", where a moving athlete keeps the heading of the recent vectors with
    /// probability ``headingPersistence`` or takes a new, uniformly random one otherwise.
    ///
    /// The recent vectors are summarised by `heading`, their sum weighted by inverse noise variance
    /// and faded over ``headingMemory`` seconds: for a fixed heading θ the vectors' likelihood depends
    /// on θ only through that sum, so the heading's posterior is von Mises with concentration
    /// `movingSpeed · |sum|`. Noisy vectors that agree in direction are evidence of motion even
    /// when each one alone is as short as standing-still noise; a vector against the recent
    /// heading costs the moving hypothesis at most `−log(1 − ρ)`, as after a hairpin.
    ///
    /// - Parameters:
    ///   - velocity: The Doppler velocity vector in m/s.
    ///   - variance: Its per-axis noise variance, m²/s².
    ///   - movingSpeed: The alternative's speed in m/s.
    ///   - heading: The faded, variance-weighted sum of the earlier vectors (s/m), updated to
    ///     include this one.
    /// - Returns: The evidence, positive for still.
    static func evidence(velocity: Vector2, variance: Double, movingSpeed v: Double, heading: inout Vector2) -> Double {
        let speed = velocity.length
        let fresh = evidence(speed: speed, variance: variance, movingSpeed: v)
        guard speed.isFinite, variance > 0, v > 0 else { return fresh }
        let carried = heading
        heading = carried + (1 / variance) * velocity
        let kept = v * v / (2 * variance) - logBesselI0(v * heading.length) + logBesselI0(v * carried.length)
        // −log(ρ·e^(−kept) + (1−ρ)·e^(−fresh)), computed stably.
        let a = log(headingPersistence) - kept, b = log(1 - headingPersistence) - fresh
        let top = max(a, b)
        return -(top + log(exp(a - top) + exp(b - top)))
    }

    /// Probability that a moving athlete keeps the recent heading from one fix to the next in
    /// the stillness model (the rest goes to a new heading: a turn).
    static let headingPersistence = 0.5
    /// Seconds over which earlier Doppler vectors fade from the heading the stillness model
    /// expects (about the time a hiker needs to turn a hairpin).
    static let headingMemory = 10.0

    /// Smoothed log odds of still for every observation (forward–backward).
    ///
    /// - Parameters:
    ///   - filtered: The forward log odds after each observation.
    ///   - evidence: Each observation's evidence.
    ///   - intervals: Seconds from the previous observation (the first is unused).
    static func smooth(filtered: [Double], evidence: [Double], intervals: [Double],
                       configuration: TrackFilterConfiguration) -> [Double] {
        let n = filtered.count
        guard n > 1 else { return filtered }
        let stop = min(max(configuration.stopRate, 1e-9), 1), start = min(max(configuration.startRate, 1e-9), 1)
        var smoothed = filtered
        var backward = 0.0
        for k in stride(from: n - 2, through: 0, by: -1) {
            let (toStill, toMoving) = switchProbabilities(dt: intervals[k + 1], stopRate: stop, startRate: start)
            let e = min(max(evidence[k + 1] + backward, -40), 40)
            let w = 1 / (1 + exp(-e))
            let fromStill = (1 - toMoving) * w + toMoving * (1 - w)
            let fromMoving = toStill * w + (1 - toStill) * (1 - w)
            backward = log(max(fromStill, 1e-300) / max(fromMoving, 1e-300))
            smoothed[k] = filtered[k] + backward
        }
        return smoothed
    }
}

/// `log I₀(x)`, the modified Bessel function of the first kind of order 0 (Abramowitz & Stegun
/// 9.8.1–9.8.2, relative error below 2e-7).
func logBesselI0(_ x: Double) -> Double {
    let ax = abs(x)
    if ax < 3.75 {
        let t = (ax / 3.75) * (ax / 3.75)
        let series = 1 + t * (3.5156229 + t * (3.0899424 + t * (1.2067492 + t * (0.2659732 + t * (0.0360768 + t * 0.0045813)))))
        return log(series)
    }
    let t = 3.75 / ax
    let poly = 0.39894228 + t * (0.01328592 + t * (0.00225319 + t * (-0.00157565 + t * (0.00916281
        + t * (-0.02057706 + t * (0.02635537 + t * (-0.01647633 + t * 0.00392377)))))))
    return ax - 0.5 * log(ax) + log(poly)
}

/// `I₁(x) / I₀(x)` for x ≥ 0, the mean cosine of a von Mises direction of concentration x
/// (Abramowitz & Stegun 9.8.1–9.8.4; absolute error below 1e-6).
func besselRatioI1I0(_ x: Double) -> Double {
    guard x > 0, x.isFinite else { return x.isInfinite ? 1 : 0 }
    if x < 3.75 {
        let t = (x / 3.75) * (x / 3.75)
        let i0 = 1 + t * (3.5156229 + t * (3.0899424 + t * (1.2067492 + t * (0.2659732 + t * (0.0360768 + t * 0.0045813)))))
        let i1 = x * (0.5 + t * (0.87890594 + t * (0.51498869 + t * (0.15084934 + t * (0.02658733 + t * (0.00301532
            + t * 0.00032411))))))
        return i1 / i0
    }
    let t = 3.75 / x
    let p0 = 0.39894228 + t * (0.01328592 + t * (0.00225319 + t * (-0.00157565 + t * (0.00916281
        + t * (-0.02057706 + t * (0.02635537 + t * (-0.01647633 + t * 0.00392377)))))))
    let p1 = 0.39894228 + t * (-0.03988024 + t * (-0.00362018 + t * (0.00163801 + t * (-0.01031555
        + t * (0.02282967 + t * (-0.02895312 + t * (0.01787654 - t * 0.00420059)))))))
    return p1 / p0
}
