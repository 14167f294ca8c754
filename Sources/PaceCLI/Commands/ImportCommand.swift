import ArgumentParser
import Foundation
import PaceStore
import PaceTransfer

/// `pace import FILE...`: GPX, TCX and FIT files (or folders of them) into the store.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import GPX, TCX and FIT files (or folders of them) as workouts with routes and heart rate.",
        discussion: """
            Each workout is saved in one transaction. Importing the same file again skips its workouts as \
            duplicates. Progress goes to standard error, the summary to standard output; the exit code is 1 \
            when any file or activity was rejected.
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "Files or folders to import.")
    var paths: [String]

    func run() throws {
        let files = Self.expand(paths)
        guard !files.isEmpty else { throw ValidationError("No .gpx, .tcx or .fit files in \(paths.joined(separator: ", ")).") }
        let importer = ActivityImporter(store: try storeOptions.open())
        var summary = ImportSummary()
        for (index, url) in files.enumerated() {
            let progress = "[\(index + 1)/\(files.count)] \(url.path)"
            do {
                let file = try ActivityFileReader.read(url)
                let report = importer.import(file.activities, fileIdentifier: file.contentIdentifier)
                summary.add(report, warnings: file.warnings)
                Self.progress("\(progress): \(report.imported.count) imported, \(report.skippedAsDuplicate) duplicate, \(report.rejected.count) rejected")
            } catch {
                summary.rejected.append(error.description)
                Self.progress("\(progress): rejected")
            }
        }
        output.write(output.json ? try JSONOutput.encode(summary) : summary.text(files: files.count))
        if !summary.rejected.isEmpty { throw ExitCode.failure }
    }

    /// Files named, and supported files found (recursively, sorted) in folders named.
    static func expand(_ paths: [String]) -> [URL] {
        var files: [URL] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                files.append(URL(fileURLWithPath: path))
                continue
            }
            let found = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
            files += found.sorted()
                .filter { ActivityFileReader.supportedExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
                .map { URL(fileURLWithPath: path).appendingPathComponent($0) }
        }
        return files
    }

    static func progress(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

/// `pace import` output. Field names are stable.
struct ImportSummary: Encodable {
    /// UUIDs of the workouts saved.
    var imported: [UUID] = []
    /// Activities skipped because they were already in the store.
    var skippedAsDuplicate = 0
    /// Files or activities refused, each with its reason.
    var rejected: [String] = []
    /// Warnings: values skipped on purpose, totals computed.
    var warnings: [String] = []

    mutating func add(_ report: ImportReport, warnings fileWarnings: [String]) {
        imported += report.imported
        skippedAsDuplicate += report.skippedAsDuplicate
        rejected += report.rejected
        warnings += fileWarnings + report.notes
    }

    func text(files: Int) -> String {
        var lines = ["Imported \(imported.count) workout\(imported.count == 1 ? "" : "s") from \(files) file\(files == 1 ? "" : "s"); "
            + "\(skippedAsDuplicate) skipped as duplicate; \(rejected.count) rejected."]
        lines += rejected.map { "rejected: \($0)" }
        if !warnings.isEmpty { lines.append("\(warnings.count) warning\(warnings.count == 1 ? "" : "s"); --json lists them.") }
        return lines.joined(separator: "\n")
    }
}
