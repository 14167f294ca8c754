import ArgumentParser
import Foundation
import PaceFormats
import PaceStore
import PaceTransfer

/// `pace import FILE...`: GPX, TCX and FIT files (or folders of them), and Apple Health exports, into the store.
struct ImportCommand: AsyncParsableCommand {
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

    func run() async throws {
        let inputs = ImportInput.classify(paths)
        guard !inputs.isEmpty else {
            throw ValidationError("No .gpx, .tcx or .fit files (or .gz of them) in \(paths.joined(separator: ", ")).")
        }
        let store = try storeOptions.open()
        let progress = ProgressLine()
        let outcome = await ImportRunner(store: store, sameRecording: allowDuplicates ? nil : SameRecordingRule())
            .run(inputs) { Self.show($0, on: progress) }
        progress.finish()
        output.write(output.json ? try JSONOutput.encode(outcome) : outcome.text())
        if outcome.hasRejections { throw ExitCode.failure }
    }

    /// One progress event as the command shows it: a bar over the files named (archives add their
    /// entries as they are read) on a terminal, a line per file elsewhere.
    static func show(_ event: ImportProgress, on progress: ProgressLine) {
        func counts(_ report: AppleHealthImportReport) -> String {
            "\(report.itemsRead) items read, \(report.samplesImported) samples and \(report.workoutsImported) workouts imported"
        }
        switch event {
        case .appleHealth(let path, let report, false):
            progress.update(terminal: "\((path as NSString).lastPathComponent): \(counts(report))…", plain: "\(path): \(counts(report))")
        case .appleHealth(let path, let report, true):
            progress.update(terminal: "\((path as NSString).lastPathComponent): \(counts(report)), done",
                            plain: "\(path): \(report.itemsRead) items read, done")
            progress.finish()
        case .appleHealthFailed(let path):
            progress.update(terminal: "\(path): rejected", plain: "\(path): rejected")
            progress.finish()
        case .archiveFailed(let path):
            progress.update(terminal: "\(path): rejected", plain: "\(path): rejected")
        case .file(let file):
            let outcome = file.counts.map { counts in
                "\(counts.imported) imported, \(counts.duplicates) duplicate, \(counts.rejected) rejected"
                    + (counts.notes == 0 ? "" : ", \(counts.notes) note\(counts.notes == 1 ? "" : "s")")
            } ?? "rejected"
            progress.update(
                terminal: "\(ProgressLine.bar(done: file.done, total: file.total)) \(file.done)/\(file.total) files · "
                    + "\(file.totals.imported) imported · \(file.totals.duplicates) duplicate · \(file.totals.rejected) rejected · "
                    + (file.label as NSString).lastPathComponent,
                plain: "[\(file.step)/\(file.stepCount)] \(file.label): \(outcome)")
        }
    }
}

/// `pace import`'s text output.
extension ImportOutcome {
    /// The summary `pace import` prints, with the command's own advice.
    func text() -> String {
        let files = fileCount
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

/// One Apple Health export in `pace import`'s text output.
extension AppleHealthImportOutcome {
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
