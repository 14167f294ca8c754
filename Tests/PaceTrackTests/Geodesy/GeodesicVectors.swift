import Foundation
import Testing

/// One reference solution from `Fixtures/geodesic-vectors.csv` (GeographicLib, WGS-84), written
/// by `Scripts/make-geodesic-vectors.py`. Degrees and metres throughout.
struct GeodesicVector: Sendable, CustomTestStringConvertible {
    enum Problem: String, Sendable { case inverse, direct }

    var problem: Problem
    var category: String
    var lat1: Double, lon1: Double, azi1: Double
    var lat2: Double, lon2: Double, azi2: Double
    var s12: Double
    /// Reduced length: an azimuth error δ at one end moves the other end by about m12 · δ.
    var m12: Double

    var testDescription: String {
        "\(problem.rawValue) \(category) (\(lat1), \(lon1)) → (\(lat2), \(lon2)) s12 \(s12)"
    }
}

enum GeodesicVectors {
    struct MissingFixture: Error {}

    /// All rows of the fixture.
    static func load() throws -> [GeodesicVector] {
        guard let url = Bundle.module.url(forResource: "geodesic-vectors", withExtension: "csv",
                                          subdirectory: "Fixtures") else { throw MissingFixture() }
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 10, let problem = GeodesicVector.Problem(rawValue: fields[0]) else {
                throw MissingFixture()
            }
            let numbers = try fields[2...].map { field in
                guard let value = Double(field) else { throw MissingFixture() }
                return value
            }
            return GeodesicVector(problem: problem, category: fields[1],
                                  lat1: numbers[0], lon1: numbers[1], azi1: numbers[2],
                                  lat2: numbers[3], lon2: numbers[4], azi2: numbers[5],
                                  s12: numbers[6], m12: numbers[7])
        }
    }

    /// The inverse-problem rows.
    static func inverse() throws -> [GeodesicVector] { try load().filter { $0.problem == .inverse } }

    /// The direct-problem rows.
    static func direct() throws -> [GeodesicVector] { try load().filter { $0.problem == .direct } }

    /// The difference between two angles in degrees, reduced to 0…180.
    static func angleError(_ a: Double, _ b: Double) -> Double {
        abs(remainder(a - b, 360))
    }

    /// Approximate distance in metres between two nearby positions, from their latitude and
    /// longitude differences (independent of the code under test; good to a fraction of a percent).
    static func positionError(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> Double {
        let metresPerDegree = 6_400_000.0 * .pi / 180
        let north = (latitude2 - latitude1) * metresPerDegree
        let east = remainder(longitude2 - longitude1, 360) * metresPerDegree * cos(latitude1 * .pi / 180)
        return (north * north + east * east).squareRoot()
    }
}
