import PaceTestSupport
import Foundation
import PaceModel
import PaceTrack
import Testing

@Suite struct RouteSimplifierTests {
    static let start = (latitude: 47.3769, longitude: 8.5417)

    /// Points `step` metres apart along a geodesic from `start`.
    static func straightLine(count: Int, step: Double, azimuth: Double) -> (latitudes: [Double], longitudes: [Double]) {
        var latitudes: [Double] = [], longitudes: [Double] = []
        for i in 0..<count {
            let p = Geodesic.wgs84.direct(latitude: start.latitude, longitude: start.longitude,
                                          azimuth: azimuth, distance: Double(i) * step)
            latitudes.append(p.latitude)
            longitudes.append(p.longitude)
        }
        return (latitudes, longitudes)
    }

    /// A zigzag north with corners 50 m east and west of the centre line, every 200 m northwards,
    /// with `perLeg` points along each leg; returns the points and the indices of the corners.
    static func zigzag(legs: Int, perLeg: Int) -> (latitudes: [Double], longitudes: [Double], corners: [Int]) {
        let plane = LocalTangentPlane(latitude: start.latitude, longitude: start.longitude)
        var latitudes: [Double] = [], longitudes: [Double] = [], corners: [Int] = []
        func corner(_ leg: Int) -> (Double, Double) { (leg % 2 == 0 ? -50 : 50, Double(leg) * 200) }
        for leg in 0..<legs {
            let (e0, n0) = corner(leg), (e1, n1) = corner(leg + 1)
            for j in 0..<perLeg {
                let t = Double(j) / Double(perLeg)
                if j == 0 { corners.append(latitudes.count) }
                let p = plane.unproject(east: e0 + t * (e1 - e0), north: n0 + t * (n1 - n0))
                latitudes.append(p.latitude)
                longitudes.append(p.longitude)
            }
        }
        let (e, n) = corner(legs)
        let p = plane.unproject(east: e, north: n)
        corners.append(latitudes.count)
        latitudes.append(p.latitude)
        longitudes.append(p.longitude)
        return (latitudes, longitudes, corners)
    }

    /// The largest distance in metres from a dropped point to the simplified polyline between its
    /// kept neighbours, measured in the tangent plane at the first point.
    static func largestDeviation(latitudes: [Double], longitudes: [Double], kept: [Int]) -> Double {
        let plane = LocalTangentPlane(latitude: latitudes[kept[0]], longitude: longitudes[kept[0]])
        func xy(_ i: Int) -> (Double, Double) {
            let p = plane.project(latitude: latitudes[i], longitude: longitudes[i])
            return (p.east, p.north)
        }
        var worst = 0.0
        for (a, b) in zip(kept, kept.dropFirst()) where b > a + 1 {
            let (ax, ay) = xy(a), (bx, by) = xy(b)
            for i in (a + 1)..<b {
                let (px, py) = xy(i)
                let dx = bx - ax, dy = by - ay, l2 = dx * dx + dy * dy
                let t = l2 > 0 ? min(1, max(0, ((px - ax) * dx + (py - ay) * dy) / l2)) : 0
                worst = max(worst, hypot(px - ax - t * dx, py - ay - t * dy))
            }
        }
        return worst
    }

    @Test(arguments: [0.0, 37, 90, 181, 270])
    func straightLineReducesToItsEnds(azimuth: Double) {
        let line = Self.straightLine(count: 1000, step: 10, azimuth: azimuth)
        let kept = RouteSimplifier.simplifiedIndices(latitudes: line.latitudes, longitudes: line.longitudes,
                                                     toleranceMeters: 0.5)
        #expect(kept == [0, 999])
    }

    @Test func zigzagKeepsItsCorners() {
        let z = Self.zigzag(legs: 12, perLeg: 25)
        let kept = RouteSimplifier.simplifiedIndices(latitudes: z.latitudes, longitudes: z.longitudes, toleranceMeters: 5)
        #expect(kept == z.corners)
        // A tolerance wider than the zigzag (corners 100 m either side of the first-to-last line) flattens it.
        let flat = RouteSimplifier.simplifiedIndices(latitudes: z.latitudes, longitudes: z.longitudes, toleranceMeters: 120)
        #expect(flat == [0, z.latitudes.count - 1])
    }

    @Test(arguments: [1.0, 3, 10, 30])
    func droppedPointsLieWithinTheTolerance(tolerance: Double) {
        // A seeded random walk of 5 000 steps of up to 8 m.
        var generator = SimplifierTestRandom(seed: 42)
        let plane = LocalTangentPlane(latitude: Self.start.latitude, longitude: Self.start.longitude)
        var latitudes: [Double] = [], longitudes: [Double] = []
        var (e, n, heading) = (0.0, 0.0, 0.0)
        for _ in 0..<5000 {
            heading += Double.random(in: -0.6...0.6, using: &generator)
            let step = Double.random(in: 0...8, using: &generator)
            e += step * sin(heading); n += step * cos(heading)
            let p = plane.unproject(east: e, north: n)
            latitudes.append(p.latitude)
            longitudes.append(p.longitude)
        }
        let kept = RouteSimplifier.simplifiedIndices(latitudes: latitudes, longitudes: longitudes, toleranceMeters: tolerance)
        #expect(kept.first == 0 && kept.last == 4999)
        #expect(kept == kept.sorted() && Set(kept).count == kept.count)
        #expect(kept.count < 5000 / 2)
        #expect(Self.largestDeviation(latitudes: latitudes, longitudes: longitudes, kept: kept) <= tolerance * (1 + 1e-9))
    }

