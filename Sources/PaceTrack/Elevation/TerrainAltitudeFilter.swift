import Foundation

/// GPS-only altitude under a ``TerrainAltitudeModel``: a three-state Kalman filter (altitude, the
/// terrain's grade, the GPS error) advanced by the distance travelled and the time elapsed.
///
/// Allocation-free and O(1) per update. It also keeps the log-likelihood of the altitudes it has
/// seen, so that ``TerrainAltitudeSmoother`` can tell which model explains a track best. GPS
/// altitudes further than ``ElevationConfiguration/gpsInnovationGate`` standard deviations from the
/// prediction pull only as hard as one at the gate (multipath puts single fixes tens of metres off).
///
/// ```swift
/// var filter = TerrainAltitudeFilter(model: model, configuration: .onFoot)
/// _ = filter.update(time: fix.time, distance: odometer, gpsAltitude: fix.altitude,
///                   verticalAccuracy: fix.verticalAccuracy)
/// filter.altitude   // metres
/// ```
public struct TerrainAltitudeFilter: Sendable {
    /// Standard deviation, in metres, of the level before the first altitude.
    static let initialLevelDeviation = 1000.0
    /// Speed, in m/s, assumed when no distance is known: the terrain may change about as fast as on foot.
    public static let fallbackSpeed = 1.0

    /// The model in use.
    public let model: TerrainAltitudeModel
    private let correlatedFraction: Double
    private let minimumAccuracy: Double
    private let assumedAccuracy: Double
    private let gate: Double

    /// The latest altitude estimate in metres; NaN until a GPS altitude has arrived.
    public var altitude: Double { started ? state.altitude : .nan }
    /// The latest grade estimate (rise over run, dimensionless); 0 until a GPS altitude has arrived.
    public var grade: Double { state.grade }
    /// Sum of the log-likelihoods of the GPS altitudes seen so far (Huber-bounded beyond the gate).
    public var logLikelihood: Double { penalties - 0.5 * (loggedVariances + log(varianceProduct)) }
    /// −½ Σ normalised squared innovations (Huber-bounded).
    private var penalties = 0.0
    /// Σ log of the innovation variances folded so far, and the product of those not yet folded:
    /// one `log` per ``varianceBatch`` updates instead of one per update per candidate model.
    private var loggedVariances = 0.0
    private var varianceProduct = 1.0
    private var varianceCount = 0
    private static let varianceBatch = 16

    private(set) var state = TerrainState()
    private(set) var covariance = TerrainCovariance()
    private var started = false
    private var lastTime = -Double.infinity
    private var lastDistance = Double.nan

    /// Creates a filter knowing nothing.
    ///
    /// - Parameters:
    ///   - model: The terrain and GPS error model.
    ///   - configuration: The GPS accuracy rules (correlated share, floor, default, outlier gate).
    public init(model: TerrainAltitudeModel, configuration: ElevationConfiguration) {
        self.model = model
        correlatedFraction = min(max(configuration.gpsCorrelatedFraction, 0), 1)
        minimumAccuracy = configuration.minimumGPSVerticalAccuracy
        assumedAccuracy = configuration.assumedGPSVerticalAccuracy
        gate = configuration.gpsInnovationGate
    }

    /// One update, as the smoother needs it.
    struct Step: Sendable {
        var predicted: TerrainState
        var predictedCovariance: TerrainCovariance
        var filtered: TerrainState
        var filteredCovariance: TerrainCovariance
        var transition: TerrainTransition
    }

    /// Advances to `time` and `distance` and conditions on a GPS altitude.
    ///
    /// Updates with a non-finite time or one before the previous update are ignored.
    ///
    /// - Parameters:
    ///   - time: Unix time in seconds.
    ///   - distance: Cumulative distance travelled in metres (NaN when unknown:
    ///     ``fallbackSpeed`` times the time elapsed is assumed).
    ///   - gpsAltitude: GPS altitude in metres; NaN to predict only.
    ///   - verticalAccuracy: Its 1-σ accuracy in metres; negative or NaN when not reported.
    /// - Returns: The altitude estimate in metres (NaN until a GPS altitude has arrived).
    @discardableResult
    public mutating func update(time: Double, distance: Double, gpsAltitude: Double, verticalAccuracy: Double) -> Double {
        _ = step(time: time, distance: distance, gpsAltitude: gpsAltitude, verticalAccuracy: verticalAccuracy)
        return altitude
    }

