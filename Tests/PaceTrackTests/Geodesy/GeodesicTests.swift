import Foundation
import PaceTestSupport
import PaceTrack
import Testing

@Suite struct GeodesicTests {
    let wgs84 = Geodesic.wgs84

    @Test func knownDistances() {
        // Quarter meridian and quarter equator of WGS-84.
        #expect(isApproximatelyEqual(wgs84.distance(latitude1: 0, longitude1: 0, latitude2: 90, longitude2: 0),
                                     10_001_965.729_312_724, relative: 0, absolute: 1e-8))
        #expect(wgs84.distance(latitude1: 0, longitude1: 0, latitude2: 0, longitude2: 90) == 6_378_137 * Double.pi / 2)
        // The nearly antipodal example of Karney (2013), section 9.
        let r = wgs84.inverse(latitude1: -30, longitude1: 0, latitude2: 29.9, longitude2: 179.8)
        #expect(isApproximatelyEqual(r.distance, 19_989_832.827_609_53, relative: 0, absolute: 1e-8))
        #expect(isApproximatelyEqual(r.azimuth1, 161.890_524_736_326_97, relative: 0, absolute: 1e-12))
        #expect(isApproximatelyEqual(r.azimuth2, 18.090_737_245_739_5, relative: 0, absolute: 1e-12))
    }

    @Test func coincidentPointsHaveZeroDistance() {
        for (lat, lon) in [(0.0, 0.0), (51.5, -0.12), (-90.0, 0.0), (90.0, 123.0)] {
            let r = wgs84.inverse(latitude1: lat, longitude1: lon, latitude2: lat, longitude2: lon)
            #expect(r.distance == 0)
            #expect(r.azimuth1.isFinite && r.azimuth2.isFinite)
        }
        // The same point written with longitudes a turn apart.
        #expect(wgs84.distance(latitude1: 10, longitude1: -180, latitude2: 10, longitude2: 180) == 0)
        #expect(wgs84.distance(latitude1: 10, longitude1: 5, latitude2: 10, longitude2: 725) == 0)
    }

    @Test func equatorAndMeridianAzimuths() {
        let east = wgs84.inverse(latitude1: 0, longitude1: 10, latitude2: 0, longitude2: 20)
        #expect(east.azimuth1 == 90 && east.azimuth2 == 90)
        let north = wgs84.inverse(latitude1: -10, longitude1: 10, latitude2: 40, longitude2: 10)
        #expect(north.azimuth1 == 0 && north.azimuth2 == 0)
        // Beyond (1 − f) 180° of longitude the shortest path leaves the equator.
        let wide = wgs84.inverse(latitude1: 0, longitude1: 0, latitude2: 0, longitude2: 179.5)
        #expect(abs(wide.azimuth1) < 90)
        #expect(wide.distance < 6_378_137 * 179.5 * .pi / 180)
    }

    @Test func sphereMatchesGreatCircles() {
        let sphere = Geodesic(semiMajorAxis: 1, flattening: 0)
        #expect(isApproximatelyEqual(sphere.distance(latitude1: 0, longitude1: 0, latitude2: 0, longitude2: 90), .pi / 2))
        #expect(isApproximatelyEqual(sphere.distance(latitude1: 10, longitude1: 20, latitude2: -10, longitude2: -160), .pi))
        // cos σ = sin φ₁ sin φ₂ + cos φ₁ cos φ₂ cos Δλ.
        let (p1, p2, dl) = (40.0 * .pi / 180, -25.0 * .pi / 180, 100.0 * .pi / 180)
        let sigma = acos(sin(p1) * sin(p2) + cos(p1) * cos(p2) * cos(dl))
        #expect(isApproximatelyEqual(sphere.distance(latitude1: 40, longitude1: 30, latitude2: -25, longitude2: 130),
                                     sigma, relative: 1e-13))
        let end = sphere.direct(latitude: 0, longitude: 0, azimuth: 0, distance: .pi / 2)
        #expect(isApproximatelyEqual(end.latitude, 90, relative: 1e-14))
    }

    @Test(arguments: [
        // (lat1, lon1, lat2, lon2, s12, azi1, azi2) from GeographicLib 2.1, a = 6 400 000 m, f = −1/150.
        (10.0, 20.0, -10.001, 199.998, 20_108_020.423_791_915, 90.152_563_619_225_5, 90.052_981_207_680_1),
        (0.0, 0.0, 0.5, 179.7, 20_063_182.612_300_783, 70.504_837_305_008_18, 109.488_916_620_881_58),
        (-30.0, 0.0, 29.9, 179.8, 20_103_214.241_790_05, 95.088_752_095_065_26, 84.295_237_517_690_45),
        (45.0, 10.0, -20.0, 100.0, 11_659_261.254_864_43, 104.792_453_996_041_05, 133.473_413_850_305_35),
        (0.0, 0.0, 0.0, 179.9, 20_095_022.875_761_91, 90.0, 90.0),
        (89.0, 0.0, -89.5, 180.0, 20_117_788.431_107_484, 180.0, 0.0),
        (12.5, 0.0, 12.5, 0.000_01, 1.090_191_550_817_575_7, 89.999_998_917_801_93, 90.000_001_082_198_07),
    ])
    func prolateEllipsoid(_ c: (Double, Double, Double, Double, Double, Double, Double)) {
        let prolate = Geodesic(semiMajorAxis: 6_400_000, flattening: -1.0 / 150)
        let r = prolate.inverse(latitude1: c.0, longitude1: c.1, latitude2: c.2, longitude2: c.3)
        #expect(abs(r.distance - c.4) <= 1e-6)
        #expect(GeodesicVectors.angleError(r.azimuth1, c.5) <= 1e-9)
        #expect(GeodesicVectors.angleError(r.azimuth2, c.6) <= 1e-9)
    }

    @Test func largeFlatteningUsesTheRefinedDirectSolution() {
        // GeographicLib 2.1, a = 6 400 000 m, f = 0.015.
        let flat = Geodesic(semiMajorAxis: 6_400_000, flattening: 0.015)
        let cases: [(Double, Double, Double, Double, Double, Double, Double)] = [
            (10, 20, 33, 15_000_000, 27.641_761_103_556_995, 173.422_855_458_080_6, 142.857_644_084_288_55),
            (-60, 0, 100, 9_000_000, -12.805_550_428_281_062, 93.559_650_387_518_87, 30.685_426_878_421_78),
            (0, 0, 45, 10_000_000, 45.430_416_886_828_81, 89.804_583_479_022_57, 90.539_565_718_411_21),
        ]
        for c in cases {
            let r = flat.direct(latitude: c.0, longitude: c.1, azimuth: c.2, distance: c.3)
            #expect(GeodesicVectors.positionError(latitude1: r.latitude, longitude1: r.longitude, latitude2: c.4, longitude2: c.5) <= 1e-6)
            #expect(GeodesicVectors.angleError(r.azimuth, c.6) <= 1e-9)
        }
        let r = flat.inverse(latitude1: -30, longitude1: 0, latitude2: 29.9, longitude2: 179.8)
        #expect(abs(r.distance - 19_943_929.864_196_74) <= 1e-6)
        #expect(GeodesicVectors.angleError(r.azimuth1, 175.320_193_937_985_27) <= 1e-9)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, 90.000_001, -91, 1e300])
    func invalidLatitudeGivesNaN(_ bad: Double) {
        let r1 = wgs84.inverse(latitude1: bad, longitude1: 0, latitude2: 10, longitude2: 10)
        let r2 = wgs84.inverse(latitude1: 10, longitude1: 0, latitude2: bad, longitude2: 10)
        for r in [r1, r2] {
            #expect(r.distance.isNaN && r.azimuth1.isNaN && r.azimuth2.isNaN)
        }
        let d = wgs84.direct(latitude: bad, longitude: 0, azimuth: 30, distance: 1000)
        #expect(d.latitude.isNaN && d.longitude.isNaN && d.azimuth.isNaN)
        #expect(wgs84.distance(latitude1: bad, longitude1: 0, latitude2: 0, longitude2: 0).isNaN)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteArgumentsGiveNaN(_ bad: Double) {
        #expect(wgs84.inverse(latitude1: 0, longitude1: bad, latitude2: 10, longitude2: 10).distance.isNaN)
        #expect(wgs84.inverse(latitude1: 0, longitude1: 0, latitude2: 10, longitude2: bad).distance.isNaN)
        #expect(wgs84.direct(latitude: 0, longitude: bad, azimuth: 30, distance: 1000).latitude.isNaN)
        #expect(wgs84.direct(latitude: 0, longitude: 0, azimuth: bad, distance: 1000).latitude.isNaN)
        #expect(wgs84.direct(latitude: 0, longitude: 0, azimuth: 30, distance: bad).longitude.isNaN)
    }

    @Test func unsupportedEllipsoidGivesNaN() {
        for (a, f) in [(0.0, 0.0), (-1.0, 0.0), (Double.nan, 0.0), (6e6, 0.5), (6e6, -0.1), (6e6, .nan)] {
            let g = Geodesic(semiMajorAxis: a, flattening: f)
            #expect(g.distance(latitude1: 0, longitude1: 0, latitude2: 1, longitude2: 1).isNaN)
            #expect(g.direct(latitude: 0, longitude: 0, azimuth: 0, distance: 1).latitude.isNaN)
        }
    }

    @Test func hugeLongitudesAndDistancesDoNotTrap() {
        let r = wgs84.inverse(latitude1: 1, longitude1: 1e300, latitude2: -1, longitude2: -1e300)
        #expect(r.distance.isFinite)
        let d = wgs84.direct(latitude: 1, longitude: 1e300, azimuth: 1e300, distance: 1e300)
        #expect(abs(d.latitude) <= 90 && abs(d.longitude) <= 180)
    }

    @Test func directWrapsLongitudeAndAcceptsNegativeDistances() {
        let d = wgs84.direct(latitude: 0, longitude: 179, azimuth: 90, distance: 2 * 6_378_137 * .pi / 180)
        #expect(isApproximatelyEqual(d.longitude, -179, relative: 1e-12))
        let back = wgs84.direct(latitude: 10, longitude: 20, azimuth: 30, distance: -5000)
        let forward = wgs84.direct(latitude: 10, longitude: 20, azimuth: 210, distance: 5000)
        #expect(GeodesicVectors.positionError(latitude1: back.latitude, longitude1: back.longitude,
                              latitude2: forward.latitude, longitude2: forward.longitude) < 1e-8)
        #expect(GeodesicVectors.angleError(back.azimuth, forward.azimuth + 180) < 1e-9)
    }

    @Test func directOverAPole() {
        let over = wgs84.direct(latitude: 80, longitude: 10, azimuth: 0, distance: 2_500_000)
        #expect(GeodesicVectors.angleError(over.longitude, -170) < 1e-9)
        #expect(GeodesicVectors.angleError(over.azimuth, 180) < 1e-9)
        #expect(over.latitude < 80 && over.latitude > 60)
    }
}
