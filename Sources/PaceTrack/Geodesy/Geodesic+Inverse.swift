import Foundation

// The inverse problem (Karney 2013, sections 4 and 5).
//
// The points are first brought into a canonical position: φ₁ ≤ 0, |φ₂| ≤ |φ₁|, 0 ≤ λ₁₂ ≤ 180°.
// Meridional and equatorial lines are solved directly; otherwise a starting azimuth α₁ is guessed
// (a sphere for short lines, the astroid of section 5 for nearly antipodal points) and refined by
// Newton's method on λ₁₂(α₁), with bisection as a safeguard.

private typealias Angles = GeodesicAngles

/// Convergence parameters of the inverse solution.
private enum InverseTolerance {
    static let tol0 = Double.ulpOfOne
    static let tol1 = 200 * tol0
    static let tol2 = tol0.squareRoot()
    /// Bracket width at which bisection stops.
    static let bisection = tol0 * tol2
    /// How close to the cut (the bit of the equator through the antipode) the astroid is not used.
    static let cutThreshold = 1000 * tol2
    /// Iterations of Newton's method before relying on bisection alone.
    static let newtonIterations = 20
    /// Iterations in all: enough for bisection to reach full precision.
    static let maxIterations = newtonIterations + Double.significandBitCount + 11
}

/// The auxiliary-sphere state of a geodesic between the two canonical points, for one α₁.
private struct AuxiliaryLine {
    var salp2 = 0.0, calp2 = 0.0
    var sig12 = 0.0
    var ssig1 = 0.0, csig1 = 0.0, ssig2 = 0.0, csig2 = 0.0
    var eps = 0.0
}

extension Geodesic {
    /// Sines and cosines of the reduced latitudes β of two canonical points, with the Δ of each.
    private struct ReducedLatitudes {
        var sbet1: Double, cbet1: Double, dn1: Double
        var sbet2: Double, cbet2: Double, dn2: Double
    }

