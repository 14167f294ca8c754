/// Altitude filter: altitude and vertical speed under white-noise vertical acceleration, measured
/// by the GPS altitude with its reported vertical accuracy; gross outliers are skipped.
///
/// Deliberately smooth (a small acceleration noise): GPS altitude errors are large and slow, and
/// every wiggle left in would count as climbing. A barometer, when there is one, belongs in
/// the elevation module's fusion.
struct VerticalFilter: Sendable {
    /// Filtered altitude in metres (NaN before the first altitude).
    private(set) var altitude = Double.nan
    /// Filtered vertical speed in m/s.
    private(set) var rate = 0.0
    /// Covariance of (altitude, rate): [[p11, p12], [p12, p22]].
    private(set) var p11 = 0.0, p12 = 0.0, p22 = 0.0
    private var lastTime = -Double.infinity
    private let noise: Double
    private let gate: Double
    private let maxInterval: Double

    /// Initial vertical speed standard deviation, m/s.
    static let initialRateDeviation = 0.5

    init(configuration: TrackFilterConfiguration) {
        noise = configuration.verticalAccelerationNoise
        gate = configuration.verticalInnovationGate
        maxInterval = configuration.maxPredictionInterval
    }

    /// One stored step for the smoother: the filtered estimate and the time step into it.
    struct Record: Sendable {
        var altitude: Double, rate: Double, p11: Double, p12: Double, p22: Double
        /// Seconds since the previous record; 0 when the filter (re)started here or has no altitude yet.
        var dt: Double
    }

    /// Advances to `time` and conditions on an altitude (NaN: predict only).
    ///
    /// - Returns: The record of this step.
    mutating func update(time: Double, altitude z: Double, variance: Double) -> Record {
        var dt = 0.0
        if altitude.isNaN || time - lastTime > maxInterval {
            guard z.isFinite else { return record(dt: 0) }
            altitude = z
            rate = 0
            p11 = variance; p12 = 0; p22 = Self.initialRateDeviation * Self.initialRateDeviation
            lastTime = time
            return record(dt: 0)
        }
        dt = max(time - lastTime, 0)
        lastTime = time
        altitude += dt * rate
        let q = noise
        p11 += dt * (2 * p12 + dt * p22) + q * dt * dt * dt / 3
        p12 += dt * p22 + q * dt * dt / 2
        p22 += q * dt
        if z.isFinite, variance > 0 {
            let s = p11 + variance
            let innovation = z - altitude
            if innovation * innovation <= gate * s {
                let k1 = p11 / s, k2 = p12 / s
                altitude += k1 * innovation
                rate += k2 * innovation
                p22 -= k2 * p12
                p12 -= k1 * p12
                p11 -= k1 * p11
            }
        }
        return record(dt: dt)
    }

    private func record(dt: Double) -> Record {
        Record(altitude: altitude, rate: rate, p11: p11, p12: p12, p22: p22, dt: dt)
    }

    /// Rauch–Tung–Striebel smoothing of the stored records (in place, altitude only).
    static func smooth(_ records: inout [Record], noise q: Double) {
        guard records.count > 1 else { return }
        var nextAltitude = records[records.count - 1].altitude, nextRate = records[records.count - 1].rate
        for k in stride(from: records.count - 2, through: 0, by: -1) {
            let r = records[k], dt = records[k + 1].dt
            guard dt > 0, r.altitude.isFinite, nextAltitude.isFinite else {
                nextAltitude = r.altitude
                nextRate = r.rate
                continue
            }
            // Predicted covariance into k+1 and the gain C = P Fᵀ P⁻¹ (2×2).
            let a11 = r.p11 + dt * (2 * r.p12 + dt * r.p22) + q * dt * dt * dt / 3
            let a12 = r.p12 + dt * r.p22 + q * dt * dt / 2
            let a22 = r.p22 + q * dt
            let det = a11 * a22 - a12 * a12
            guard det > 0, det.isFinite else {
                nextAltitude = r.altitude
                nextRate = r.rate
                continue
            }
            let g11 = r.p11 + dt * r.p12, g12 = r.p12, g21 = r.p12 + dt * r.p22, g22 = r.p22
            let c11 = (g11 * a22 - g12 * a12) / det, c12 = (g12 * a11 - g11 * a12) / det
            let c21 = (g21 * a22 - g22 * a12) / det, c22 = (g22 * a11 - g21 * a12) / det
            let d1 = nextAltitude - (r.altitude + dt * r.rate), d2 = nextRate - r.rate
            let altitude = r.altitude + c11 * d1 + c12 * d2
            let rate = r.rate + c21 * d1 + c22 * d2
            records[k].altitude = altitude
            records[k].rate = rate
            nextAltitude = altitude
            nextRate = rate
        }
    }
}
