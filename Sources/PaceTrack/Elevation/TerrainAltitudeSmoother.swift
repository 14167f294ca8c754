import Foundation

/// GPS-only altitude of a finished track: the ``TerrainAltitudeModel``s that explain the track's
/// altitudes best, each run forwards and smoothed backwards (Rauch–Tung–Striebel), averaged with
/// their likelihoods as weights.
///
/// Terrain and GPS error look alike minute by minute; what tells a flat track from a rolling one
/// is how much the altitudes vary beyond what the receiver's accuracy explains, and that is what
/// the likelihood measures. Each candidate model is one O(n) forward pass; those within a factor
/// 100 of the best likelihood (usually one to three) are run again keeping their steps, O(n) memory.
///
/// ```swift
/// let altitudes = TerrainAltitudeSmoother.smooth(samples, configuration: .onFoot)
/// ```
public enum TerrainAltitudeSmoother {
    /// One position along the track.
    public struct Sample: Hashable, Sendable {
        /// Unix time in seconds.
        public var time: Double
        /// Cumulative distance travelled in metres.
        public var distance: Double
        /// GPS altitude in metres, NaN when none.
        public var altitude: Double
        /// Its 1-σ accuracy in metres, negative when not reported.
        public var verticalAccuracy: Double

        /// Creates a sample.
        ///
        /// - Parameters:
        ///   - time: Unix time, s.
        ///   - distance: Cumulative distance, m.
        ///   - altitude: GPS altitude, m (NaN: none).
        ///   - verticalAccuracy: 1-σ accuracy, m (negative: not reported).
        public init(time: Double, distance: Double, altitude: Double, verticalAccuracy: Double) {
            self.time = time
            self.distance = distance
            self.altitude = altitude
            self.verticalAccuracy = verticalAccuracy
        }
    }

    /// The hysteresis, in metres, with which gain and loss are counted from the smoothed altitudes of
    /// `samples`: ``ElevationConfiguration/gpsTerrainGainThreshold``, or the median reported vertical
    /// accuracy times ``ElevationConfiguration/gpsTerrainGainAccuracyShare`` when that is larger.
    public static func gainThreshold(for samples: [Sample], configuration: ElevationConfiguration) -> Double {
        var accuracies = samples.compactMap { sample in
            sample.altitude.isFinite && sample.verticalAccuracy > 0 && sample.verticalAccuracy.isFinite
                ? sample.verticalAccuracy : nil
        }
        guard !accuracies.isEmpty else { return configuration.gpsTerrainGainThreshold }
        accuracies.sort()
        return max(configuration.gpsTerrainGainThreshold,
                   configuration.gpsTerrainGainAccuracyShare * accuracies[accuracies.count / 2])
    }

    /// The candidate with the largest likelihood on `samples`; the first candidate when there are no
    /// altitudes, nil when there are no candidates.
    public static func bestModel(for samples: [Sample], candidates: [TerrainAltitudeModel],
                                 configuration: ElevationConfiguration) -> TerrainAltitudeModel? {
        let scores = logLikelihoods(of: samples, under: candidates, configuration: configuration)
        guard var best = scores.indices.first else { return nil }
        for index in scores.indices where scores[index] > scores[best] { best = index }
        return candidates[best]
    }

    /// Each candidate's log-likelihood of the samples' altitudes: one forward pass each, four models
    /// to a ``TerrainLikelihoodBank`` and every bank given each sample in turn, so that the models'
    /// chains of dependent arithmetic overlap. Each number is the one ``TerrainAltitudeFilter`` gives
    /// run alone, bit for bit.
    static func logLikelihoods(of samples: [Sample], under candidates: [TerrainAltitudeModel],
                               configuration: ElevationConfiguration) -> [Double] {
        var banks = stride(from: 0, to: candidates.count, by: TerrainLikelihoodBank.width).map { first in
            TerrainLikelihoodBank(models: candidates[first..<min(first + TerrainLikelihoodBank.width, candidates.count)],
                                  configuration: configuration)
        }
        banks.withUnsafeMutableBufferPointer { banks in
            for sample in samples {
                for index in banks.indices {
                    banks[index].update(time: sample.time, distance: sample.distance, gpsAltitude: sample.altitude,
                                        verticalAccuracy: sample.verticalAccuracy)
                }
            }
        }
        return Array(banks.flatMap(\.logLikelihoods).prefix(candidates.count))
    }

