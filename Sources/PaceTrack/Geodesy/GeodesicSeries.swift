import Foundation

// Series expansions and angle helpers behind ``Geodesic``.
//
// The integrals of Karney (2013), "Algorithms for geodesics", J. Geodesy 87, 43–55, are expanded
// to sixth order in ε = (√(1 + k²) − 1) / (√(1 + k²) + 1), k = e′ cos α₀, and (for the longitude
// integral) in the third flattening n. Sixth order leaves truncation errors far below round-off for
// terrestrial flattenings (|f| < 0.01).

/// The coefficients c₁ … c₆ of a sine series Σ cₗ sin(2lσ).
struct GeodesicSineSeries {
    var c1: Double, c2: Double, c3: Double, c4: Double, c5: Double, c6: Double

    /// Σ cₗ sin(2lσ) for l = 1…6 by Clenshaw's recurrence, given sin σ and cos σ
    /// (which need not be normalised as long as s² + c² = 1 to round-off).
    @inline(__always)
    func sum(sin s: Double, cos c: Double) -> Double {
        // sin((l+1)θ) = 2 cos θ sin(lθ) − sin((l−1)θ) with θ = 2σ.
        let twoCos = 2 * (c - s) * (c + s)
        var next = 0.0, current = c6
        (current, next) = (c5 + twoCos * current - next, current)
        (current, next) = (c4 + twoCos * current - next, current)
        (current, next) = (c3 + twoCos * current - next, current)
        (current, next) = (c2 + twoCos * current - next, current)
        (current, next) = (c1 + twoCos * current - next, current)
        return current * 2 * s * c
    }
}

/// The series in ε for the distance integral I₁ and the reduced-length integral I₂.
enum GeodesicDistanceSeries {
    /// A₁ − 1, where I₁(σ) = A₁ (σ + Σ C₁ₗ sin 2lσ).
    @inline(__always)
    static func a1Minus1(_ eps: Double) -> Double {
        let e2 = eps * eps
        let t = e2 * (1.0 / 4 + e2 * (1.0 / 64 + e2 / 256))
        return (t + eps) / (1 - eps)
    }

    /// The coefficients C₁ₗ of I₁.
    @inline(__always)
    static func c1(_ eps: Double) -> GeodesicSineSeries {
        let e2 = eps * eps, e3 = e2 * eps, e4 = e2 * e2, e5 = e4 * eps, e6 = e3 * e3
        return GeodesicSineSeries(
            c1: eps * (-1.0 / 2 + e2 * (3.0 / 16 - e2 / 32)),
            c2: e2 * (-1.0 / 16 + e2 * (1.0 / 32 - e2 * 9 / 2048)),
            c3: e3 * (-1.0 / 48 + e2 * 3 / 256),
            c4: e4 * (-5.0 / 512 + e2 * 3 / 512),
            c5: e5 * (-7.0 / 1280),
            c6: e6 * (-7.0 / 2048))
    }

    /// The coefficients C′₁ₗ of the reverted series σ = τ + Σ C′₁ₗ sin 2lτ, τ = I₁(σ) / A₁.
    @inline(__always)
    static func c1Reverted(_ eps: Double) -> GeodesicSineSeries {
        let e2 = eps * eps, e3 = e2 * eps, e4 = e2 * e2, e5 = e4 * eps, e6 = e3 * e3
        return GeodesicSineSeries(
            c1: eps * (1.0 / 2 + e2 * (-9.0 / 32 + e2 * 205 / 1536)),
            c2: e2 * (5.0 / 16 + e2 * (-37.0 / 96 + e2 * 1335 / 4096)),
            c3: e3 * (29.0 / 96 + e2 * (-75.0 / 128)),
            c4: e4 * (539.0 / 1536 + e2 * (-2391.0 / 2560)),
            c5: e5 * (3467.0 / 7680),
            c6: e6 * (38081.0 / 61440))
    }

