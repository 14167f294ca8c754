import Foundation
import PaceFormats
import PaceModel

/// Locates the Apple Health fixtures and writes generated exports for the tests.
enum AppleHealthFixtures {
    /// `Tests/PaceFormatsTests/Fixtures/applehealth`, found from this source file.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/applehealth")

    /// A fixture file or folder by its path below `applehealth/`.
    static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    /// A new empty folder under the temporary directory.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pace-applehealth-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Writes `<HealthData>` around `body` (after `prolog`) as `export.xml` in a new folder; returns the folder.
    static func export(_ body: String, prolog: String = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n") throws -> URL {
        let folder = try temporaryFolder()
        let xml = prolog + "<HealthData locale=\"en_US\">\n" + body + "\n</HealthData>\n"
        try Data(xml.utf8).write(to: folder.appendingPathComponent("export.xml"))
        return folder
    }

    /// The workouts read from an export of `body` (written to a temporary folder, removed after).
    static func workouts(inExportOf body: String) throws -> [Workout] {
        let folder = try export(body)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try read(folder).items.workouts
    }

    /// The items a read delivered, in order, and its summary.
    static func read(_ url: URL) throws(AppleHealthError) -> (items: [AppleHealthExportItem], summary: AppleHealthExportSummary) {
        var items: [AppleHealthExportItem] = []
        let summary = try AppleHealthExportReader().read(at: url) { items.append($0) }
        return (items, summary)
    }

    /// A `Record` element with the usual attributes.
    static func record(type: String, value: String, unit: String? = "count",
                       start: String = "2024-05-01 08:00:00 +0200", end: String = "2024-05-01 08:01:00 +0200") -> String {
        let unitAttribute = unit.map { " unit=\"\($0)\"" } ?? ""
        return "<Record type=\"\(type)\" sourceName=\"Test\"\(unitAttribute) startDate=\"\(start)\" endDate=\"\(end)\" value=\"\(value)\"/>"
    }
}

extension Array where Element == AppleHealthExportItem {
    var quantitySamples: [QuantitySample] { compactMap { if case .quantitySample(let sample) = $0 { sample } else { nil } } }
    var categorySamples: [CategorySample] { compactMap { if case .categorySample(let sample) = $0 { sample } else { nil } } }
    var workouts: [Workout] { compactMap { if case .workout(let workout) = $0 { workout } else { nil } } }
    var routes: [WorkoutRoute] { compactMap { if case .workoutRoute(let route) = $0 { route } else { nil } } }
    var correlations: [AppleHealthCorrelation] { compactMap { if case .correlation(let value) = $0 { value } else { nil } } }
    var activitySummaries: [ActivitySummary] {
        compactMap { if case .activitySummary(let value) = $0 { value } else { nil } }
    }
    var characteristics: [AppleHealthCharacteristics] {
        compactMap { if case .characteristics(let value) = $0 { value } else { nil } }
    }
    var warnings: [AppleHealthWarning] { compactMap { if case .warning(let value) = $0 { value } else { nil } } }
}