    /// ``update(time:distance:gpsAltitude:verticalAccuracy:)`` returning the step taken; nil when the
    /// update was ignored or nothing is known yet.
    @inline(__always)
    mutating func step(time: Double, distance: Double, gpsAltitude: Double, verticalAccuracy: Double) -> Step? {
        guard time.isFinite, time >= lastTime else { return nil }
        // The floor is for receivers' optimistic reports; a candidate's assumed accuracy is not a report.
        let sigma = verticalAccuracy > 0 && verticalAccuracy.isFinite ? max(verticalAccuracy, minimumAccuracy)
            : model.assumedAccuracy.map { max($0, 0.1) } ?? max(assumedAccuracy, minimumAccuracy)
        let correlated = correlatedFraction * sigma
        let correlatedVariance = correlated * correlated
        let whiteVariance = max(0, 1 - correlatedFraction * correlatedFraction) * sigma * sigma
        guard started else {
            guard gpsAltitude.isFinite else { return nil }
            started = true
            let grade = model.gradeDeviation
            state = TerrainState(altitude: gpsAltitude, grade: 0, error: 0)
            covariance = TerrainCovariance(zz: Self.initialLevelDeviation * Self.initialLevelDeviation,
                                           gg: grade * grade, ee: correlatedVariance)
            lastTime = time
            lastDistance = distance
            let predicted = state, predictedCovariance = covariance
            observe(gpsAltitude, whiteVariance: whiteVariance, scoring: false)
            return Step(predicted: predicted, predictedCovariance: predictedCovariance, filtered: state,
                        filteredCovariance: covariance, transition: .identity)
        }
        let elapsed = time - lastTime
        var travelled = distance.isFinite && lastDistance.isFinite ? distance - lastDistance : elapsed * Self.fallbackSpeed
        if !(travelled >= 0) { travelled = 0 }
        lastTime = time
        lastDistance = distance
        let transition = TerrainTransition(model: model, travelled: travelled, elapsed: elapsed)
        state = transition.apply(to: state)
        covariance = transition.apply(to: covariance, model: model, travelled: travelled,
                                      correlatedVariance: correlatedVariance)
        let predicted = state, predictedCovariance = covariance
        if gpsAltitude.isFinite { observe(gpsAltitude, whiteVariance: whiteVariance, scoring: true) }
        return Step(predicted: predicted, predictedCovariance: predictedCovariance, filtered: state,
                    filteredCovariance: covariance, transition: transition)
    }

    /// Conditions on `measurement = altitude + error + white noise`.
    private mutating func observe(_ measurement: Double, whiteVariance: Double, scoring: Bool) {
        let p = covariance
        let innovation = measurement - state.altitude - state.error
        // H = [1 0 1]: P·Hᵀ.
        let rowZ = p.zz + p.ze, rowG = p.zg + p.ge, rowE = p.ze + p.ee
        var variance = rowZ + rowE + whiteVariance
        guard variance > 0, variance.isFinite else { return }
        let squared = innovation * innovation
        let normalized = squared / variance
        if scoring {
            // Huber: quadratic inside the gate, linear beyond, so one multipath fix does not decide the model.
            let penalty = gate > 0 && normalized > gate * gate
                ? 2 * gate * normalized.squareRoot() - gate * gate : normalized
            penalties -= 0.5 * penalty
            varianceProduct *= variance
            varianceCount += 1
            if varianceCount == Self.varianceBatch || !(varianceProduct > 1e-150 && varianceProduct < 1e150) {
                loggedVariances += log(varianceProduct)
                varianceProduct = 1
                varianceCount = 0
            }
        }
        if gate > 0 { variance = max(variance, squared / (gate * gate)) }
        let inverse = 1 / variance
        state.altitude += rowZ * inverse * innovation
        state.grade += rowG * inverse * innovation
        state.error += rowE * inverse * innovation
        covariance.zz = max(0, p.zz - rowZ * rowZ * inverse)
        covariance.zg = p.zg - rowZ * rowG * inverse
        covariance.ze = p.ze - rowZ * rowE * inverse
        covariance.gg = max(0, p.gg - rowG * rowG * inverse)
        covariance.ge = p.ge - rowG * rowE * inverse
        covariance.ee = max(0, p.ee - rowE * rowE * inverse)
    }
}

