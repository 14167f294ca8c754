import ArgumentParser
import Foundation
import PaceFormats
import PaceStore
import PaceTransfer

/// `pace import FILE...`: GPX, TCX and FIT files (or folders of them), and Apple Health exports, into the store.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import GPX, TCX and FIT files (or folders of them) as workouts with routes and heart rate.",
        discussion: """
            Files may be gzip-compressed (.gpx.gz, .tcx.gz, .fit.gz); a .zip that is not an Apple Health export is read \
            as an archive of such files (Strava's bulk export), each streamed out of it, never extracted. \
            Each workout is saved in one transaction. Importing the same file again skips its workouts as \
            duplicates, and so does importing the same recording from another file (a FIT and the TCX made of it: \
            starts within a minute, 90 % of the time shared) unless --allow-duplicates is given. A GPX file's tracks \
            of one outing (one activity type, at most 2 h apart) are one workout, their gaps pauses; an empty track, \
            or a file holding only a route or waypoints, is a note, not a rejection. Progress goes to standard error, \
            the summary to standard output; the exit code is 1 when any file or activity was rejected.

            Apple Health's export.zip (read in place, never extracted), a folder containing export.xml (an \
            extracted export), or export.xml (under any name ending in .xml) is imported as an Apple Health export: samples in batches, each workout with its routes; importing it \
            again skips what is already stored. Progress goes to standard error every 50000 items.
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "Files or folders to import.")
    var paths: [String]

    @Flag(help: "Import an activity even when the store holds the same recording from another file.")
    var allowDuplicates = false

    func run() throws {
        let exports = paths.filter(Self.isAppleHealthExport)
        let archives = paths.filter { !exports.contains($0) && Self.isActivityArchive($0) }
        let files = Self.expand(paths.filter { !exports.contains($0) && !archives.contains($0) })
        guard !files.isEmpty || !exports.isEmpty || !archives.isEmpty else {
            throw ValidationError("No .gpx, .tcx or .fit files (or .gz of them) in \(paths.joined(separator: ", ")).")
        }
        let store = try storeOptions.open()
        var summary = ImportSummary()
        let progress = ProgressLine()
        if !exports.isEmpty {
            summary.appleHealth = exports.map { Self.importAppleHealth($0, into: store, progress: progress) }
        }
        let importer = ActivityImporter(store: store, sameRecording: allowDuplicates ? nil : SameRecordingRule())
        var fileCount = files.count
        var filesRead = 0
        /// Imports one read file and shows the running counts: a bar over the files named (archives
        /// add their entries as they are read) on a terminal, a line per file elsewhere.
        func importFile(_ result: Result<ActivityFile, FileImportError>, step: String, label: String) {
            let outcome: String
            switch result {
            case .success(let file):
                let report = importer.import(file.activities, fileIdentifier: file.contentIdentifier)
                summary.add(report, file: label, warnings: file.warnings, notes: file.notes)
                outcome = "\(report.imported.count) imported, \(report.skippedAsDuplicate) duplicate, \(report.rejected.count) rejected"
                    + (file.notes.isEmpty ? "" : ", \(file.notes.count) note\(file.notes.count == 1 ? "" : "s")")
            case .failure(let error):
                summary.rejected.append(error.description)
                outcome = "rejected"
            }
            filesRead += 1
            let total = max(fileCount, filesRead)
            progress.update(
                terminal: "\(ProgressLine.bar(done: filesRead, total: total)) \(filesRead)/\(total) files · "
                    + "\(summary.imported.count) imported · \(summary.skippedAsDuplicate) duplicate · \(summary.rejected.count) rejected · "
                    + (label as NSString).lastPathComponent,
                plain: "\(step) \(label): \(outcome)")
        }
        for (index, url) in files.enumerated() {
            importFile(Result { () throws(FileImportError) in try ActivityFileReader.read(url) },
                       step: "[\(index + 1)/\(files.count)]", label: url.path)
        }
        for path in archives {
            var index = 0
            let before = fileCount
            do {
                let count = try ActivityFileReader.readArchive(URL(fileURLWithPath: path)) { label, total, result in
                    index += 1
                    fileCount = before + total
                    importFile(result, step: "[\(index)/\(total)]", label: label)
                }
                fileCount = before + count
                if count == 0 {
                    summary.rejected.append("'\((path as NSString).lastPathComponent)' contains no export.xml and no GPX, TCX or FIT "
                        + "files (or .gz of them), so it is neither an Apple Health export nor an archive of activities (\(path)); "
                        + "import the export.zip from Health › Export All Health Data, or a zip of GPX, TCX or FIT files")
                }
            } catch {
                summary.rejected.append(error.description)
                progress.update(terminal: "\(path): rejected", plain: "\(path): rejected")
            }
        }
        progress.finish()
        output.write(output.json ? try JSONOutput.encode(summary) : summary.text(files: fileCount))
        let appleHealthRejected = summary.appleHealth?.contains { $0.error != nil || $0.report.rejectedCount > 0 } ?? false
        if !summary.rejected.isEmpty || appleHealthRejected { throw ExitCode.failure }
    }

    /// A `.zip` that is not an Apple Health export: read as an archive of activity files (Strava's
    /// bulk export, a zipped folder of rides).
    static func isActivityArchive(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return ActivityFileReader.isArchive(path) && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            && !isDirectory.boolValue
    }

    /// A `.zip` (Apple Health's export.zip), a folder containing `export.xml`, a file named `export.xml`,
    /// or an `.xml` file whose document is `HealthData` (an export.xml renamed).
    static func isAppleHealthExport(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return false }
        if !isDirectory.boolValue, ActivityFileReader.isArchive(path) {
            // A zip without export.xml is an archive of activities; one that cannot be opened at all
            // goes the Apple Health way, whose errors say what is wrong with it.
            return (try? AppleHealthExportArchive.holdsExportXML(URL(fileURLWithPath: path))) ?? true
        }
        if isDirectory.boolValue {
            return FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent("export.xml"))
        }
        if (path as NSString).lastPathComponent == "export.xml" { return true }
        return (path as NSString).pathExtension.lowercased() == "xml" && Self.startsAsHealthData(path)
    }

    /// Whether an XML file renamed from `export.xml` is one: its document element (or the DOCTYPE
    /// naming it, which Apple's export puts first, with a DTD of a few kilobytes) is `HealthData`,
    /// within the first 64 KiB.
    static func startsAsHealthData(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 1 << 16) else { return false }
        let text = String(decoding: head, as: UTF8.self)
        return text.contains("<HealthData") || text.contains("<!DOCTYPE HealthData")
    }

    static func importAppleHealth(_ path: String, into store: HealthStore, progress: ProgressLine) -> AppleHealthImportOutcome {
        func counts(_ report: AppleHealthImportReport) -> String {
            "\(report.itemsRead) items read, \(report.samplesImported) samples and \(report.workoutsImported) workouts imported"
        }
        do {
            let report = try AppleHealthImporter(store: store).import(at: URL(fileURLWithPath: path)) { report in
                progress.update(terminal: "\((path as NSString).lastPathComponent): \(counts(report))…", plain: "\(path): \(counts(report))")
            }
            progress.update(terminal: "\((path as NSString).lastPathComponent): \(counts(report)), done",
                            plain: "\(path): \(report.itemsRead) items read, done")
            progress.finish()
            return AppleHealthImportOutcome(path: path, report: report, error: nil)
        } catch {
            progress.update(terminal: "\(path): rejected", plain: "\(path): rejected")
            progress.finish()
            return AppleHealthImportOutcome(path: path, report: AppleHealthImportReport(), error: error.description)
        }
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
                .filter(ActivityFileReader.isSupported)
                .map { URL(fileURLWithPath: path).appendingPathComponent($0) }
        }
        return files
    }

}

/// `pace import` output. Field names are stable.
struct ImportSummary: Encodable {
    /// UUIDs of the workouts saved.
    var imported: [UUID] = []
    /// Activities skipped because they were already in the store.
    var skippedAsDuplicate = 0
    /// Those of them that repeat a stored workout from another file, each naming it.
    var sameRecordings: [String] = []
    /// Files or activities refused, each with its reason.
    var rejected: [String] = []
    /// Warnings: values skipped on purpose, totals computed.
    var warnings: [String] = []
    /// What files held that did not become workouts, or became one together (tracks joined, empty
    /// tracks, a route without times), one sentence each naming the file. Not a rejection.
    var notes: [String] = []
    /// Apple Health exports imported; absent when none was named.
    var appleHealth: [AppleHealthImportOutcome]?

    /// Adds one file's report; its activities' rejections, duplicates and notes are prefixed with
    /// the file (`file` as named, or `archive.zip:entry`), since an activity's name alone does not
    /// say which file it came from.
    mutating func add(_ report: ImportReport, file: String, warnings fileWarnings: [String], notes fileNotes: [String] = []) {
        imported += report.imported
        skippedAsDuplicate += report.skippedAsDuplicate
        sameRecordings += report.sameRecordings.map { "\(file): \($0)" }
        rejected += report.rejected.map { "\(file): \($0)" }
        warnings += fileWarnings + report.notes.map { "\(file): \($0)" }
        notes += fileNotes.map { "\(file): \($0)" }
    }

    func text(files: Int) -> String {
        let exports = (appleHealth ?? []).flatMap(\.lines)
        guard files > 0 || !rejected.isEmpty else { return exports.joined(separator: "\n") }
        var lines = exports + ["Imported \(imported.count) workout\(imported.count == 1 ? "" : "s") from \(files) file\(files == 1 ? "" : "s"); "
            + "\(skippedAsDuplicate) skipped as duplicate; \(rejected.count) rejected."]
        lines += rejected.map { "rejected: \($0)" }
        lines += sameRecordings.map { "duplicate: \($0); pass --allow-duplicates to keep both" }
        lines += notes.map { "note: \($0)" }
        if !warnings.isEmpty { lines.append("\(warnings.count) warning\(warnings.count == 1 ? "" : "s"); --json lists them.") }
        return lines.joined(separator: "\n")
    }
}

/// One Apple Health export in the `pace import` output. Field names are stable.
struct AppleHealthImportOutcome: Encodable {
    /// The path named.
    var path: String
    /// What was imported.
    var report: AppleHealthImportReport
    /// Why the export could not be read or the store failed, if it did.
    var error: String?

    var lines: [String] {
        let workouts = report.workoutsImported == 1 ? "1 workout" : "\(report.workoutsImported) workouts"
        let routes = report.routesImported == 1 ? "1 route" : "\(report.routesImported) routes"
        let counts: String = "\(report.samplesImported) samples, \(workouts), \(routes)"
        let skipped: String = "\(report.duplicatesSkipped) skipped as duplicate; \(report.rejectedCount) rejected."
        var lines: [String] = ["Imported Apple Health export \(path): \(counts); \(skipped)"]
        if let error { lines.append("rejected: \(error)") }
        lines += report.rejected.map { "rejected: \($0)" }
        if report.characteristicsRead > 0 {
            let changed = report.characteristicsStored == 1 ? "1 characteristic" : "\(report.characteristicsStored) characteristics"
            lines.append("Stored \(changed) of <Me> (values already stored are not counted); 'pace characteristics' lists them.")
        }
        if report.activitySummariesRead > 0 {
            let days = report.activitySummariesStored == 1 ? "1 day" : "\(report.activitySummariesStored) days"
            lines.append("Stored \(days) of activity summaries (days already stored alike are not counted); 'pace summaries' lists them.")
        }
        lines += report.notes
        if report.warningCount > 0 {
            lines.append("\(report.warningCount) warning\(report.warningCount == 1 ? "" : "s"); --json lists them.")
        }
        return lines
    }
}
