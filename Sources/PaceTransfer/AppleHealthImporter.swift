public import Foundation
public import PaceFormats
public import PaceStore
import PaceModel

/// Imports an Apple Health export (the extracted `apple_health_export` folder, or a bare
/// `export.xml`) into the health store while it is being read, never holding the whole export.
///
/// - Samples are saved in batches of ``batchSize`` objects, one transaction per batch: all of a
///   batch or none. When a batch is refused, its objects are saved one by one so one bad sample
///   costs only itself (reported in ``AppleHealthImportReport/rejected``).
/// - Reading and saving overlap: the export is read (and each batch validated and encoded, see
///   ``HealthObjectBatch``) on the calling thread while the previous batch is written on a store
///   thread, in document order; at most two batches are held, so memory stays bounded.
/// - Each workout is held until its routes (which the reader delivers right after it) have arrived,
///   then saved with them in one transaction.
/// - Correlations are skipped: Apple lists the records inside a correlation again at top level,
///   and those are imported as samples.
/// - The `<Me>` characteristics are stored with ``PaceStore/HealthStore/setCharacteristic(_:at:)``:
///   a value already stored changes nothing, a "not set" value removes the stored one.
/// - Activity summaries are counted, not stored (the store has no table for them yet).
/// - Re-importing does not duplicate: every object gets a deterministic sync identifier
///   (`applehealth:` + a hash of its type, dates, value, unit and source name) and sync version 1,
///   replacing a sync identifier the export carried. Objects whose identifier is already stored are
///   left out before saving and counted in ``AppleHealthImportReport/duplicatesSkipped``.
///
/// ```swift
/// let report = try await AppleHealthImporter(store: store).import(at: folder)
/// print(report.samplesImported, report.workoutsImported, report.duplicatesSkipped)
/// ```
public struct AppleHealthImporter: Sendable {
    /// The store written to.
    public var store: HealthStore
    /// Objects saved per sample transaction.
    public var batchSize: Int

    /// Creates an importer.
    /// - Parameters:
    ///   - store: The store to write to.
    ///   - batchSize: Samples saved per transaction (at least 1). Larger batches write each page of the
    ///     store's indexes fewer times; two batches of the default size take about 25 MB.
    public init(store: HealthStore, batchSize: Int = 12000) {
        self.store = store
        self.batchSize = max(1, batchSize)
    }

    /// Reads the export and saves what it contains.
    ///
    /// - Parameters:
    ///   - url: A `file:` URL of the export folder or of its `export.xml`.
    ///   - progressInterval: Call `progress` after every this many items read.
    ///   - progress: Receives the report so far; called on the thread that reads the export.
    /// - Returns: What was imported, skipped and rejected.
    /// - Throws: ``AppleHealthError`` when the export cannot be read, or with code
    ///   ``AppleHealthError/Code/handlerFailed`` (the ``StoreError`` as its cause) when the store
    ///   itself fails; batches saved before then stay stored, and a new import skips them.
    public func `import`(at url: URL, progressInterval: Int = 50_000,
                         progress: @escaping @Sendable (AppleHealthImportReport) -> Void = { _ in })
        async throws(AppleHealthError) -> AppleHealthImportReport
    {
        // The reader is a blocking, streaming parser: it runs on a thread of its own, and so do the
        // store calls it makes (ThreadBridge), never on the cooperative pool.
        let importer = self
        return try await ThreadBridge.run(label: "org.pace.applehealth-read") { () throws(AppleHealthError) in
            try importer.importBlocking(at: url, progressInterval: progressInterval, progress: progress)
        }
    }

    /// ``import(at:progressInterval:progress:)`` on the caller's thread, which it blocks: for
    /// callers already on a thread of their own (``ImportRunner``).
    func importBlocking(at url: URL, progressInterval: Int = 50_000,
                                progress: (AppleHealthImportReport) -> Void) throws(AppleHealthError) -> AppleHealthImportReport {
        let session = AppleHealthImportSession(store: store, batchSize: batchSize)
        let interval = max(1, progressInterval)
        do {
            let summary = try AppleHealthExportReader().read(at: url) { item in
                try session.handle(item)
                if session.report.itemsRead % interval == 0 { progress(session.snapshot()) }
            }
            try session.finish()
            session.report.exportDate = summary.exportDate
        } catch {
            // Batches already handed to the store thread are saved (or refused) before returning; a
            // store failure came first in document order, so it is the one reported.
            let storeFailure = session.abandon()
            if let error = error as? AppleHealthError, let cause = error.cause as? StoreError {
                throw Self.storeFailure(cause, file: error.file, line: error.line)
            }
            if let storeFailure { throw Self.storeFailure(storeFailure, file: url.lastPathComponent, line: nil) }
            switch error {
            case let error as AppleHealthError:
                throw error
            case let error as StoreError:
                throw Self.storeFailure(error, file: url.lastPathComponent, line: nil)
            default:
                throw AppleHealthError(code: .handlerFailed, message: "the import failed: \(error).",
                                       file: url.lastPathComponent, line: nil, column: nil, cause: error)
            }
        }
        session.addNotes()
        return session.report
    }

