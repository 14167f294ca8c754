import Foundation
import PaceFormats
import PaceStore
import PaceTransfer

/// The cases of `pace-bench files`: each reads a whole file through a public Pace API and sums
/// what it read, so the work cannot be optimised away and the counts can be compared with the peers'.
enum FileReadCase {
    /// Reads a GPX file; sums heart rate and cadence over every track point.
    /// `document`: `GPXReader().read(contentsOf:)`; `stream`: `GPXReader().stream(contentsOf:handler:)`.
    static func readGPX(at url: URL, api: FileReadingAPI) throws -> FileReadResult {
        var sums = PointSums()
        var warnings = 0
        switch api {
        case .document:
            let document = try GPXReader().read(contentsOf: url)
            for track in document.tracks {
                for lap in track.laps {
                    for record in lap.records { sums.add(heartRate: record.heartRate, cadence: record.cadence) }
                }
            }
            warnings = document.warnings.count
        case .stream:
            _ = try GPXReader().stream(contentsOf: url) { event in
                switch event {
                case .trackPoint(let point, _, _): sums.add(heartRate: point.heartRate, cadence: point.cadence)
                case .warning: warnings += 1
                case .trackEnd, .route, .waypoint: break
                }
            }
        }
        return FileReadResult(api: api, values: sums.values + [("warnings", "\(warnings)")])
    }

    /// Reads a TCX file; sums its activities' track points' heart rate and cadence.
    /// `document`: `TCXReader().read(contentsOf:)`; `stream`: `TCXReader().read(source:fileName:records:)`.
    static func readTCX(at url: URL, api: FileReadingAPI) throws -> FileReadResult {
        var sums = PointSums()
        let document: TCXDocument
        switch api {
        case .document:
            document = try TCXReader().read(contentsOf: url)
            for activity in document.activities {
                for record in activity.recorded.records { sums.add(heartRate: record.heartRate, cadence: record.cadence) }
            }
        case .stream:
            document = try TCXReader().read(source: FileByteSource(url: url), fileName: url.lastPathComponent) { record, _ in
                sums.add(heartRate: record.heartRate, cadence: record.cadence)
            }
        }
        return FileReadResult(api: api, values: sums.values + [("warnings", "\(document.warnings.count)")])
    }

    /// Decodes a FIT file; counts `record` messages (global 20) and sums their heart rate (field 3) and cadence (field 4).
    /// `document`: `FITDecoder().decode(Data)`; `stream`: `FITDecoder().decode(contentsOf:handler:)`.
    static func decodeFIT(at url: URL, api: FileReadingAPI) throws -> FileReadResult {
        var sums = PointSums()
        var messages = 0
        switch api {
        case .document:
            let file = try FITDecoder().decode(Data(contentsOf: url))
            messages = file.messages.count
            for message in file.messages where message.globalNumber == 20 {
                sums.add(heartRate: message.field(3)?.doubleValue, cadence: message.field(4)?.doubleValue)
            }
        case .stream:
            let summary = try FITDecoder().decode(contentsOf: url) { message in
                guard message.globalNumber == 20 else { return }
                sums.add(heartRate: message.field(3)?.doubleValue, cadence: message.field(4)?.doubleValue)
            }
            messages = summary.messageCount
        }
        return FileReadResult(api: api, values: sums.values + [("messages", "\(messages)")])
    }

    /// Imports an Apple Health export into a fresh ``HealthStore`` with ``AppleHealthImporter`` (which streams).
    /// - Parameter storePath: The store file to create, or `nil` for a temporary one, deleted afterwards.
    static func importAppleHealth(at url: URL, storePath: String?) async throws -> FileReadResult {
        let temporaryFolder = storePath == nil
            ? FileManager.default.temporaryDirectory.appendingPathComponent("pace-bench-\(UUID().uuidString)")
            : nil
        defer { if let temporaryFolder { try? FileManager.default.removeItem(at: temporaryFolder) } }
        let path = storePath ?? temporaryFolder!.appendingPathComponent("health.sqlite").path
        let store = try HealthStore(path: path)
        let report = try await AppleHealthImporter(store: store).import(at: url)
        return FileReadResult(api: .stream, values: [
            ("points", "\(report.itemsRead)"),
            ("imported", "\(report.samplesImported)"),
            ("quantity", "\(report.quantitySamplesImported)"),
            ("category", "\(report.categorySamplesImported)"),
            ("duplicates", "\(report.duplicatesSkipped)"),
            ("rejected", "\(report.rejectedCount)"),
            ("warnings", "\(report.warningCount)"),
        ])
    }
}

/// Running totals over the points read.
struct PointSums {
    private(set) var points = 0
    private(set) var heartRate = 0.0
    private(set) var cadence = 0.0

    mutating func add(heartRate: Double?, cadence: Double?) {
        points += 1
        self.heartRate += heartRate ?? 0
        self.cadence += cadence ?? 0
    }

    /// `points`, `hr_sum` and `cad_sum` as result pairs.
    var values: [(key: String, value: String)] {
        [("points", "\(points)"), ("hr_sum", String(format: "%.0f", heartRate)), ("cad_sum", String(format: "%.0f", cadence))]
    }
}
