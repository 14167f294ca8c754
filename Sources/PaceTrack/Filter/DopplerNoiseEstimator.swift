/// Running estimate of the Doppler velocity noise from the data alone.
///
/// For three equally spaced Doppler velocity vectors, the second difference `m₃ − 2m₂ + m₁` has
/// variance 6σ² per axis from white noise, and almost nothing from the athlete's motion (which
/// would need a changing acceleration); large values (turns) are clipped. The estimate follows
/// slow changes of the signal quality over an exponential window. Where no second difference can be
/// formed and the athlete is judged still (a workout that starts with a long wait, when receivers
/// drop the course), the speed itself is pure noise, `E[s²] = 2σ²`, and stands in.
/// Receivers that report a speed accuracy bypass it (``Fix/speedAccuracy``).
struct DopplerNoiseEstimator: Sendable {
    /// Estimated per-axis variance in m²/s².
    private(set) var variance: Double
    private let minimumVariance: Double
    private let window: Double
    private let outlierFactor: Double
    private let maxSpacing: Double
    private var older: (time: Double, velocity: Vector2)?
    private var newer: (time: Double, velocity: Vector2)?

    init(configuration: TrackFilterConfiguration) {
        minimumVariance = configuration.minimumDopplerNoise * configuration.minimumDopplerNoise
        variance = max(configuration.initialDopplerNoise * configuration.initialDopplerNoise, minimumVariance)
        window = max(configuration.dopplerNoiseWindow, 1)
        outlierFactor = configuration.dopplerOutlierFactor
        maxSpacing = configuration.maxDopplerSampleSpacing
    }

    /// Takes the next fix's Doppler velocity vector, or nil when it had none.
    ///
    /// - Parameters:
    ///   - time: Fix time in seconds.
    ///   - velocity: The Doppler velocity in m/s, in any fixed frame.
    ///   - speed: The Doppler speed in m/s, negative when none.
    ///   - isStill: Whether the athlete is judged to be standing still.
    mutating func observe(time: Double, velocity: Vector2?, speed: Double, isStill: Bool) {
        var differenced = false
        if let velocity, let older, let newer {
            let dt1 = newer.time - older.time, dt2 = time - newer.time
            if dt1 > 0, dt2 > 0, dt2 <= maxSpacing, abs(dt2 - dt1) <= 1e-6 * dt2 {
                let d = velocity - 2 * newer.velocity + older.velocity
                add(min(d.squaredLength / 12, outlierFactor * variance))
                differenced = true
            }
        }
        // A still speed stands in only where no second difference could be formed. Used beside
        // them it closes a loop: a false "still" while walking slowly feeds walking speeds in as
        // noise, the inflated noise makes those speeds look still, and the stop holds.
        if isStill, !differenced, speed >= 0, speed.isFinite {
            add(min(speed * speed / 2, Self.stillOutlierFactor * variance))
        }
        let hasSpeed = speed >= 0
        guard let velocity else {
            if !hasSpeed { older = nil; newer = nil }
            return
        }
        older = newer
        newer = (time, velocity)
    }

    private mutating func add(_ sample: Double) {
        variance = max(variance + (sample - variance) / window, minimumVariance)
    }

    /// A still speed's `s² / 2` is clipped at this many estimated variances (an exponential
    /// variable exceeds 4 times its mean 1.8 % of the time), so that the first fix of a start,
    /// before the detector has noticed, cannot inflate the estimate much.
    static let stillOutlierFactor = 4.0
}