    func solveInverse(_ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double) -> GeodesicInverse {
        let f = flattening

        // Longitude difference, made non-negative; lon12s is 180° − lon12, kept exact.
        var (lon12, lon12Error) = Angles.difference(from: longitude1, to: longitude2)
        var lonSign: Double = lon12.sign == .minus ? -1 : 1
        lon12 = lonSign * Angles.roundedTiny(lon12)
        let lon12s = Angles.roundedTiny((180 - lon12) - lonSign * lon12Error)
        let lam12 = lon12 * Angles.radiansPerDegree
        var slam12: Double, clam12: Double
        if lon12 > 90 {
            let sc = Angles.sinCos(degrees: lon12s)
            (slam12, clam12) = (sc.sin, -sc.cos)
        } else {
            (slam12, clam12) = Angles.sinCos(degrees: lon12)
        }

        // Put the point further from the equator first, then make its latitude ≤ 0.
        var lat1 = Angles.roundedTiny(latitude1), lat2 = Angles.roundedTiny(latitude2)
        let swapSign: Double = abs(lat1) < abs(lat2) ? -1 : 1
        if swapSign < 0 {
            lonSign = -lonSign
            swap(&lat1, &lat2)
        }
        let latSign: Double = lat1.sign == .minus ? 1 : -1   // −0 counts as south
        lat1 *= latSign
        lat2 *= latSign

        var beta = reducedLatitudes(lat1, lat2)
        let (sbet1, cbet1, dn1) = (beta.sbet1, beta.cbet1, beta.dn1)
        if cbet1 < -sbet1 {
            if beta.cbet2 == cbet1 { beta.sbet2 = beta.sbet2.sign == .minus ? sbet1 : -sbet1 }
        } else if abs(beta.sbet2) == -sbet1 {
            beta.cbet2 = cbet1
        }
        let (sbet2, cbet2, dn2) = (beta.sbet2, beta.cbet2, beta.dn2)

        var salp1 = 0.0, calp1 = 0.0, salp2 = 0.0, calp2 = 0.0
        var s12 = 0.0
        var solved = false

        if lat1 == -90 || slam12 == 0 {
            // Along a meridian (or from a pole): α₁ = λ₁₂, α₂ = 0, unless the meridian is not shortest.
            calp1 = clam12; salp1 = slam12
            calp2 = 1; salp2 = 0
            let ssig1 = sbet1, csig1 = calp1 * cbet1
            let ssig2 = sbet2, csig2 = calp2 * cbet2
            let sig12 = atan2(Angles.nonNegative(csig1 * ssig2 - ssig1 * csig2), csig1 * csig2 + ssig1 * ssig2)
            let lengths = self.lengths(eps: n, sig12: sig12, ssig1: ssig1, csig1: csig1, dn1: dn1,
                                       ssig2: ssig2, csig2: csig2, dn2: dn2)
            if sig12 < 1 || lengths.m12b >= 0 {
                // Round-off can leave a coincident pair a hair apart, or negative: call it zero.
                let negligible = sig12 < 3 * Angles.tiny
                    || (sig12 < InverseTolerance.tol0 && (lengths.s12b < 0 || lengths.m12b < 0))
                s12 = negligible ? 0 : b * lengths.s12b
                solved = true
            }
        }

        if !solved && sbet1 == 0 && (f <= 0 || lon12s >= f * 180) {
            // Along the equator, which is shortest up to λ₁₂ = (1 − f) π on an oblate ellipsoid.
            calp1 = 0; calp2 = 0; salp1 = 1; salp2 = 1
            s12 = semiMajorAxis * lam12
            solved = true
        }

        if !solved {
            let start = inverseStart(beta, lam12: lam12, slam12: slam12, clam12: clam12)
            salp1 = start.salp1; calp1 = start.calp1
            if start.sig12 >= 0 {
                // Short line: solved on a sphere of the mean radius.
                s12 = start.sig12 * b * start.dnm
                salp2 = start.salp2; calp2 = start.calp2
            } else {
                let line: AuxiliaryLine
                (salp1, calp1, line) = newtonOnAzimuth(beta, salp1: salp1, calp1: calp1, slam12: slam12, clam12: clam12)
                salp2 = line.salp2; calp2 = line.calp2
                let lengths = self.lengths(eps: line.eps, sig12: line.sig12, ssig1: line.ssig1, csig1: line.csig1,
                                           dn1: dn1, ssig2: line.ssig2, csig2: line.csig2, dn2: dn2)
                s12 = b * lengths.s12b
            }
        }

        // Undo the canonical transformation.
        if swapSign < 0 {
            swap(&salp1, &salp2)
            swap(&calp1, &calp2)
        }
        salp1 *= swapSign * lonSign; calp1 *= swapSign * latSign
        salp2 *= swapSign * lonSign; calp2 *= swapSign * latSign
        return GeodesicInverse(distance: 0 + s12,
                               azimuth1: Angles.atan2Degrees(salp1, calp1),
                               azimuth2: Angles.atan2Degrees(salp2, calp2))
    }

    /// Reduced latitudes β, tan β = (1 − f) tan φ, of two latitudes in degrees. cos β is kept
    /// at least `tiny` so that the poles behave as points just off the pole.
    private func reducedLatitudes(_ lat1: Double, _ lat2: Double) -> ReducedLatitudes {
        func reduced(_ lat: Double) -> (s: Double, c: Double, dn: Double) {
            let (s0, c0) = Angles.sinCos(degrees: lat)
            var (s, c) = Angles.unit(f1 * s0, c0)
            c = max(Angles.tiny, c)
            return (s, c, (1 + ep2 * s * s).squareRoot())
        }
        let p1 = reduced(lat1), p2 = reduced(lat2)
        return ReducedLatitudes(sbet1: p1.s, cbet1: p1.c, dn1: p1.dn, sbet2: p2.s, cbet2: p2.c, dn2: p2.dn)
    }

    /// Distance s₁₂ / b, reduced length m₁₂ / b and m₀ = A₁ − A₂ along a geodesic with parameter
    /// ε, between σ₁ and σ₂ (σ₁₂ = σ₂ − σ₁ given separately for accuracy). Δ = √(1 + k² sin²σ).
    func lengths(eps: Double, sig12: Double, ssig1: Double, csig1: Double, dn1: Double,
                 ssig2: Double, csig2: Double, dn2: Double) -> (s12b: Double, m12b: Double, m0: Double) {
        let a1m1 = GeodesicDistanceSeries.a1Minus1(eps), a2m1 = GeodesicDistanceSeries.a2Minus1(eps)
        let c1 = GeodesicDistanceSeries.c1(eps), c2 = GeodesicDistanceSeries.c2(eps)
        let b1 = c1.sum(sin: ssig2, cos: csig2) - c1.sum(sin: ssig1, cos: csig1)
        let b2 = c2.sum(sin: ssig2, cos: csig2) - c2.sum(sin: ssig1, cos: csig1)
        let s12b = (1 + a1m1) * (sig12 + b1)
        let m0 = a1m1 - a2m1
        // J(σ) = I₁(σ) − I₂(σ).
        let j12 = m0 * sig12 + ((1 + a1m1) * b1 - (1 + a2m1) * b2)
        let m12b = dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
        return (s12b, m12b, m0)
    }

