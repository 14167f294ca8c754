public import Foundation

/// What an import of several inputs did (``ImportRunner``). Encodable with stable field names
/// (the CLI's `pace import --json`).
public struct ImportOutcome: Encodable, Sendable {
    /// UUIDs of the workouts saved from activity files.
    public var imported: [UUID] = []
    /// Activities skipped because they were already in the store.
    public var skippedAsDuplicate = 0
    /// Those of them that repeat a stored workout from another file, each naming it and the file.
    public var sameRecordings: [String] = []
    /// Files or activities refused, each with its code, file, position or activity, and reason.
    public var rejected: [ImportProblem] = []
    /// Warnings: values skipped on purpose, totals computed.
    public var warnings: [String] = []
    /// What files held that did not become workouts, or became one together (tracks joined, empty
    /// tracks, a route without times), one sentence each naming the file. Not a rejection.
    public var notes: [String] = []
    /// Apple Health exports imported; absent when none was given.
    public var appleHealth: [AppleHealthImportOutcome]?
    /// Activity files read, archive entries included (not encoded).
    public var fileCount = 0

    enum CodingKeys: String, CodingKey {
        case imported, skippedAsDuplicate, sameRecordings, rejected, warnings, notes, appleHealth
    }

    /// Creates an empty outcome.
    public init() {}

    /// Whether anything was refused: a file, an activity, an export or an export's item.
    public var hasRejections: Bool {
        !rejected.isEmpty || (appleHealth?.contains { $0.error != nil || $0.report.rejectedCount > 0 } ?? false)
    }

    /// Adds one file's report; its activities' rejections, duplicates and notes are prefixed with
    /// the file (`file` as named, or `archive.zip:entry`), since an activity's name alone does not
    /// say which file it came from.
    mutating func add(_ report: ImportReport, file: String, warnings fileWarnings: [String], notes fileNotes: [String] = []) {
        imported += report.imported
        skippedAsDuplicate += report.skippedAsDuplicate
        sameRecordings += report.sameRecordings.map { "\(file): \($0)" }
        rejected += report.rejected.map { problem in
            var problem = problem
            problem.file = problem.file ?? file
            return problem
        }
        warnings += fileWarnings + report.notes.map { "\(file): \($0)" }
        notes += fileNotes.map { "\(file): \($0)" }
    }
}

/// One Apple Health export in an ``ImportOutcome``. Field names are stable.
public struct AppleHealthImportOutcome: Encodable, Sendable {
    /// The path given.
    public var path: String
    /// What was imported.
    public var report: AppleHealthImportReport
    /// Why the export could not be read or the store failed, if it did.
    public var error: String?
}

/// How far an ``ImportRunner`` has got, reported as it goes.
public enum ImportProgress: Sendable {
    /// An Apple Health export's running counts; `finished` once it is done.
    case appleHealth(path: String, report: AppleHealthImportReport, finished: Bool)
    /// An Apple Health export that could not be imported.
    case appleHealthFailed(path: String)
    /// One activity file read and imported (or rejected).
    case file(FileProgress)
    /// An archive that could not be read.
    case archiveFailed(path: String)

    /// One activity file's result and the running totals.
    public struct FileProgress: Sendable {
        /// Files done so far, this one included.
        public var done: Int
        /// Files known so far (archives add their entries as they are read).
        public var total: Int
        /// Position, from 1, within its own group (the files named, or one archive's entries).
        public var step: Int
        /// Files in that group.
        public var stepCount: Int
        /// The file as named, or `archive.zip:entry`.
        public var label: String
        /// This file's imported, duplicate and rejected activities and its notes; nil when the
        /// file itself was rejected.
        public var counts: (imported: Int, duplicates: Int, rejected: Int, notes: Int)?
        /// Running totals over every file so far.
        public var totals: (imported: Int, duplicates: Int, rejected: Int)
    }
}