    /// A₂ − 1, where I₂(σ) = ∫ dσ / √(1 + k² sin²σ) = A₂ (σ + Σ C₂ₗ sin 2lσ).
    @inline(__always)
    static func a2Minus1(_ eps: Double) -> Double {
        let e2 = eps * eps
        let t = e2 * (1.0 / 4 + e2 * (9.0 / 64 + e2 * 25 / 256))
        return t * (1 - eps) - eps
    }

    /// The coefficients C₂ₗ of I₂.
    @inline(__always)
    static func c2(_ eps: Double) -> GeodesicSineSeries {
        let e2 = eps * eps, e3 = e2 * eps, e4 = e2 * e2, e5 = e4 * eps, e6 = e3 * e3
        return GeodesicSineSeries(
            c1: eps * (1.0 / 2 + e2 * (1.0 / 16 + e2 / 32)),
            c2: e2 * (3.0 / 16 + e2 * (1.0 / 32 + e2 * 35 / 2048)),
            c3: e3 * (5.0 / 48 + e2 * 5 / 256),
            c4: e4 * (35.0 / 512 + e2 * 7 / 512),
            c5: e5 * (63.0 / 1280),
            c6: e6 * (77.0 / 2048))
    }
}

/// The series in ε for the longitude integral I₃ = A₃ (σ + Σ C₃ₗ sin 2lσ), whose coefficients
/// are polynomials in the third flattening n; they are evaluated in n once per ellipsoid.
struct GeodesicLongitudeSeries: Sendable {
    // A₃ = Σ aⱼ εʲ, j = 0…5.
    private let a1: Double, a2: Double, a3: Double, a4: Double, a5: Double
    // C₃ₗ = Σ cₗⱼ εʲ, j = l…5.
    private let c11: Double, c12: Double, c13: Double, c14: Double, c15: Double
    private let c22: Double, c23: Double, c24: Double, c25: Double
    private let c33: Double, c34: Double, c35: Double
    private let c44: Double, c45: Double
    private let c55: Double

    init(thirdFlattening n: Double) {
        let n2 = n * n
        a1 = -(1.0 / 2 - n / 2)
        a2 = -(1.0 / 4 + n / 8 - n2 * 3 / 8)
        a3 = -(1.0 / 16 + n * 3 / 16 + n2 / 16)
        a4 = -(3.0 / 64 + n / 32)
        a5 = -3.0 / 128
        c11 = 1.0 / 4 - n / 4
        c12 = 1.0 / 8 - n2 / 8
        c13 = 3.0 / 64 + n * 3 / 64 - n2 / 64
        c14 = 5.0 / 128 + n / 64
        c15 = 3.0 / 128
        c22 = 1.0 / 16 - n * 3 / 32 + n2 / 32
        c23 = 3.0 / 64 - n / 32 - n2 * 3 / 64
        c24 = 3.0 / 128 + n / 128
        c25 = 5.0 / 256
        c33 = 5.0 / 192 - n * 3 / 64 + n2 * 5 / 192
        c34 = 3.0 / 128 - n * 5 / 192
        c35 = 7.0 / 512
        c44 = 7.0 / 512 - n * 7 / 256
        c45 = 7.0 / 512
        c55 = 21.0 / 2560
    }

    /// A₃ at ε.
    @inline(__always)
    func a3(_ eps: Double) -> Double {
        1 + eps * (a1 + eps * (a2 + eps * (a3 + eps * (a4 + eps * a5))))
    }

    /// The coefficients C₃ₗ at ε (C₃₆ is zero at this order).
    @inline(__always)
    func c3(_ eps: Double) -> GeodesicSineSeries {
        let e2 = eps * eps, e3 = e2 * eps, e4 = e2 * e2, e5 = e4 * eps
        return GeodesicSineSeries(
            c1: eps * (c11 + eps * (c12 + eps * (c13 + eps * (c14 + eps * c15)))),
            c2: e2 * (c22 + eps * (c23 + eps * (c24 + eps * c25))),
            c3: e3 * (c33 + eps * (c34 + eps * c35)),
            c4: e4 * (c44 + eps * c45),
            c5: e5 * c55,
            c6: 0)
    }
}