    /// The starting azimuth α₁ for Newton's method; for very short lines the complete solution
    /// on a sphere (then `sig12` ≥ 0, else −1).
    private func inverseStart(_ beta: ReducedLatitudes, lam12: Double, slam12: Double, clam12: Double)
        -> (sig12: Double, salp1: Double, calp1: Double, salp2: Double, calp2: Double, dnm: Double) {
        let (sbet1, cbet1, sbet2, cbet2) = (beta.sbet1, beta.cbet1, beta.sbet2, beta.cbet2)
        let f = flattening
        var sig12 = -1.0, salp2 = 0.0, calp2 = 0.0, dnm = 1.0
        let sbet12 = sbet2 * cbet1 - cbet2 * sbet1    // sin(β₂ − β₁)
        let cbet12 = cbet2 * cbet1 + sbet2 * sbet1    // cos(β₂ − β₁)
        let sbet12a = sbet2 * cbet1 + cbet2 * sbet1   // sin(β₂ + β₁)
        let shortLine = cbet12 >= 0 && sbet12 < 0.5 && cbet2 * lam12 < 0.5
        var somg12: Double, comg12: Double
        if shortLine {
            // ω₁₂ ≈ λ₁₂ / ((1 − f) Δ) with Δ at the mean reduced latitude.
            var sbetm2 = (sbet1 + sbet2) * (sbet1 + sbet2)
            sbetm2 /= sbetm2 + (cbet1 + cbet2) * (cbet1 + cbet2)
            dnm = (1 + ep2 * sbetm2).squareRoot()
            let omg12 = lam12 / (f1 * dnm)
            somg12 = sin(omg12); comg12 = cos(omg12)
        } else {
            somg12 = slam12; comg12 = clam12
        }

        // Great-circle azimuth on the auxiliary sphere with longitude difference ω₁₂.
        var salp1 = cbet2 * somg12
        var calp1 = comg12 >= 0
            ? sbet12 + cbet2 * sbet1 * somg12 * somg12 / (1 + comg12)
            : sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
        let ssig12 = hypot(salp1, calp1)
        let csig12 = sbet1 * sbet2 + cbet1 * cbet2 * comg12

        if shortLine && ssig12 < shortLineThreshold {
            salp2 = cbet1 * somg12
            calp2 = sbet12 - cbet1 * sbet2 * (comg12 >= 0 ? somg12 * somg12 / (1 + comg12) : 1 - comg12)
            (salp2, calp2) = Angles.unit(salp2, calp2)
            sig12 = atan2(ssig12, csig12)
        } else if abs(n) > 0.1 || csig12 >= 0 || ssig12 >= 6 * abs(n) * .pi * cbet1 * cbet1 {
            // Not nearly antipodal: the spherical guess is good enough.
        } else {
            // Nearly antipodal: scaled coordinates of section 5, relative to the antipode.
            let lam12x = atan2(-slam12, -clam12)   // λ₁₂ − π
            let x: Double, y: Double, lamScale: Double
            if f >= 0 {
                let k2 = sbet1 * sbet1 * ep2
                let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
                lamScale = f * cbet1 * longitudeSeries.a3(eps) * .pi
                let betScale = lamScale * cbet1
                x = lam12x / lamScale
                y = sbet12a / betScale
            } else {
                let cbet12a = cbet2 * cbet1 - sbet2 * sbet1
                let bet12a = atan2(sbet12a, cbet12a)
                let lengths = self.lengths(eps: n, sig12: .pi + bet12a, ssig1: sbet1, csig1: -cbet1, dn1: beta.dn1,
                                           ssig2: sbet2, csig2: cbet2, dn2: beta.dn2)
                x = -1 + lengths.m12b / (cbet1 * cbet2 * lengths.m0 * .pi)
                let betScale = x < -0.01 ? sbet12a / x : -f * cbet1 * cbet1 * .pi
                lamScale = betScale / cbet1
                y = lam12x / lamScale
            }
            if y > -InverseTolerance.tol1 && x > -1 - InverseTolerance.cutThreshold {
                // On or next to the cut: α₁ follows from x alone.
                if f >= 0 {
                    salp1 = min(1, -x)
                    calp1 = -(1 - salp1 * salp1).squareRoot()
                } else {
                    calp1 = max(x > -InverseTolerance.tol1 ? 0 : -1, x)
                    salp1 = (1 - calp1 * calp1).squareRoot()
                }
            } else {
                let k = Self.astroid(x, y)
                let omg12a = lamScale * (f >= 0 ? -x * k / (1 + k) : -y * (1 + k) / k)
                somg12 = sin(omg12a); comg12 = -cos(omg12a)
                salp1 = cbet2 * somg12
                calp1 = sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
            }
        }
        if !(salp1 <= 0) {
            (salp1, calp1) = Angles.unit(salp1, calp1)
        } else {
            salp1 = 1; calp1 = 0
        }
        return (sig12, salp1, calp1, salp2, calp2, dnm)
    }

