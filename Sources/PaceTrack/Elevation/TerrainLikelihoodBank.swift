import Foundation

/// Four ``TerrainAltitudeFilter``s run in the lanes of SIMD vectors, for their log-likelihoods only:
/// how ``TerrainAltitudeSmoother`` scores its candidate models (72 of them for a track whose
/// altitudes report no accuracy).
///
/// A filter's update waits on its previous one (a chain of divisions and dependent multiplications),
/// so one model run alone keeps the processor waiting. Here each lane does exactly the arithmetic the
/// scalar filter does, in the same order, so each lane's likelihood is the scalar filter's bit for bit
/// (tested); what a filter decides from the sample alone (whether the update is ignored, the first
/// altitude) is the same for every lane, and what depends on the model (the innovation's variance
/// being usable, the Huber bound, when the product of variances is folded into a `log`) is decided
/// per lane with masks.
struct TerrainLikelihoodBank {
    typealias Lanes = SIMD4<Double>
    static let width = 4

    // Per lane: the model.
    private let gradeDeviation: Lanes
    private let gradeLength: Lanes
    private let errorTime: Lanes
    /// The accuracy (m) assumed where a sample reports none: the model's, else the configuration's.
    private let assumedSigma: Lanes
    // Shared: the configuration.
    private let correlatedFraction: Double
    private let minimumAccuracy: Double
    private let gate: Double

    private var state = (altitude: Lanes(), grade: Lanes(), error: Lanes())
    private var covariance = (zz: Lanes(), zg: Lanes(), ze: Lanes(), gg: Lanes(), ge: Lanes(), ee: Lanes())
    private var penalties = Lanes()
    private var loggedVariances = Lanes()
    private var varianceProduct = Lanes(repeating: 1)
    /// Counted in doubles (exact up to 2⁵³): masks of doubles stay in the vector unit.
    private var varianceCount = Lanes()
    private var started = false
    private var lastTime = -Double.infinity
    private var lastDistance = Double.nan

    /// Creates the filters of up to four `models` (a shorter list leaves lanes whose results are ignored).
    init(models: ArraySlice<TerrainAltitudeModel>, configuration: ElevationConfiguration) {
        precondition(!models.isEmpty && models.count <= Self.width)
        let lane = { (index: Int) in models[models.startIndex + min(index, models.count - 1)] }
        let assumed = max(configuration.assumedGPSVerticalAccuracy, configuration.minimumGPSVerticalAccuracy)
        gradeDeviation = Lanes((0..<4).map { lane($0).gradeDeviation })
        gradeLength = Lanes((0..<4).map { lane($0).gradeCorrelationDistance })
        errorTime = Lanes((0..<4).map { lane($0).errorCorrelationTime })
        assumedSigma = Lanes((0..<4).map { lane($0).assumedAccuracy.map { max($0, 0.1) } ?? assumed })
        correlatedFraction = min(max(configuration.gpsCorrelatedFraction, 0), 1)
        minimumAccuracy = configuration.minimumGPSVerticalAccuracy
        gate = configuration.gpsInnovationGate
    }

    /// Each lane's ``TerrainAltitudeFilter/logLikelihood``.
    var logLikelihoods: [Double] {
        (0..<Self.width).map { penalties[$0] - 0.5 * (loggedVariances[$0] + log(varianceProduct[$0])) }
    }

    /// ``TerrainAltitudeFilter/update(time:distance:gpsAltitude:verticalAccuracy:)`` in every lane.
    @inline(__always)
    mutating func update(time: Double, distance: Double, gpsAltitude: Double, verticalAccuracy: Double) {
        guard time.isFinite, time >= lastTime else { return }
        let sigma = verticalAccuracy > 0 && verticalAccuracy.isFinite
            ? Lanes(repeating: max(verticalAccuracy, minimumAccuracy)) : assumedSigma
        let correlated = correlatedFraction * sigma
        let correlatedVariance = correlated * correlated
        let whiteVariance = max(0, 1 - correlatedFraction * correlatedFraction) * sigma * sigma
        guard started else {
            guard gpsAltitude.isFinite else { return }
            started = true
            let level = 1000.0
            state = (Lanes(repeating: gpsAltitude), Lanes(), Lanes())
            covariance = (Lanes(repeating: level * level), Lanes(), Lanes(), gradeDeviation * gradeDeviation, Lanes(), correlatedVariance)
            lastTime = time
            lastDistance = distance
            observe(gpsAltitude, whiteVariance: whiteVariance, scoring: false)
            return
        }
        let elapsed = time - lastTime
        var travelled = distance.isFinite && lastDistance.isFinite ? distance - lastDistance : elapsed * TerrainAltitudeFilter.fallbackSpeed
        if !(travelled >= 0) { travelled = 0 }
        lastTime = time
        lastDistance = distance
        // TerrainTransition(model:travelled:elapsed:), lane by lane.
        let hasLength = gradeLength .> 0, hasTime = errorTime .> 0
        let g = Lanes().replacing(with: Self.decay(travelled / gradeLength), where: hasLength)
        let r = Lanes().replacing(with: gradeLength * (1 - g), where: hasLength)
        let e = Lanes().replacing(with: Self.decay(elapsed / errorTime), where: hasTime)
        state = (state.altitude + r * state.grade, g * state.grade, e * state.error)
        let p = covariance
        let gradeNoise = gradeDeviation * gradeDeviation * (1 - g * g)
        covariance = (
            zz: p.zz + 2 * r * p.zg + r * r * p.gg + gradeNoise * travelled * travelled / 3,
            zg: g * (p.zg + r * p.gg) + gradeNoise * travelled / 2,
            ze: e * (p.ze + r * p.ge),
            gg: g * g * p.gg + gradeNoise,
            ge: g * e * p.ge,
            ee: e * e * p.ee + (1 - e * e) * correlatedVariance)
        if gpsAltitude.isFinite { observe(gpsAltitude, whiteVariance: whiteVariance, scoring: true) }
    }