    @Test func inputIsNotAltered() {
        let t0 = Date(timeIntervalSince1970: 1_700_000_000)
        let z = Self.zigzag(legs: 4, perLeg: 10)
        let route = z.latitudes.indices.map {
            RouteLocation(timestamp: t0.addingTimeInterval(Double($0)), latitude: z.latitudes[$0],
                          longitude: z.longitudes[$0], altitude: 400, horizontalAccuracy: 5)
        }
        let copy = route
        let simplified = RouteSimplifier.simplify(route, toleranceMeters: 5)
        #expect(route == copy)
        #expect(simplified == z.corners.map { route[$0] })
        #expect(simplified.count < route.count)
    }

    @Test func genericFormUsesTheKeyPaths() {
        let z = Self.zigzag(legs: 3, perLeg: 7)
        let fixes = z.latitudes.indices.map {
            Fix(time: Double($0), latitude: z.latitudes[$0], longitude: z.longitudes[$0], horizontalAccuracy: 3)
        }
        let kept = RouteSimplifier.simplify(fixes, toleranceMeters: 2, latitude: \.latitude, longitude: \.longitude)
        #expect(kept.map(\.time) == z.corners.map(Double.init))
        // Works on slices too (indices are positions in the collection).
        let slice = RouteSimplifier.simplify(fixes[5..<12], toleranceMeters: 2, latitude: \.latitude, longitude: \.longitude)
        #expect(slice.map(\.time) == [5, 7, 11])
    }

    @Test func smallInputs() {
        #expect(RouteSimplifier.simplifiedIndices(latitudes: [], longitudes: [], toleranceMeters: 5) == [])
        #expect(RouteSimplifier.simplifiedIndices(latitudes: [1], longitudes: [2], toleranceMeters: 5) == [0])
        #expect(RouteSimplifier.simplifiedIndices(latitudes: [1, 1.001], longitudes: [2, 2], toleranceMeters: 5) == [0, 1])
        #expect(RouteSimplifier.simplify([], toleranceMeters: 5) == [])
        // Mismatched arrays: the extra latitudes are ignored.
        #expect(RouteSimplifier.simplifiedIndices(latitudes: [1, 1, 1], longitudes: [2, 2], toleranceMeters: 5) == [0, 1])
    }

    @Test func duplicatesAndOutAndBack() {
        let same = RouteSimplifier.simplifiedIndices(latitudes: Array(repeating: 45, count: 50),
                                                     longitudes: Array(repeating: 7, count: 50), toleranceMeters: 1)
        #expect(same == [0, 49])
        // Out 1 km and back to the start: the turn-around point must stay.
        let out = Self.straightLine(count: 101, step: 10, azimuth: 60)
        let lat = out.latitudes + out.latitudes.reversed().dropFirst()
        let lon = out.longitudes + out.longitudes.reversed().dropFirst()
        #expect(RouteSimplifier.simplifiedIndices(latitudes: lat, longitudes: lon, toleranceMeters: 1) == [0, 100, 200])
    }

    @Test func toleranceAtOrBelowZeroKeepsEverything() {
        let z = Self.zigzag(legs: 2, perLeg: 5)
        for tolerance in [0.0, -3, .nan] {
            let kept = RouteSimplifier.simplifiedIndices(latitudes: z.latitudes, longitudes: z.longitudes, toleranceMeters: tolerance)
            #expect(kept == Array(z.latitudes.indices))
        }
        let ends = RouteSimplifier.simplifiedIndices(latitudes: z.latitudes, longitudes: z.longitudes, toleranceMeters: .infinity)
        #expect(ends == [0, z.latitudes.count - 1])
    }

    @Test func invalidPointsAreSkipped() {
        let line = Self.straightLine(count: 20, step: 10, azimuth: 0)
        var lat = line.latitudes, lon = line.longitudes
        lat[0] = .nan; lat[7] = 91; lon[8] = .infinity; lat[19] = -.infinity
        lon[10] += 0.001   // a 75 m spike that must be kept
        let kept = RouteSimplifier.simplifiedIndices(latitudes: lat, longitudes: lon, toleranceMeters: 1)
        #expect(kept == [1, 9, 10, 11, 18])
        #expect(RouteSimplifier.simplifiedIndices(latitudes: [.nan, .nan], longitudes: [0, 0], toleranceMeters: 1) == [])
    }

    @Test func longTracksAreHandled() {
        // A 250 000-point random walk (about 70 hours at 1 Hz): no recursion, typical O(n log n).
        let count = 250_000
        var generator = SimplifierTestRandom(seed: 7)
        let plane = LocalTangentPlane(latitude: Self.start.latitude, longitude: Self.start.longitude)
        var lat = [Double](repeating: 0, count: count), lon = lat
        var (e, n, heading) = (0.0, 0.0, 0.0)
        for i in 0..<count {
            heading += Double.random(in: -0.3...0.3, using: &generator)
            e += 3 * sin(heading); n += 3 * cos(heading)
            let p = plane.unproject(east: e, north: n)
            lat[i] = p.latitude
            lon[i] = p.longitude
        }
        let kept = RouteSimplifier.simplifiedIndices(latitudes: lat, longitudes: lon, toleranceMeters: 2)
        #expect(kept.first == 0 && kept.last == count - 1)
        #expect(kept.count > 1000 && kept.count < count / 2)
    }
}

/// The simplifier tests' seeded random source.
typealias SimplifierTestRandom = SeededRandom
