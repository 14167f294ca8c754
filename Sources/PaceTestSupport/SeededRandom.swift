import Foundation

/// A seeded, deterministic random source for tests: SplitMix64 bits, Box–Muller normals.
///
/// Every synthetic track in the tests comes from one of these, so a run is the same on every
/// machine and every time.
///
/// ```swift
/// var random = SeededRandom(seed: 7)
/// let noise = random.gaussian() * 3   // metres
/// ```
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator; equal seeds give equal sequences.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits (SplitMix64).
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    public mutating func uniform() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// Uniform in `range`.
    public mutating func uniform(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + uniform() * (range.upperBound - range.lowerBound)
    }

    /// Standard normal (Box–Muller over ``uniform()``).
    public mutating func gaussian() -> Double {
        let u1 = max(uniform(), Double.leastNormalMagnitude)
        let u2 = uniform()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// Uniform in (0, 1].
    public mutating func nextUniform() -> Double { (Double(next() >> 11) + 1) / 9_007_199_254_740_992 }

    /// Standard normal (Box–Muller over ``nextUniform()``).
    public mutating func nextGaussian() -> Double {
        let u1 = nextUniform(), u2 = nextUniform()
        return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }
}
