import Foundation
import PaceFormats
import PaceModel
public import PaceStore

/// Imports what ``ImportInput/classify(_:)`` found into a store: Apple Health exports, activity
/// files and archives of them, each activity in its own transaction; one input's failure never
/// stops the others. The flow every front end shares; it prints nothing.
///
/// ```swift
/// let outcome = await ImportRunner(store: store).run(ImportInput.classify(paths)) { progress in … }
/// ```
public struct ImportRunner: Sendable {
    /// The store written to.
    public var store: HealthStore
    /// Which stored workouts count as the same recording (``SameRecordingRule``); `nil` imports
    /// every activity whose identifier is new.
    public var sameRecording: SameRecordingRule?

    /// Creates a runner.
    public init(store: HealthStore, sameRecording: SameRecordingRule? = SameRecordingRule()) {
        self.store = store
        self.sameRecording = sameRecording
    }

    /// Imports `inputs` in order, calling `progress` after each export update and each file.
    ///
    /// Reading files and archives blocks, so the inputs are read on a thread of their own, which
    /// waits for each store write (no thread of the cooperative pool is held); `progress` is called
    /// on that thread.
    public func run(_ inputs: [ImportInput],
                    progress: @escaping @Sendable (ImportProgress) -> Void = { _ in }) async -> ImportOutcome {
        let runner = self
        return await ThreadBridge.run(label: "org.pace.import") { () throws(Never) in runner.runBlocking(inputs, progress: progress) }
    }

    private func runBlocking(_ inputs: [ImportInput], progress: (ImportProgress) -> Void) -> ImportOutcome {
        var outcome = ImportOutcome()
        var exports: [String] = [], files: [URL] = [], archives: [String] = []
        for input in inputs {
            switch input {
            case .appleHealthExport(let path): exports.append(path)
            case .activityFile(let path): files.append(URL(fileURLWithPath: path))
            case .activityArchive(let path): archives.append(path)
            }
        }
        if !exports.isEmpty { outcome.appleHealth = exports.map { importAppleHealth($0, progress: progress) } }
        let importer = ActivityImporter(store: store, sameRecording: sameRecording)
        var fileCount = files.count
        var filesRead = 0
        func fileDone(_ counts: (imported: Int, duplicates: Int, rejected: Int, notes: Int)?, step: (Int, of: Int), label: String) {
            filesRead += 1
            progress(.file(.init(done: filesRead, total: max(fileCount, filesRead), step: step.0, stepCount: step.of, label: label, counts: counts,
                                 totals: (outcome.imported.count, outcome.skippedAsDuplicate, outcome.rejected.count))))
        }
        func importFile(_ result: Result<ActivityFile, FileImportError>, step: (Int, of: Int), label: String) {
            var counts: (imported: Int, duplicates: Int, rejected: Int, notes: Int)?
            switch result {
            case .success(let file):
                let report = if let stream = file.stream {
                    importer.importBlocking(stream, fileIdentifier: file.contentIdentifier)
                } else {
                    ThreadBridge.wait { () async throws(Never) in
                        await importer.import(file.activities, fileIdentifier: file.contentIdentifier)
                    }
                }
                outcome.add(report, file: label, warnings: file.warnings, notes: file.notes)
                counts = (report.imported.count, report.skippedAsDuplicate, report.rejected.count, file.notes.count)
            case .failure(let error):
                outcome.rejected.append(error)
            }
            fileDone(counts, step: step, label: label)
        }
        for (index, url) in files.enumerated() {
            // A GPX or TCX file of one time-ordered activity is read once; anything else, or
            // anything that goes wrong, is imported in passes (DECISIONS 180).
            if let done = importer.importInOneRead(url) {
                outcome.add(done.report, file: url.path, warnings: done.warnings, notes: [])
                fileDone((done.report.imported.count, done.report.skippedAsDuplicate, done.report.rejected.count, 0),
                         step: (index + 1, of: files.count), label: url.path)
                continue
            }
            importFile(Result { () throws(FileImportError) in try ActivityFileReader.outline(url) },
                       step: (index + 1, of: files.count), label: url.path)
        }
        for path in archives {
            var index = 0
            let before = fileCount
            do {
                let count = try ActivityFileReader.readArchive(URL(fileURLWithPath: path)) { label, total, result in
                    index += 1
                    fileCount = before + total
                    importFile(result, step: (index, of: total), label: label)
                }
                fileCount = before + count
                if count == 0 {
                    outcome.rejected.append(ImportProblem(code: .emptyArchive, file: path, message:
                        "'\((path as NSString).lastPathComponent)' contains no export.xml and no GPX, TCX or FIT "
                        + "files (or .gz of them), so it is neither an Apple Health export nor an archive of activities; "
                        + "import the export.zip from Health › Export All Health Data, or a zip of GPX, TCX or FIT files"))
                }
            } catch {
                outcome.rejected.append(error)
                progress(.archiveFailed(path: path))
            }
        }
        outcome.fileCount = fileCount
        return outcome
    }

    private func importAppleHealth(_ path: String, progress: (ImportProgress) -> Void) -> AppleHealthImportOutcome {
        do {
            let report = try AppleHealthImporter(store: store).importBlocking(at: URL(fileURLWithPath: path)) { report in
                progress(.appleHealth(path: path, report: report, finished: false))
            }
            progress(.appleHealth(path: path, report: report, finished: true))
            return AppleHealthImportOutcome(path: path, report: report, error: nil)
        } catch {
            progress(.appleHealthFailed(path: path))
            return AppleHealthImportOutcome(path: path, report: AppleHealthImportReport(), error: error.description)
        }
    }
}
