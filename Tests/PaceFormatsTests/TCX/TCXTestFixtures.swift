import Foundation

/// Locates the TCX test fixtures next to the test sources (the test target declares no resources).
enum TCXTestFixtures {
    /// `Tests/PaceFormatsTests/Fixtures`.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// A file under `Fixtures/tcx/`.
    static func tcx(_ name: String) -> URL {
        root.appendingPathComponent("tcx/\(name)")
    }

    /// A file under `Fixtures/schemas/`.
    static func schema(_ name: String) -> URL {
        root.appendingPathComponent("schemas/\(name)")
    }

    /// The shared third-party corpus (`../shared/fixtures/tcx` next to the repository), when present.
    static let sharedCorpus = root
        .deletingLastPathComponent() // → Tests/PaceFormatsTests
        .deletingLastPathComponent() // → Tests
        .deletingLastPathComponent() // → the repository
        .deletingLastPathComponent() // → the repository's parent
        .appendingPathComponent("shared/fixtures/tcx")

    /// A UTC date from components.
    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Double) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let whole = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute,
                                                       second: Int(second.rounded(.down))))!
        return whole.addingTimeInterval(second - second.rounded(.down))
    }
}
