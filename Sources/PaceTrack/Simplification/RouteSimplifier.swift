public import PaceModel

/// Thins a route for drawing or export with the Douglas–Peucker algorithm, keeping its shape to
/// within a tolerance in metres.
///
/// Distances are measured in the east-north plane of a ``LocalTangentPlane`` centred on the first
/// valid point, from each point to the nearest point of the *segment* between the kept points on
/// either side (not the infinite line through them, so out-and-back routes keep their turn-around
/// point). Every dropped point therefore lies within the tolerance of the simplified polyline.
/// The plane shortens offsets at distance d from its centre by a factor of about cos(d / R), i.e.
/// by 0.01 % at 100 km, which is immaterial for routes of ordinary extent.
///
/// The simplifier only reads its input: it returns a new array (or index list) and never alters
/// the points it is given, so a stored route stays exactly as recorded.
///
/// - Invalid points (non-finite latitude or longitude, or a latitude outside −90…90) are skipped:
///   they are never returned and do not affect which other points are kept.
/// - The first and last valid points are always kept.
/// - A tolerance that is not greater than zero (or is NaN) keeps every valid point; an infinite
///   tolerance keeps only the first and last valid points.
/// - Repeated points are handled (a segment of zero length measures distance to its point).
///
/// The work is iterative with an explicit stack, so tracks of hundreds of thousands of points are
/// fine; it takes O(n log n) time for typical routes (O(n²) in the worst case).
///
/// ```swift
/// let thinned = RouteSimplifier.simplify(route.locations, toleranceMeters: 5)
/// ```
public enum RouteSimplifier {
    /// The indices of the points to keep, in increasing order.
    ///
    /// - Parameters:
    ///   - latitudes: Latitudes in degrees, WGS-84.
    ///   - longitudes: Longitudes in degrees, WGS-84, paired with `latitudes` by index; if the
    ///     arrays differ in length, the extra elements of the longer one are ignored.
    ///   - toleranceMeters: The largest distance in metres a dropped point may lie from the
    ///     simplified route.
    /// - Returns: Indices into the input arrays, increasing, first and last valid points included;
    ///   invalid points never appear.
    public static func simplifiedIndices(latitudes: [Double], longitudes: [Double], toleranceMeters: Double) -> [Int] {
        let count = min(latitudes.count, longitudes.count)
        var valid: [Int] = []
        valid.reserveCapacity(count)
        for i in 0..<count where isValid(latitude: latitudes[i], longitude: longitudes[i]) {
            valid.append(i)
        }
        guard valid.count > 2, toleranceMeters > 0 else { return valid }

        // Project the valid points once.
        let plane = LocalTangentPlane(latitude: latitudes[valid[0]], longitude: longitudes[valid[0]])
        var east = [Double](repeating: 0, count: valid.count)
        var north = [Double](repeating: 0, count: valid.count)
        for (k, i) in valid.enumerated() {
            let p = plane.project(latitude: latitudes[i], longitude: longitudes[i])
            east[k] = p.east
            north[k] = p.north
        }

        let keep = douglasPeucker(east: east, north: north, toleranceSquared: toleranceMeters * toleranceMeters)
        var result: [Int] = []
        for k in valid.indices where keep[k] {
            result.append(valid[k])
        }
        return result
    }

    /// The points to keep, as a new array in their original order.
    ///
    /// - Parameters:
    ///   - points: The route; not modified.
    ///   - toleranceMeters: The largest distance in metres a dropped point may lie from the
    ///     simplified route.
    ///   - latitude: Where an element keeps its latitude in degrees, WGS-84.
    ///   - longitude: Where an element keeps its longitude in degrees, WGS-84.
    /// - Returns: The kept elements (see ``simplifiedIndices(latitudes:longitudes:toleranceMeters:)``).
    public static func simplify<C: RandomAccessCollection>(
        _ points: C, toleranceMeters: Double,
        latitude: KeyPath<C.Element, Double>, longitude: KeyPath<C.Element, Double>
    ) -> [C.Element] {
        let elements = Array(points)
        let indices = simplifiedIndices(latitudes: elements.map { $0[keyPath: latitude] },
                                        longitudes: elements.map { $0[keyPath: longitude] },
                                        toleranceMeters: toleranceMeters)
        return indices.map { elements[$0] }
    }

    /// A simplified copy of a stored route's locations; the stored route itself is not touched.
    ///
    /// - Parameters:
    ///   - locations: The route's locations, in order.
    ///   - toleranceMeters: The largest distance in metres a dropped location may lie from the
    ///     simplified route.
    /// - Returns: The kept locations, unchanged and in their original order.
    public static func simplify(_ locations: [RouteLocation], toleranceMeters: Double) -> [RouteLocation] {
        let indices = simplifiedIndices(latitudes: locations.map(\.latitude), longitudes: locations.map(\.longitude),
                                        toleranceMeters: toleranceMeters)
        return indices.map { locations[$0] }
    }

    @inline(__always)
    private static func isValid(latitude: Double, longitude: Double) -> Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90
    }

    /// Douglas–Peucker on planar points (at least two): which of them to keep.
    private static func douglasPeucker(east: [Double], north: [Double], toleranceSquared: Double) -> [Bool] {
        let count = east.count
        var keep = [Bool](repeating: false, count: count)
        keep[0] = true
        keep[count - 1] = true
        // Spans (first, last) whose inner points are still to be examined.
        var pending: [(first: Int, last: Int)] = [(0, count - 1)]
        while let (first, last) = pending.popLast() {
            guard last - first > 1 else { continue }
            let ax = east[first], ay = north[first]
            let dx = east[last] - ax, dy = north[last] - ay
            let lengthSquared = dx * dx + dy * dy
            var farthest = -1
            var farthestSquared = toleranceSquared
            for k in (first + 1)..<last {
                let px = east[k] - ax, py = north[k] - ay
                var t = 0.0
                if lengthSquared > 0 {
                    t = min(1, max(0, (px * dx + py * dy) / lengthSquared))
                }
                let ex = px - t * dx, ey = py - t * dy
                let distanceSquared = ex * ex + ey * ey
                if distanceSquared > farthestSquared {
                    farthestSquared = distanceSquared
                    farthest = k
                }
            }
            if farthest >= 0 {
                keep[farthest] = true
                pending.append((first, farthest))
                pending.append((farthest, last))
            }
        }
        return keep
    }
}
