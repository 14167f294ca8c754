import Foundation

/// A seeded, deterministic random source for the metrics and elevation tests: SplitMix64 for the
/// bits, Box–Muller for normal deviates.
struct MetricsTestRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits (SplitMix64).
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func uniform() -> Double {
        Double(next() >> 11) / Double(1 << 53)
    }

    /// Uniform in `range`.
    mutating func uniform(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + uniform() * (range.upperBound - range.lowerBound)
    }

    /// Standard normal (Box–Muller).
    mutating func gaussian() -> Double {
        let u1 = max(uniform(), Double.leastNormalMagnitude)
        let u2 = uniform()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }
}

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
