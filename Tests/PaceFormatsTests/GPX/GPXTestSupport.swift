import Foundation
import PaceFormats

/// Fixture access for the GPX tests, located relative to this source file (the test target
/// declares no resources).
enum GPXFixtures {
    /// `Tests/PaceFormatsTests/Fixtures`.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// The shared corpus `../shared/fixtures/gpx` next to the repository, when it exists.
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/fixtures/gpx")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent("gpx").appendingPathComponent(name))
    }

    static func read(_ name: String) throws -> GPXDocument {
        try GPXReader().read(data: data(name), file: name)
    }

    static func read(text: String, file: String = "inline.gpx") throws(GPXError) -> GPXDocument {
        try GPXReader().read(data: Data(text.utf8), file: file)
    }
}

/// A UTC date from calendar fields, independent of the reader's own date parser.
func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int, ms: Int = 0) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let date = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
    return date.addingTimeInterval(Double(ms) / 1000)
}

/// Whether two optional times are within a microsecond.
func sameTime(_ lhs: Date?, _ rhs: Date?) -> Bool {
    guard let lhs, let rhs else { return lhs == nil && rhs == nil }
    return abs(lhs.timeIntervalSince(rhs)) < 1e-6
}