    /// Smoothed terrain altitude at each sample, in metres (NaN before the first GPS altitude and
    /// where a sample's time runs backwards): the likelihood-weighted average over the candidates
    /// within a factor 100 of the most likely, so that two models the data cannot tell apart do not
    /// make the gain jump between them.
    ///
    /// - Parameters:
    ///   - samples: The track in time order.
    ///   - candidates: The models to choose from (``ElevationConfiguration/gpsTerrainModels``).
    ///   - configuration: The GPS accuracy rules.
    public static func smooth(_ samples: [Sample], candidates: [TerrainAltitudeModel],
                              configuration: ElevationConfiguration) -> [Double] {
        let scores = logLikelihoods(of: samples, under: candidates, configuration: configuration)
        guard let top = scores.max(), top.isFinite else {
            return candidates.isEmpty ? Array(repeating: .nan, count: samples.count)
                : smooth(samples, model: candidates[0], configuration: configuration)
        }
        // Model averaging: every candidate within a factor 100 of the best, weighted by its likelihood.
        var total = Array(repeating: 0.0, count: samples.count), weights = 0.0
        for (model, score) in zip(candidates, scores) where score - top > -log(100) {
            let weight = exp(score - top)
            for (index, altitude) in smooth(samples, model: model, configuration: configuration).enumerated() {
                total[index] += weight * altitude
            }
            weights += weight
        }
        return total.map { $0 / weights }
    }

    /// Smoothed terrain altitude at each sample under one `model`, in metres.
    public static func smooth(_ samples: [Sample], model: TerrainAltitudeModel,
                              configuration: ElevationConfiguration) -> [Double] {
        var filter = TerrainAltitudeFilter(model: model, configuration: configuration)
        var steps: [TerrainAltitudeFilter.Step?] = []
        steps.reserveCapacity(samples.count)
        for sample in samples {
            steps.append(filter.step(time: sample.time, distance: sample.distance, gpsAltitude: sample.altitude,
                                     verticalAccuracy: sample.verticalAccuracy))
        }
        var altitudes = Array(repeating: Double.nan, count: samples.count)
        var next: (smoothed: TerrainState, step: TerrainAltitudeFilter.Step)?
        for index in steps.indices.reversed() {
            guard let step = steps[index] else { continue }
            var smoothed = step.filtered
            if let next, let gain = Self.gain(step.filteredCovariance, next.step.transition,
                                              next.step.predictedCovariance) {
                let dz = next.smoothed.altitude - next.step.predicted.altitude
                let dg = next.smoothed.grade - next.step.predicted.grade
                let de = next.smoothed.error - next.step.predicted.error
                smoothed.altitude += gain.0.0 * dz + gain.0.1 * dg + gain.0.2 * de
                smoothed.grade += gain.1.0 * dz + gain.1.1 * dg + gain.1.2 * de
                smoothed.error += gain.2.0 * dz + gain.2.1 * dg + gain.2.2 * de
            }
            altitudes[index] = smoothed.altitude
            next = (smoothed, step)
        }
        return altitudes
    }

    private typealias Row = (Double, Double, Double)

    /// The smoother gain C = P Fᵀ P⁻ₙₑₓₜ⁻¹, nil when the predicted covariance is singular.
    private static func gain(_ p: TerrainCovariance, _ f: TerrainTransition,
                             _ predicted: TerrainCovariance) -> (Row, Row, Row)? {
        // P Fᵀ with F = [[1, r, 0], [0, φ, 0], [0, 0, ψ]].
        let m: (Row, Row, Row) = (
            (p.zz + f.reach * p.zg, f.gradeDecay * p.zg, f.errorDecay * p.ze),
            (p.zg + f.reach * p.gg, f.gradeDecay * p.gg, f.errorDecay * p.ge),
            (p.ze + f.reach * p.ge, f.gradeDecay * p.ge, f.errorDecay * p.ee))
        let a = predicted
        // Inverse of the symmetric predicted covariance by cofactors.
        let c11 = a.gg * a.ee - a.ge * a.ge, c12 = a.ze * a.ge - a.zg * a.ee, c13 = a.zg * a.ge - a.ze * a.gg
        let determinant = a.zz * c11 + a.zg * c12 + a.ze * c13
        guard determinant.isFinite, abs(determinant) > 1e-300 else { return nil }
        let c22 = a.zz * a.ee - a.ze * a.ze, c23 = a.zg * a.ze - a.zz * a.ge, c33 = a.zz * a.gg - a.zg * a.zg
        let d = 1 / determinant
        let inv: (Row, Row, Row) = ((c11 * d, c12 * d, c13 * d), (c12 * d, c22 * d, c23 * d), (c13 * d, c23 * d, c33 * d))
        func row(_ r: Row) -> Row {
            (r.0 * inv.0.0 + r.1 * inv.1.0 + r.2 * inv.2.0,
             r.0 * inv.0.1 + r.1 * inv.1.1 + r.2 * inv.2.1,
             r.0 * inv.0.2 + r.1 * inv.1.2 + r.2 * inv.2.2)
        }
        return (row(m.0), row(m.1), row(m.2))
    }
}