    /// The non-negative root k of k⁴ + 2k³ − (x² + y² − 1)k² − 2y²k − y² = 0 (Karney 2013, eq. 55),
    /// found through the resolvent cubic; 0 on the cut y = 0, |x| ≤ 1.
    static func astroid(_ x: Double, _ y: Double) -> Double {
        let p = x * x, q = y * y
        let r = (p + q - 1) / 6
        guard !(q == 0 && r <= 0) else { return 0 }
        let s = p * q / 4
        let r2 = r * r, r3 = r * r2
        let discriminant = s * (s + 2 * r3)
        var u = r
        if discriminant >= 0 {
            var t3 = s + r3
            t3 += t3 < 0 ? -discriminant.squareRoot() : discriminant.squareRoot()
            let t = cbrt(t3)
            u += t + (t != 0 ? r2 / t : 0)
        } else {
            let angle = atan2((-discriminant).squareRoot(), -(s + r3))
            u += 2 * r * cos(angle / 3)
        }
        let v = (u * u + q).squareRoot()
        let uv = u < 0 ? q / (v - u) : u + v   // u + v without cancellation
        let w = (uv - q) / (2 * v)
        return uv / ((uv + w * w).squareRoot() + w)
    }

    /// Refines α₁ until the geodesic reaches the target longitude difference; returns the final
    /// α₁ and the geodesic it gives.
    private func newtonOnAzimuth(_ beta: ReducedLatitudes, salp1 startSin: Double, calp1 startCos: Double,
                                 slam12: Double, clam12: Double) -> (Double, Double, AuxiliaryLine) {
        var salp1 = startSin, calp1 = startCos
        // Bracket [α₁a, α₁b] of the root, held as sines and cosines.
        var salp1a = Angles.tiny, calp1a = 1.0, salp1b = Angles.tiny, calp1b = -1.0
        var newtonConverging = false, bracketExhausted = false
        var iteration = 0
        var line = AuxiliaryLine()
        while true {
            let useNewton = iteration < InverseTolerance.newtonIterations
            let (v, dv, current) = lambda12(beta, salp1: salp1, calp1: calp1, slam120: slam12, clam120: clam12,
                                            wantDerivative: useNewton)
            line = current
            if bracketExhausted || !(abs(v) >= (newtonConverging ? 8 : 1) * InverseTolerance.tol0)
                || iteration >= InverseTolerance.maxIterations {
                break
            }
            // λ₁₂ increases with α₁: shrink the bracket on the side of the error.
            if v > 0 && (!useNewton || calp1 / salp1 > calp1b / salp1b) {
                salp1b = salp1; calp1b = calp1
            } else if v < 0 && (!useNewton || calp1 / salp1 < calp1a / salp1a) {
                salp1a = salp1; calp1a = calp1
            }
            iteration += 1
            if useNewton && dv > 0 {
                let dalp1 = -v / dv
                if abs(dalp1) < .pi {
                    let sdalp1 = sin(dalp1), cdalp1 = cos(dalp1)
                    let nsalp1 = salp1 * cdalp1 + calp1 * sdalp1
                    if nsalp1 > 0 {
                        calp1 = calp1 * cdalp1 - salp1 * sdalp1
                        (salp1, calp1) = Angles.unit(nsalp1, calp1)
                        newtonConverging = abs(v) <= 16 * InverseTolerance.tol0
                        continue
                    }
                }
            }
            // Newton failed or overshot: bisect the bracket.
            (salp1, calp1) = Angles.unit((salp1a + salp1b) / 2, (calp1a + calp1b) / 2)
            newtonConverging = false
            bracketExhausted = abs(salp1a - salp1) + (calp1a - calp1) < InverseTolerance.bisection
                || abs(salp1 - salp1b) + (calp1 - calp1b) < InverseTolerance.bisection
        }
        return (salp1, calp1, line)
    }

