import PaceTestSupport
import Foundation

/// The metrics and elevation tests' seeded random source.
typealias MetricsTestRandom = SeededRandom

/// GPS altitude error as receivers make it: first-order Gauss–Markov (time-correlated) plus white.
struct MetricsTestAltitudeNoise {
    var random: MetricsTestRandom
    let correlatedSigma: Double
    let correlationTime: Double
    let whiteSigma: Double
    private var correlated: Double

    init(seed: UInt64, correlatedSigma: Double, correlationTime: Double, whiteSigma: Double) {
        random = MetricsTestRandom(seed: seed)
        self.correlatedSigma = correlatedSigma
        self.correlationTime = correlationTime
        self.whiteSigma = whiteSigma
        correlated = correlatedSigma * random.gaussian()
    }

    /// The error after `step` seconds more.
    mutating func next(step: Double) -> Double {
        let decay = exp(-step / correlationTime)
        correlated = decay * correlated + correlatedSigma * (1 - decay * decay).squareRoot() * random.gaussian()
        return correlated + whiteSigma * random.gaussian()
    }
}
