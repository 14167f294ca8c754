extension AltitudeFusion {
    /// A three-state Kalman filter: a level (altitude, or barometric offset), its rate of change
    /// (vertical speed in m/s, or the barometric offset's drift with the weather) and the GPS error (m), observed as
    /// `level + error + white noise`.
    struct Estimator: Sendable {
        /// Largest correlation kept between level and rate process noise, so that the noise
        /// covariance stays positive definite.
        static let maximumNoiseCorrelation = 0.8

        var level = 0.0, rate = 0.0, error = 0.0
        /// Covariance of the state, upper triangle (L = level, R = rate, E = error).
        var pLL = 0.0, pLR = 0.0, pLE = 0.0, pRR = 0.0, pRE = 0.0, pEE = 0.0
        /// Since when GPS altitudes have been outliers without a break; NaN when the latest was not.
        var outliersSince = Double.nan

        /// An estimator knowing nothing of the level but the prior `levelVariance`.
        init(levelVariance: Double, rateVariance: Double, errorVariance: Double) {
            pLL = levelVariance
            pRR = rateVariance
            pEE = errorVariance
        }

        /// Forgets the rate (entering barometric mode).
        mutating func removeRate() {
            rate = 0
            pLR = 0
            pRR = 0
            pRE = 0
        }

        /// Starts estimating a rate from 0 with the prior `variance` (leaving barometric mode).
        mutating func restartRate(variance: Double) {
            removeRate()
            pRR = variance
        }

        /// Propagates the state over `step` seconds.
        ///
        /// - Parameters:
        ///   - errorDecay: e^(−step/τ) of the GPS error's correlation time.
        ///   - correlatedVariance: Stationary variance of the GPS error, m².
        ///   - levelDiffusion: Random-walk intensity of the level, m²/s.
        ///   - rateDecay: e^(−step/τ) of the rate's correlation time `rateTime`.
        ///   - rateVariance: Stationary variance of the rate, m²/s² (0: no rate).
        mutating func predict(over step: Double, errorDecay: Double, correlatedVariance: Double,
                              levelDiffusion: Double, rateDecay: Double, rateTime: Double, rateVariance: Double) {
            error *= errorDecay
            pLE *= errorDecay
            pRE *= errorDecay
            pEE = errorDecay * errorDecay * pEE + (1 - errorDecay * errorDecay) * correlatedVariance
            pLL += levelDiffusion * step
            guard rateVariance > 0 else { return }
            // Integrated Ornstein–Uhlenbeck rate: level += rate · τ(1 − φ), rate ← φ · rate.
            let reach = rateTime > 0 ? rateTime * (1 - rateDecay) : 0
            level += reach * rate
            rate *= rateDecay
            pLL += 2 * reach * pLR + reach * reach * pRR
            pLR = rateDecay * (pLR + reach * pRR)
            pLE += reach * pRE
            pRE *= rateDecay
            pRR *= rateDecay * rateDecay
            // Process noise of a white acceleration of intensity q = 2σ²/τ.
            let intensity = rateTime > 0 ? 2 * rateVariance / rateTime : 0
            let noiseRR = (1 - rateDecay * rateDecay) * rateVariance
            let noiseLL = intensity * step * step * step / 3
            let noiseLR = min(intensity * step * step / 2,
                              Self.maximumNoiseCorrelation * (noiseLL * noiseRR).squareRoot())
            pLL += noiseLL
            pLR += noiseLR
            pRR += noiseRR
        }

        /// Caps the level's variance at `ceiling` (m²), dropping its correlations: beyond it the
        /// level is simply unknown (after a very long gap).
        mutating func capLevelVariance(at ceiling: Double) {
            guard pLL > ceiling else { return }
            pLL = ceiling
            pLR = 0
            pLE = 0
        }

        /// Applies one GPS measurement `measurement = level + error + white noise`.
        ///
        /// Innovations beyond `gate` standard deviations pull only as hard as one at the gate;
        /// when they persist for `resetTime` seconds the level's variance is opened up to them.
        mutating func observe(_ measurement: Double, whiteVariance: Double, gate: Double,
                              resetTime: Double, at time: Double) {
            let innovation = measurement - level - error
            let squared = innovation * innovation
            if gate > 0 && squared > gate * gate * (pLL + 2 * pLE + pEE + whiteVariance) {
                if outliersSince.isNaN { outliersSince = time }
                if time - outliersSince >= resetTime {
                    pLL += squared
                    outliersSince = .nan
                }
            } else {
                outliersSince = .nan
            }
            // H = [1 0 1]: P·Hᵀ = (rowL, rowR, rowE).
            let rowL = pLL + pLE, rowR = pLR + pRE, rowE = pLE + pEE
            var innovationVariance = rowL + rowE + whiteVariance
            if gate > 0 { innovationVariance = max(innovationVariance, squared / (gate * gate)) }
            guard innovationVariance > 0, innovationVariance.isFinite else { return }
            let inverse = 1 / innovationVariance
            level += rowL * inverse * innovation
            rate += rowR * inverse * innovation
            error += rowE * inverse * innovation
            pLL = max(0, pLL - rowL * rowL * inverse)
            pLR -= rowL * rowR * inverse
            pLE -= rowL * rowE * inverse
            pRR = max(0, pRR - rowR * rowR * inverse)
            pRE -= rowR * rowE * inverse
            pEE = max(0, pEE - rowE * rowE * inverse)
        }
    }
}
