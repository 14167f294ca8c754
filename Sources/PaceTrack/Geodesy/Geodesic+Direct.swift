import Foundation

// The direct problem (Karney 2013, section 3): map the start onto the auxiliary sphere, convert
// the distance to arc length σ₁₂ through the reverted series for I₁, then convert the spherical
// end point back to latitude and longitude on the ellipsoid.

private typealias Angles = GeodesicAngles

extension Geodesic {
    func solveDirect(_ latitude: Double, _ longitude: Double, _ azimuth: Double, _ distance: Double) -> GeodesicDirect {
        let tiny = Angles.tiny
        let (salp1, calp1) = Angles.sinCos(degrees: Angles.roundedTiny(Angles.normalized(azimuth)))

        let (s0, c0) = Angles.sinCos(degrees: Angles.roundedTiny(latitude))
        var (sbet1, cbet1) = Angles.unit(f1 * s0, c0)
        cbet1 = max(tiny, cbet1)

        // Clairaut: sin α₀ = sin α₁ cos β₁; σ₁ and ω₁ measured from the equator crossing.
        let salp0 = salp1 * cbet1
        let calp0 = hypot(calp1, salp1 * sbet1)
        let somg1 = salp0 * sbet1
        let comg1 = sbet1 != 0 || calp1 != 0 ? cbet1 * calp1 : 1
        let (ssig1, csig1) = Angles.unit(sbet1, comg1)

        let k2 = calp0 * calp0 * ep2
        let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
        let a1m1 = GeodesicDistanceSeries.a1Minus1(eps)
        let c1 = GeodesicDistanceSeries.c1(eps)
        let b11 = c1.sum(sin: ssig1, cos: csig1)
        // τ₁ = σ₁ + B₁₁, the distance of the start from the equator crossing in units of b A₁.
        let sb = sin(b11), cb = cos(b11)
        let stau1 = ssig1 * cb + csig1 * sb, ctau1 = csig1 * cb - ssig1 * sb

        // σ₁₂ = τ₁₂ + B₁₁ + Σ C′₁ₗ sin 2lτ₂.
        let tau12 = distance / (b * (1 + a1m1))
        let st = sin(tau12), ct = cos(tau12)
        let c1p = GeodesicDistanceSeries.c1Reverted(eps)
        let b12 = -c1p.sum(sin: stau1 * ct + ctau1 * st, cos: ctau1 * ct - stau1 * st)
        var sig12 = tau12 - (b12 - b11)
        var ssig12 = sin(sig12), csig12 = cos(sig12)
        var ssig2 = ssig1 * csig12 + csig1 * ssig12
        var csig2 = csig1 * csig12 - ssig1 * ssig12
        if abs(flattening) > 0.01 {
            // The reverted series loses accuracy for large |f|: one Newton step on I₁(σ) = s / b.
            let b12Direct = c1.sum(sin: ssig2, cos: csig2)
            let residual = (1 + a1m1) * (sig12 + (b12Direct - b11)) - distance / b
            sig12 -= residual / (1 + k2 * ssig2 * ssig2).squareRoot()
            ssig12 = sin(sig12); csig12 = cos(sig12)
            ssig2 = ssig1 * csig12 + csig1 * ssig12
            csig2 = csig1 * csig12 - ssig1 * ssig12
        }

        // Back on the ellipsoid: sin β₂ = cos α₀ sin σ₂, tan α₂ = tan α₀ / cos σ₂.
        let sbet2 = calp0 * ssig2
        var cbet2 = hypot(salp0, calp0 * csig2)
        if cbet2 == 0 {
            // The end point is a pole: treat it as lying just off the pole.
            cbet2 = tiny
            csig2 = tiny
        }
        let salp2 = salp0, calp2 = calp0 * csig2
        let somg2 = salp0 * ssig2, comg2 = csig2

        // ω₁₂ counting whole turns: σ₁₂ minus the reduced σ difference, plus the reduced ω difference.
        let e: Double = salp0.sign == .minus ? -1 : 1
        let omg12 = e * (sig12 - (atan2(ssig2, csig2) - atan2(ssig1, csig1))
                         + (atan2(e * somg2, comg2) - atan2(e * somg1, comg1)))
        // λ = ω − f sin α₀ I₃(σ).
        let c3 = longitudeSeries.c3(eps)
        let b312 = c3.sum(sin: ssig2, cos: csig2) - c3.sum(sin: ssig1, cos: csig1)
        let lam12 = omg12 - flattening * salp0 * longitudeSeries.a3(eps) * (sig12 + b312)
        let lon12 = lam12 / Angles.radiansPerDegree

        let longitude2 = Angles.normalized(Angles.normalized(longitude) + Angles.normalized(lon12))
        let latitude2 = Angles.atan2Degrees(sbet2, f1 * cbet2)
        let azimuth2 = Angles.atan2Degrees(salp2, calp2)
        return GeodesicDirect(latitude: latitude2, longitude: longitude2, azimuth: azimuth2)
    }
}