    /// λ₁₂(α₁) minus the target λ₁₂ (given by its sine and cosine), its derivative with respect
    /// to α₁ when asked for, and the geodesic on the auxiliary sphere.
    private func lambda12(_ beta: ReducedLatitudes, salp1: Double, calp1 calp1In: Double,
                          slam120: Double, clam120: Double, wantDerivative: Bool)
        -> (v: Double, dv: Double, line: AuxiliaryLine) {
        let (sbet1, cbet1, dn1, sbet2, cbet2, dn2) = (beta.sbet1, beta.cbet1, beta.dn1, beta.sbet2, beta.cbet2, beta.dn2)
        // A line starting due north or south on the equator is a meridian: nudge it off.
        let calp1 = sbet1 == 0 && calp1In == 0 ? -Angles.tiny : calp1In
        var line = AuxiliaryLine()

        // Clairaut: sin α₀ = sin α cos β.
        let salp0 = salp1 * cbet1
        let calp0 = hypot(calp1, salp1 * sbet1)
        // tan σ₁ = tan β₁ / cos α₁, tan ω₁ = sin α₀ tan σ₁.
        let somg1 = salp0 * sbet1, comg1 = calp1 * cbet1
        (line.ssig1, line.csig1) = Angles.unit(sbet1, comg1)

        // α₂ from Clairaut, with cos α₂ from the better conditioned of two equal forms.
        line.salp2 = cbet2 != cbet1 ? salp0 / cbet2 : salp1
        if cbet2 != cbet1 || abs(sbet2) != -sbet1 {
            let delta = cbet1 < -sbet1 ? (cbet2 - cbet1) * (cbet1 + cbet2) : (sbet1 - sbet2) * (sbet1 + sbet2)
            line.calp2 = ((calp1 * cbet1) * (calp1 * cbet1) + delta).squareRoot() / cbet2
        } else {
            line.calp2 = abs(calp1)
        }
        let somg2 = salp0 * sbet2, comg2 = line.calp2 * cbet2
        (line.ssig2, line.csig2) = Angles.unit(sbet2, comg2)

        line.sig12 = atan2(Angles.nonNegative(line.csig1 * line.ssig2 - line.ssig1 * line.csig2),
                           line.csig1 * line.csig2 + line.ssig1 * line.ssig2)
        let somg12 = Angles.nonNegative(comg1 * somg2 - somg1 * comg2)
        let comg12 = comg1 * comg2 + somg1 * somg2
        // ω₁₂ − λ₁₂(target), as one angle to keep it accurate near 0.
        let eta = atan2(somg12 * clam120 - comg12 * slam120, comg12 * clam120 + somg12 * slam120)

        let k2 = calp0 * calp0 * ep2
        line.eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
        let c3 = longitudeSeries.c3(line.eps)
        let b312 = c3.sum(sin: line.ssig2, cos: line.csig2) - c3.sum(sin: line.ssig1, cos: line.csig1)
        // λ = ω − f sin α₀ I₃(σ).
        let domg12 = -flattening * longitudeSeries.a3(line.eps) * salp0 * (line.sig12 + b312)
        let v = eta + domg12

        var dv = 0.0
        if wantDerivative {
            if line.calp2 == 0 {
                dv = -2 * f1 * dn1 / sbet1
            } else {
                // ∂λ₁₂/∂α₁ = m₁₂ / (a cos α₂ cos β₂).
                let lengths = self.lengths(eps: line.eps, sig12: line.sig12, ssig1: line.ssig1, csig1: line.csig1,
                                           dn1: dn1, ssig2: line.ssig2, csig2: line.csig2, dn2: dn2)
                dv = lengths.m12b * f1 / (line.calp2 * cbet2)
            }
        }
        return (v, dv, line)
    }
}
