import CoreLocation
import Foundation
import PaceTestSupport
import Testing

/// `distance(from:)` is the geodesic on the WGS-84 ellipsoid: the values PaceTrack's geodesic tests
/// hold (GeographicLib's, `Tests/PaceTrackTests/Fixtures/geodesic-vectors.csv`).
@Suite struct CLLocationDistanceTests {
    /// (lat1, lon1, lat2, lon2, metres) — quarter meridian and equator, Karney's nearly antipodal
    /// example, and the first rows of the GeographicLib vectors.
    static let cases: [(Double, Double, Double, Double, Double)] = [
        (0, 0, 90, 0, 10_001_965.729_312_724),
        (0, 0, 0, 90, 6_378_137 * Double.pi / 2),
        (-30, 0, 29.9, 179.8, 19_989_832.827_609_53),
        (-60.78399655751804, 101.97368315391526, -41.72987422425451, 117.94305118150584, 2_380_354.5787913296),
        (-34.67314168921558, 8.390829959812805, -59.04692088721186, -91.72737682643934, 7_308_604.597190804),
        (9.18979675826761, -133.13516105305695, -87.06242545723981, -129.11624368137979, 10_690_902.55333664),
    ]

    @Test(arguments: cases.indices)
    func distanceIsTheEllipsoidalGeodesic(index: Int) {
        let (lat1, lon1, lat2, lon2, metres) = Self.cases[index]
        let a = CLLocation(latitude: lat1, longitude: lon1)
        let b = CLLocation(latitude: lat2, longitude: lon2)
        #expect(isApproximatelyEqual(a.distance(from: b), metres, relative: 0, absolute: 1e-6), "\(a.distance(from: b)) vs \(metres)")
        #expect(isApproximatelyEqual(b.distance(from: a), metres, relative: 0, absolute: 1e-6))
    }

    @Test func altitudeDoesNotCountAndTheSamePointIsZero() {
        let low = CLLocation(coordinate: CLLocationCoordinate2D(latitude: 46, longitude: 7), altitude: 0,
                             horizontalAccuracy: 5, verticalAccuracy: 5, timestamp: Date())
        let high = CLLocation(coordinate: CLLocationCoordinate2D(latitude: 46, longitude: 7), altitude: 4000,
                              horizontalAccuracy: 5, verticalAccuracy: 5, timestamp: Date())
        #expect(low.distance(from: high) == 0)
    }
}
