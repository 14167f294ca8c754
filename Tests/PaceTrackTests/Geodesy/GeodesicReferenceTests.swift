import Foundation
import PaceTrack
import Testing

/// `Geodesic.wgs84` against GeographicLib's solutions in `Fixtures/geodesic-vectors.csv`.
@Suite struct GeodesicReferenceTests {
    /// Distance tolerance: far inside the 1 mm requirement, a generous margin over the ~15 nm
    /// round-off of the method (and over differences between platforms' maths libraries).
    static let distanceTolerance = 1e-6
    /// Azimuth tolerance in degrees.
    static let azimuthTolerance = 1e-9
    /// An azimuth error δ at one end moves the geodesic's other end sideways by |m12| δ. Where that
    /// displacement is below this many metres the azimuth is as good as the inputs allow (short
    /// lines, where a few-nanometre uncertainty of the end points is a large angle; nearly
    /// antipodal points, where m12 is small and α₁ is ill-conditioned).
    static let azimuthDisplacementTolerance = 1e-8

    static func azimuthIsClose(_ actual: Double, _ expected: Double, reducedLength m12: Double) -> Bool {
        let error = GeodesicVectors.angleError(actual, expected)
        return error <= azimuthTolerance || error * .pi / 180 * abs(m12) <= azimuthDisplacementTolerance
    }

    @Test func fixtureCoversEveryCategory() throws {
        let vectors = try GeodesicVectors.load()
        #expect(vectors.count > 300)
        let categories = Set(vectors.map(\.category))
        for required in ["random", "short", "local", "long", "antipodal-1e-3", "antipodal-1e-6", "antipodal-exact",
                         "equatorial", "meridional", "pole", "antimeridian", "coincident"] {
            #expect(categories.contains(required), "missing \(required)")
        }
    }

    @Test func inverseMatchesGeographicLib() throws {
        var worstDistance = 0.0
        for v in try GeodesicVectors.inverse() {
            let r = Geodesic.wgs84.inverse(latitude1: v.lat1, longitude1: v.lon1, latitude2: v.lat2, longitude2: v.lon2)
            let distanceError = abs(r.distance - v.s12)
            worstDistance = max(worstDistance, distanceError)
            #expect(distanceError <= Self.distanceTolerance, "\(v.testDescription): s12 \(r.distance) vs \(v.s12)")
            if v.category == "antipodal-exact" {
                continue   // several shortest paths: checked by inverseOfAntipodesReachesTheAntipode
            }
            #expect(Self.azimuthIsClose(r.azimuth1, v.azi1, reducedLength: v.m12),
                    "\(v.testDescription): azi1 \(r.azimuth1) vs \(v.azi1)")
            #expect(Self.azimuthIsClose(r.azimuth2, v.azi2, reducedLength: v.m12),
                    "\(v.testDescription): azi2 \(r.azimuth2) vs \(v.azi2)")
        }
        #expect(worstDistance <= Self.distanceTolerance)
    }

    @Test func inverseOfAntipodesReachesTheAntipode() throws {
        for v in try GeodesicVectors.inverse() where v.category == "antipodal-exact" {
            let r = Geodesic.wgs84.inverse(latitude1: v.lat1, longitude1: v.lon1, latitude2: v.lat2, longitude2: v.lon2)
            #expect(abs(r.distance - v.s12) <= Self.distanceTolerance)
            let end = Geodesic.wgs84.direct(latitude: v.lat1, longitude: v.lon1, azimuth: r.azimuth1, distance: r.distance)
            let miss = GeodesicVectors.positionError(latitude1: end.latitude, longitude1: end.longitude, latitude2: v.lat2, longitude2: v.lon2)
            #expect(miss <= 1e-6, "\(v.testDescription): misses by \(miss) m")
        }
    }

    @Test func inverseIsSymmetric() throws {
        for v in try GeodesicVectors.inverse() where v.category != "antipodal-exact" {
            let forward = Geodesic.wgs84.inverse(latitude1: v.lat1, longitude1: v.lon1, latitude2: v.lat2, longitude2: v.lon2)
            let backward = Geodesic.wgs84.inverse(latitude1: v.lat2, longitude1: v.lon2, latitude2: v.lat1, longitude2: v.lon1)
            #expect(abs(forward.distance - backward.distance) <= 1e-9 * max(1, forward.distance))
            #expect(Self.azimuthIsClose(backward.azimuth1, forward.azimuth2 + 180, reducedLength: v.m12))
            #expect(Self.azimuthIsClose(backward.azimuth2, forward.azimuth1 + 180, reducedLength: v.m12))
        }
    }

    @Test func directMatchesGeographicLib() throws {
        for v in try GeodesicVectors.direct() {
            let r = Geodesic.wgs84.direct(latitude: v.lat1, longitude: v.lon1, azimuth: v.azi1, distance: v.s12)
            let miss = GeodesicVectors.positionError(latitude1: r.latitude, longitude1: r.longitude, latitude2: v.lat2, longitude2: v.lon2)
            #expect(miss <= Self.distanceTolerance, "\(v.testDescription): misses by \(miss) m")
            #expect(r.longitude >= -180 && r.longitude <= 180)
            if abs(v.lat2) < 90 - 1e-9 {
                #expect(GeodesicVectors.angleError(r.azimuth, v.azi2) <= Self.azimuthTolerance,
                        "\(v.testDescription): azi2 \(r.azimuth) vs \(v.azi2)")
            }
        }
    }

    @Test func directUndoesInverse() throws {
        for v in try GeodesicVectors.inverse() {
            let line = Geodesic.wgs84.inverse(latitude1: v.lat1, longitude1: v.lon1, latitude2: v.lat2, longitude2: v.lon2)
            let end = Geodesic.wgs84.direct(latitude: v.lat1, longitude: v.lon1, azimuth: line.azimuth1, distance: line.distance)
            let miss = GeodesicVectors.positionError(latitude1: end.latitude, longitude1: end.longitude, latitude2: v.lat2, longitude2: v.lon2)
            #expect(miss <= Self.distanceTolerance, "\(v.testDescription): misses by \(miss) m")
            if abs(v.lat2) < 90 - 1e-9 && v.category != "antipodal-exact" {
                #expect(Self.azimuthIsClose(end.azimuth, line.azimuth2, reducedLength: v.m12))
            }
        }
    }

    @Test func inverseUndoesDirect() throws {
        for v in try GeodesicVectors.direct() where v.s12 >= 0 && v.s12 < 1.9e7 && abs(v.lat2) < 89.999 {
            let end = Geodesic.wgs84.direct(latitude: v.lat1, longitude: v.lon1, azimuth: v.azi1, distance: v.s12)
            let line = Geodesic.wgs84.inverse(latitude1: v.lat1, longitude1: v.lon1, latitude2: end.latitude, longitude2: end.longitude)
            #expect(abs(line.distance - v.s12) <= Self.distanceTolerance, "\(v.testDescription): \(line.distance)")
            if v.s12 > 0 && abs(v.lat1) < 90 {
                #expect(Self.azimuthIsClose(line.azimuth1, v.azi1, reducedLength: v.m12), "\(v.testDescription)")
            }
        }
    }
}