    /// ``TerrainTransition/decay(_:)`` in every lane: the cubic where `x < 0.05`, `exp(-x)` elsewhere.
    @inline(__always)
    private static func decay(_ x: Lanes) -> Lanes {
        var result = 1 - x * (1 - x * (0.5 - x / 6))
        let small = x .< 0.05
        if !all(small) {
            for lane in 0..<width where !small[lane] { result[lane] = exp(-x[lane]) }
        }
        return result
    }

    /// `y >= x ? y : x` in every lane: Swift's `max(x, y)` (NaN in `y` gives `x`).
    @inline(__always)
    private static func maximum(_ x: Lanes, _ y: Lanes) -> Lanes {
        x.replacing(with: y, where: y .>= x)
    }

    /// TerrainAltitudeFilter's `observe`, in every lane whose innovation variance is usable.
    @inline(__always)
    private mutating func observe(_ measurement: Double, whiteVariance: Lanes, scoring: Bool) {
        let p = covariance
        let innovation = measurement - state.altitude - state.error
        let rowZ = p.zz + p.ze, rowG = p.zg + p.ge, rowE = p.ze + p.ee
        var variance = rowZ + rowE + whiteVariance
        // `variance > 0 && variance.isFinite`: above zero and below infinity (NaN fails both).
        let usable = (variance .> 0) .& (variance .< .infinity)
        guard any(usable) else { return }
        let squared = innovation * innovation
        let normalized = squared / variance
        if scoring {
            var penalty = normalized
            if gate > 0 {
                penalty.replace(with: 2 * gate * normalized.squareRoot() - gate * gate, where: normalized .> gate * gate)
            }
            penalties.replace(with: penalties - 0.5 * penalty, where: usable)
            varianceProduct.replace(with: varianceProduct * variance, where: usable)
            varianceCount.replace(with: varianceCount + 1, where: usable)
            let fold = usable .& ((varianceCount .== 16) .| .!((varianceProduct .> 1e-150) .& (varianceProduct .< 1e150)))
            if any(fold) {
                for lane in 0..<Self.width where fold[lane] {
                    loggedVariances[lane] += log(varianceProduct[lane])
                    varianceProduct[lane] = 1
                    varianceCount[lane] = 0
                }
            }
        }
        if gate > 0 { variance = Self.maximum(variance, squared / (gate * gate)) }
        let inverse = 1 / variance
        let zero = Lanes()
        let updated = (altitude: state.altitude + rowZ * inverse * innovation,
                       grade: state.grade + rowG * inverse * innovation,
                       error: state.error + rowE * inverse * innovation)
        state.altitude.replace(with: updated.altitude, where: usable)
        state.grade.replace(with: updated.grade, where: usable)
        state.error.replace(with: updated.error, where: usable)
        covariance.zz.replace(with: Self.maximum(zero, p.zz - rowZ * rowZ * inverse), where: usable)
        covariance.zg.replace(with: p.zg - rowZ * rowG * inverse, where: usable)
        covariance.ze.replace(with: p.ze - rowZ * rowE * inverse, where: usable)
        covariance.gg.replace(with: Self.maximum(zero, p.gg - rowG * rowG * inverse), where: usable)
        covariance.ge.replace(with: p.ge - rowG * rowE * inverse, where: usable)
        covariance.ee.replace(with: Self.maximum(zero, p.ee - rowE * rowE * inverse), where: usable)
    }
}
