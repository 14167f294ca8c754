import Foundation
import PaceTrack
import Testing

@Suite struct LocalTangentPlaneTests {
    let geodesic = Geodesic.wgs84

    /// Origins in ordinary places, on the equator, next to the antimeridian and at or next to the poles.
    static let origins: [(latitude: Double, longitude: Double)] = [
        (48.8584, 2.2945), (-33.8568, 151.2153), (0, 0), (64.5, 179.95), (-16.5, -179.99),
        (89.9, 45), (90, 0), (-90, 0), (-89.999, -120),
    ]

    @Test(arguments: origins.indices)
    func projectThenUnprojectRoundTripsWithin100Kilometres(_ index: Int) {
        let origin = Self.origins[index]
        let plane = LocalTangentPlane(latitude: origin.latitude, longitude: origin.longitude)
        for azimuth in stride(from: -180.0, to: 180, by: 22.5) {
            for distance in [0.5, 10, 1000, 25_000, 100_000] {
                let p = geodesic.direct(latitude: origin.latitude, longitude: origin.longitude, azimuth: azimuth, distance: distance)
                for altitude in [0.0, 350] {
                    let enu = plane.project(latitude: p.latitude, longitude: p.longitude, altitude: altitude)
                    let back = plane.unproject(east: enu.east, north: enu.north, up: enu.up)
                    let miss = geodesic.distance(latitude1: p.latitude, longitude1: p.longitude,
                                                 latitude2: back.latitude, longitude2: back.longitude)
                    #expect(miss <= 1e-3, "origin \(origin) azimuth \(azimuth) distance \(distance): \(miss) m")
                    #expect(abs(back.altitude - altitude) <= 1e-3)
                    #expect(back.longitude >= -180 && back.longitude <= 180)
                }
            }
        }
    }

    @Test(arguments: origins.indices.filter { abs(origins[$0].latitude) < 90 })
    func oneKilometreNorthProjectsOntoTheNorthAxis(_ index: Int) throws {
        let origin = Self.origins[index]
        let plane = LocalTangentPlane(latitude: origin.latitude, longitude: origin.longitude)
        let p = geodesic.direct(latitude: origin.latitude, longitude: origin.longitude, azimuth: 0, distance: 1000)
        let enu = plane.project(latitude: p.latitude, longitude: p.longitude)
        // The plane is tangent, so the 1 km arc appears as a chord shortened by s³/(6R²) ≈ 4 µm.
        #expect(abs(enu.north - 1000) <= 1e-3, "north \(enu.north)")
        #expect(abs(enu.east) <= 1e-6, "east \(enu.east)")
        #expect(enu.up < 0 && enu.up > -0.1)   // the surface drops away by s²/(2R) ≈ 7.8 cm
    }

    @Test(arguments: origins.indices)
    func horizontalDistanceMatchesTheGeodesic(_ index: Int) {
        let origin = Self.origins[index]
        let plane = LocalTangentPlane(latitude: origin.latitude, longitude: origin.longitude)
        for azimuth in stride(from: 0.0, to: 360, by: 45) {
            let p = geodesic.direct(latitude: origin.latitude, longitude: origin.longitude, azimuth: azimuth, distance: 1000)
            let enu = plane.project(latitude: p.latitude, longitude: p.longitude)
            #expect(abs((enu.east * enu.east + enu.north * enu.north).squareRoot() - 1000) <= 1e-3)
        }
    }

    @Test func eastIsContinuousAcrossTheAntimeridian() {
        let plane = LocalTangentPlane(latitude: 52, longitude: 179.999)
        let west = plane.project(latitude: 52, longitude: 179.998)
        let east = plane.project(latitude: 52, longitude: -179.999)
        let expectedEast = geodesic.distance(latitude1: 52, longitude1: 179.999, latitude2: 52, longitude2: -179.999)
        #expect(east.east > 0 && west.east < 0)
        #expect(abs(east.east - expectedEast) <= 1e-3)
        #expect(abs(west.east + geodesic.distance(latitude1: 52, longitude1: 179.999, latitude2: 52, longitude2: 179.998)) <= 1e-3)
    }

    @Test func atAPoleEastFollowsTheOriginLongitude() {
        // At the north pole with origin longitude 0, "north" points along the 180° meridian and
        // "east" along the 90° E meridian.
        let plane = LocalTangentPlane(latitude: 90, longitude: 0)
        let along180 = plane.project(latitude: 89.99, longitude: 180)
        let along90 = plane.project(latitude: 89.99, longitude: 90)
        let d = geodesic.distance(latitude1: 90, longitude1: 0, latitude2: 89.99, longitude2: 0)
        #expect(abs(along180.north - d) <= 1e-3 && abs(along180.east) <= 1e-6)
        #expect(abs(along90.east - d) <= 1e-3 && abs(along90.north) <= 1e-6)
        let pole = plane.unproject(east: 0, north: 0)
        #expect(pole.latitude == 90)
    }
}