/// Angle arithmetic in degrees that stays exact where it can (multiples of 90°, small angles).
enum GeodesicAngles {
    /// The square root of the smallest normal double: small enough to be negligible, large enough
    /// that its square does not underflow.
    static let tiny = Double.leastNormalMagnitude.squareRoot()

    /// Radians per degree.
    static let radiansPerDegree = Double.pi / 180

    /// `u + v` rounded, and the exact rounding error, so that `sum + error == u + v` exactly.
    @inline(__always)
    static func twoSum(_ u: Double, _ v: Double) -> (sum: Double, error: Double) {
        let s = u + v
        let up = s - v, vpp = s - up
        let error = -((up - u) + (vpp - v))
        return (s, error)
    }

    /// An angle reduced to −180…180 degrees (exactly; ±180 keeps the sign of the input).
    @inline(__always)
    static func normalized(_ x: Double) -> Double {
        let y = remainder(x, 360)
        return abs(y) == 180 ? (x < 0 ? -180 : 180) : y
    }

    /// Rounds an angle so that values closer to zero than about 1/2⁵⁷ degree become multiples of
    /// 1/2⁵⁷: this keeps tiny but non-zero angles from producing underflow in products later.
    @inline(__always)
    static func roundedTiny(_ x: Double) -> Double {
        let z = 1.0 / 16
        let y = abs(x)
        let rounded = y < z ? z - (z - y) : y
        return x.sign == .minus ? -rounded : rounded
    }

    /// `y − x` reduced to −180…180 degrees, as a rounded value plus its exact error term.
    ///
    /// When the rounded difference is ±180 the sign is chosen so that adding the error moves
    /// it inwards.
    static func difference(from x: Double, to y: Double) -> (value: Double, error: Double) {
        var (d, e) = twoSum(remainder(-x, 360), remainder(y, 360))
        (d, e) = twoSum(remainder(d, 360), e)
        if d == 0 || abs(d) == 180 {
            let sign = e == 0 ? y - x : -e
            d = sign.sign == .minus ? -abs(d) : abs(d)
        }
        return (d, e)
    }

    /// Sine and cosine of an angle in degrees, exact at multiples of 90°.
    @inline(__always)
    static func sinCos(degrees x: Double) -> (sin: Double, cos: Double) {
        if x == 0 { return (x, 1) }                    // keeps the sign of a zero angle
        let reduced = remainder(x, 360)                // −180…180, exact
        let quadrant = (reduced / 90).rounded()        // −2…2
        let r = (reduced - 90 * quadrant) * radiansPerDegree  // −45°…45°, subtraction exact
        let s = Foundation.sin(r), c = Foundation.cos(r)
        let sine: Double, cosine: Double
        switch Int(quadrant) & 3 {
        case 0: (sine, cosine) = (s, c)
        case 1: (sine, cosine) = (c, -s)
        case 2: (sine, cosine) = (-s, -c)
        default: (sine, cosine) = (-c, s)
        }
        // Give non-zero angles a +0 rather than −0 so that atan2 of the results is predictable.
        return (sine + 0, cosine + 0)
    }

    /// The angle of the vector (x, y) in degrees, −180…180, exact at multiples of 90°.
    @inline(__always)
    static func atan2Degrees(_ y: Double, _ x: Double) -> Double {
        var y = y, x = x
        var octantFlags = 0
        if abs(y) > abs(x) { swap(&x, &y); octantFlags = 2 }
        if x.sign == .minus { x = -x; octantFlags += 1 }
        let angle = Foundation.atan2(y, x) / radiansPerDegree   // −45…45
        switch octantFlags {
        case 1: return (y.sign == .minus ? -180 : 180) - angle
        case 2: return 90 - angle
        case 3: return -90 + angle
        default: return angle
        }
    }

    /// `x` if it is positive, else +0 (unlike `max(0, x)`, never −0).
    @inline(__always)
    static func nonNegative(_ x: Double) -> Double { x > 0 ? x : 0 }

    /// The pair (s, c) scaled to unit length.
    @inline(__always)
    static func unit(_ s: Double, _ c: Double) -> (Double, Double) {
        let r = Foundation.hypot(s, c)
        return (s / r, c / r)
    }
}