/// Altitude (m), grade (dimensionless) and GPS error (m).
struct TerrainState: Hashable, Sendable {
    var altitude = 0.0, grade = 0.0, error = 0.0
}

/// Symmetric 3×3 covariance of a ``TerrainState`` (z altitude, g grade, e error).
struct TerrainCovariance: Hashable, Sendable {
    var zz = 0.0, zg = 0.0, ze = 0.0, gg = 0.0, ge = 0.0, ee = 0.0

    init(zz: Double = 0, zg: Double = 0, ze: Double = 0, gg: Double = 0, ge: Double = 0, ee: Double = 0) {
        (self.zz, self.zg, self.ze, self.gg, self.ge, self.ee) = (zz, zg, ze, gg, ge, ee)
    }
}

/// The transition over one step: altitude += reach · grade, grade ·= gradeDecay, error ·= errorDecay.
struct TerrainTransition: Hashable, Sendable {
    var reach: Double, gradeDecay: Double, errorDecay: Double

    static let identity = TerrainTransition(reach: 0, gradeDecay: 1, errorDecay: 1)

    init(reach: Double, gradeDecay: Double, errorDecay: Double) {
        (self.reach, self.gradeDecay, self.errorDecay) = (reach, gradeDecay, errorDecay)
    }

    init(model: TerrainAltitudeModel, travelled: Double, elapsed: Double) {
        let length = model.gradeCorrelationDistance, time = model.errorCorrelationTime
        gradeDecay = length > 0 ? Self.decay(travelled / length) : 0
        reach = length > 0 ? length * (1 - gradeDecay) : 0
        errorDecay = time > 0 ? Self.decay(elapsed / time) : 0
    }

    /// e^(−x) for x ≥ 0: a cubic for the small steps of a 1 Hz track (relative error below 3·10⁻⁷
    /// under 0.05), `exp` beyond. A finished track runs every candidate model, so this is its hot path.
    static func decay(_ x: Double) -> Double {
        x < 0.05 ? 1 - x * (1 - x * (0.5 - x / 6)) : exp(-x)
    }

    func apply(to x: TerrainState) -> TerrainState {
        TerrainState(altitude: x.altitude + reach * x.grade, grade: gradeDecay * x.grade, error: errorDecay * x.error)
    }

    /// F P Fᵀ + Q: the grade's noise as a white "curvature" over the distance travelled, the
    /// error's as a Gauss–Markov step keeping `correlatedVariance` stationary.
    func apply(to p: TerrainCovariance, model: TerrainAltitudeModel, travelled: Double,
               correlatedVariance: Double) -> TerrainCovariance {
        let r = reach, g = gradeDecay, e = errorDecay
        let sigma = model.gradeDeviation
        let gradeNoise = sigma * sigma * (1 - g * g)
        return TerrainCovariance(
            zz: p.zz + 2 * r * p.zg + r * r * p.gg + gradeNoise * travelled * travelled / 3,
            zg: g * (p.zg + r * p.gg) + gradeNoise * travelled / 2,
            ze: e * (p.ze + r * p.ge),
            gg: g * g * p.gg + gradeNoise,
            ge: g * e * p.ge,
            ee: e * e * p.ee + (1 - e * e) * correlatedVariance)
    }
}
