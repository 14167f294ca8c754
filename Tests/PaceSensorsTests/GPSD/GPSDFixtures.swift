import Foundation

/// Fixture files for the gpsd tests, read from the source tree.
enum GPSDFixtures {
    /// `Tests/PaceSensorsTests/Fixtures/gpsd/`.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/gpsd", isDirectory: true)

    /// The URL of a fixture.
    static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    /// The lines of a fixture.
    static func lines(_ name: String) throws -> [String] {
        try String(contentsOf: url(name), encoding: .utf8).split(whereSeparator: \.isNewline).map(String.init)
    }

    /// gpsd's JSON objects of one class from a `.chk` oracle (lines interleave NMEA and JSON).
    static func oracle(_ name: String, className: String) throws -> [[String: Any]] {
        try lines(name).filter { $0.hasPrefix("{\"class\":\"\(className)\"") }.map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw CocoaError(.propertyListReadCorrupt)
            }
            return object
        }
    }

    /// Parses gpsd's ISO 8601 time independently of the code under test.
    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}