    private static func storeFailure(_ error: StoreError, file: String?, line: Int?) -> AppleHealthError {
        AppleHealthError(code: .handlerFailed,
                         message: "the store failed while importing: \(error.message) Batches saved before this stay stored; "
                             + "importing again skips them.",
                         file: file, line: line, column: nil, cause: error)
    }
}

/// The reading side of one import: the open sample batch and the workout waiting for its routes.
///
/// Runs on the thread that reads the export; what is complete goes to an ``AppleHealthImportWriter``,
/// which saves it on its own thread while the reader goes on (at most two batches wait).
final class AppleHealthImportSession {
    private struct Key: Hashable {
        var bundle: String
        var syncIdentifier: String
    }

    let batchSize: Int
    /// What the reading side counted; ``snapshot()`` adds what the store side did.
    var report = AppleHealthImportReport()
    private let writer: AppleHealthImportWriter
    private let store: HealthStore
    private var batch: [HealthObject] = []
    private var batchKeys: Set<Key> = []
    private var identifiers = AppleHealthSyncIdentity.SampleIdentifiers()
    private var pendingWorkout: Workout?
    /// The export's activity summaries, saved together at the end (one row per day, a few thousand
    /// at most: ten years are 3 650).
    private var activitySummaries: [ActivitySummary] = []
    private var pendingRoutes: [WorkoutRoute] = []

    init(store: HealthStore, batchSize: Int) {
        self.batchSize = batchSize
        self.writer = AppleHealthImportWriter(store: store)
        self.store = store
        batch.reserveCapacity(batchSize)
    }

    func handle(_ item: AppleHealthExportItem) throws(StoreError) {
        report.itemsRead += 1
        if case .workoutRoute(let route) = item {
            if let workout = pendingWorkout, workout.id == route.workoutID {
                pendingRoutes.append(route)
            } else {
                try writer.enqueue(.reject(ImportProblem(code: .orphanRoute, activity: "workout route from \(route.source.name)",
                                                         message: "its workout was not read before it; skipped")))
            }
            return
        }
        try flushWorkout()
        switch item {
        case .quantitySample(var sample):
            sample.metadata = AppleHealthSyncIdentity.tagged(sample.metadata,
                identifier: identifiers.identifier(of: sample))
            try add(.quantitySample(sample))
        case .categorySample(var sample):
            sample.metadata = AppleHealthSyncIdentity.tagged(sample.metadata,
                identifier: identifiers.identifier(of: sample))
            try add(.categorySample(sample))
        case .workout(let workout):
            pendingWorkout = workout
        case .correlation:
            report.correlationsSkipped += 1
        case .characteristics(let characteristics):
            report.characteristicsRead += 1
            for value in characteristics.values {
                let store = self.store
                if try ThreadBridge.wait({ () async throws(StoreError) in try await store.setCharacteristic(value) }) {
                    report.characteristicsStored += 1
                }
            }
        case .activitySummary(let summary):
            report.activitySummariesRead += 1
            do throws(ActivitySummaryError) {
                try summary.validate()
                activitySummaries.append(summary)
            } catch {
                report.warn(ImportProblem(code: .invalidSummary, activity: "activity summary",
                                          message: "\(error.description) Skipped."))
            }
        case .warning(let warning):
            report.warn(ImportProblem(warning))
        case .workoutRoute:
            break
        }
    }

    /// Saves what is still buffered and waits for the store side; then ``report`` is complete.
    func finish() throws(StoreError) {
        try flushWorkout()
        try flushBatch()
        try writer.finish()
        report = writer.merged(into: report)
        let store = self.store, summaries = activitySummaries
        report.activitySummariesStored = try ThreadBridge.wait { () async throws(StoreError) in
            try await store.saveActivitySummaries(summaries)
        }
    }

    /// Waits for the store side after the read failed; returns the store's failure, if any.
    func abandon() -> StoreError? {
        do {
            try writer.finish()
            return nil
        } catch {
            return error
        }
    }

    /// The report so far, with what the store side has done.
    func snapshot() -> AppleHealthImportReport { writer.merged(into: report) }

    func addNotes() {
        if report.correlationsSkipped > 0 {
            report.notes.append("\(report.correlationsSkipped) correlation(s) skipped: Apple lists their records at top level "
                + "too, and those were imported as samples.")
        }
    }

    private func key(_ object: HealthObject) -> Key {
        Key(bundle: object.source.bundleIdentifier, syncIdentifier: object.metadata.syncIdentifier ?? "")
    }

    private func add(_ object: HealthObject) throws(StoreError) {
        guard batchKeys.insert(key(object)).inserted else {
            report.duplicatesSkipped += 1
            return
        }
        batch.append(object)
        if batch.count >= batchSize { try flushBatch() }
    }

    private func flushBatch() throws(StoreError) {
        guard !batch.isEmpty else { return }
        let objects = batch
        batch = []
        batch.reserveCapacity(batchSize)
        batchKeys.removeAll(keepingCapacity: true)
        // Validating and encoding on this thread leaves only the writing to the store thread.
        let prepared = Result { () throws(StoreError) in try HealthObjectBatch(objects) }
        try writer.enqueue(.samples(objects, prepared))
    }

    private func flushWorkout() throws(StoreError) {
        guard let workout = pendingWorkout else { return }
        let routes = pendingRoutes
        pendingWorkout = nil
        pendingRoutes = []
        try writer.enqueue(.workout(workout, routes))
    }
}
