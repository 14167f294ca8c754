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
/// - Each workout is held until its routes (which the reader delivers right after it) have arrived,
///   then saved with them in one transaction.
/// - Correlations are skipped: Apple lists the records inside a correlation again at top level,
///   and those are imported as samples.
/// - Characteristics and activity summaries are counted, not stored (the store has no tables for them yet).
/// - Re-importing does not duplicate: every object gets a deterministic sync identifier
///   (`applehealth:` + a hash of its type, dates, value, unit and source name) and sync version 1,
///   replacing a sync identifier the export carried. Objects whose identifier is already stored are
///   left out before saving and counted in ``AppleHealthImportReport/duplicatesSkipped``.
///
/// ```swift
/// let report = try AppleHealthImporter(store: store).import(at: folder)
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
    ///   - batchSize: Samples saved per transaction (at least 1).
    public init(store: HealthStore, batchSize: Int = 5000) {
        self.store = store
        self.batchSize = max(1, batchSize)
    }

    /// Reads the export and saves what it contains.
    ///
    /// - Parameters:
    ///   - url: A `file:` URL of the export folder or of its `export.xml`.
    ///   - progressInterval: Call `progress` after every this many items read.
    ///   - progress: Receives the report so far; called on the calling thread.
    /// - Returns: What was imported, skipped and rejected.
    /// - Throws: ``AppleHealthError`` when the export cannot be read, or with code
    ///   ``AppleHealthError/Code/handlerFailed`` (the ``StoreError`` as its cause) when the store
    ///   itself fails; batches saved before then stay stored, and a new import skips them.
    public func `import`(at url: URL, progressInterval: Int = 50_000,
                         progress: (AppleHealthImportReport) -> Void = { _ in }) throws(AppleHealthError) -> AppleHealthImportReport {
        let session = AppleHealthImportSession(store: store, batchSize: batchSize)
        let interval = max(1, progressInterval)
        do {
            let summary = try AppleHealthExportReader().read(at: url) { item in
                try session.handle(item)
                if session.report.itemsRead % interval == 0 { progress(session.report) }
            }
            try session.finish()
            session.report.exportDate = summary.exportDate
        } catch let error as AppleHealthError {
            if let cause = error.cause as? StoreError { throw Self.storeFailure(cause, file: error.file, line: error.line) }
            throw error
        } catch let error as StoreError {
            throw Self.storeFailure(error, file: url.lastPathComponent, line: nil)
        } catch {
            throw AppleHealthError(code: .handlerFailed, message: "the import failed: \(error).",
                                   file: url.lastPathComponent, line: nil, column: nil, cause: error)
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

/// The mutable state of one import: the open sample batch and the workout waiting for its routes.
final class AppleHealthImportSession {
    private struct Key: Hashable {
        var bundle: String
        var syncIdentifier: String
    }

    let store: HealthStore
    let batchSize: Int
    var report = AppleHealthImportReport()
    private var batch: [HealthObject] = []
    private var batchKeys: Set<Key> = []
    private var pendingWorkout: Workout?
    private var pendingRoutes: [WorkoutRoute] = []

    init(store: HealthStore, batchSize: Int) {
        self.store = store
        self.batchSize = batchSize
    }

    func handle(_ item: AppleHealthExportItem) throws(StoreError) {
        report.itemsRead += 1
        if case .workoutRoute(let route) = item {
            if let workout = pendingWorkout, workout.id == route.workoutID {
                pendingRoutes.append(route)
            } else {
                report.reject("workout route from \(route.source.name): its workout was not read; skipped")
            }
            return
        }
        try flushWorkout()
        switch item {
        case .quantitySample(var sample):
            sample.metadata = AppleHealthSyncIdentity.tagged(sample.metadata,
                identifier: AppleHealthSyncIdentity.identifier(of: .quantitySample(sample)))
            try add(.quantitySample(sample))
        case .categorySample(var sample):
            sample.metadata = AppleHealthSyncIdentity.tagged(sample.metadata,
                identifier: AppleHealthSyncIdentity.identifier(of: .categorySample(sample)))
            try add(.categorySample(sample))
        case .workout(let workout):
            pendingWorkout = workout
        case .correlation:
            report.correlationsSkipped += 1
        case .characteristics:
            report.characteristicsRead += 1
        case .activitySummary:
            report.activitySummariesRead += 1
        case .warning(let warning):
            report.warn(warning.description)
        case .workoutRoute:
            break
        }
    }

    /// Saves what is still buffered.
    func finish() throws(StoreError) {
        try flushWorkout()
        try flushBatch()
    }

    func addNotes() {
        if report.correlationsSkipped > 0 {
            report.notes.append("\(report.correlationsSkipped) correlation(s) skipped: Apple lists their records at top level "
                + "too, and those were imported as samples.")
        }
        if report.characteristicsRead + report.activitySummariesRead > 0 {
            report.notes.append("\(report.characteristicsRead) characteristics element(s) and \(report.activitySummariesRead) "
                + "activity summary(ies) read but not stored: the store has no tables for them yet.")
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
        batchKeys = []
        let fresh = try removingStored(objects)
        guard !fresh.isEmpty else { return }
        do {
            try store.save(fresh)
            report.batchesSaved += 1
            fresh.forEach(count)
        } catch let error where Self.isFatal(error) {
            throw error
        } catch {
            for object in fresh {
                do {
                    try store.save([object])
                    count(object)
                } catch let error where Self.isFatal(error) {
                    throw error
                } catch {
                    report.reject("\(Self.label(object)): \(error.message)")
                }
            }
        }
    }

    private func flushWorkout() throws(StoreError) {
        guard let original = pendingWorkout else { return }
        let routes = pendingRoutes
        pendingWorkout = nil
        pendingRoutes = []
        var workout = original
        let identifier = AppleHealthSyncIdentity.identifier(of: .workout(workout))
        workout.metadata = AppleHealthSyncIdentity.tagged(workout.metadata, identifier: identifier)
        var objects: [HealthObject] = [.workout(workout)]
        for (index, var route) in routes.enumerated() {
            route.metadata = AppleHealthSyncIdentity.tagged(route.metadata,
                identifier: AppleHealthSyncIdentity.routeIdentifier(of: route, workoutIdentifier: identifier, index: index))
            objects.append(.workoutRoute(route))
        }
        if try !store.storedSyncIdentifiers([identifier], sourceBundleIdentifier: workout.source.bundleIdentifier).isEmpty {
            report.duplicatesSkipped += objects.count
            return
        }
        do {
            try store.save(objects)
            objects.forEach(count)
        } catch let error where Self.isFatal(error) {
            throw error
        } catch {
            report.reject("\(Self.label(.workout(workout))) with \(routes.count) route(s): \(error.message)")
        }
    }

    /// The objects whose sync identifier is not stored yet; the others are counted as duplicates.
    private func removingStored(_ objects: [HealthObject]) throws(StoreError) -> [HealthObject] {
        var stored: Set<Key> = []
        for (bundle, group) in Dictionary(grouping: objects, by: { $0.source.bundleIdentifier }) {
            let found = try store.storedSyncIdentifiers(group.compactMap { $0.metadata.syncIdentifier },
                                                        sourceBundleIdentifier: bundle)
            for identifier in found { stored.insert(Key(bundle: bundle, syncIdentifier: identifier)) }
        }
        guard !stored.isEmpty else { return objects }
        let fresh = objects.filter { !stored.contains(key($0)) }
        report.duplicatesSkipped += objects.count - fresh.count
        return fresh
    }

    private func count(_ object: HealthObject) {
        switch object {
        case .quantitySample: report.quantitySamplesImported += 1
        case .categorySample: report.categorySamplesImported += 1
        case .workout: report.workoutsImported += 1
        case .workoutRoute: report.routesImported += 1
        }
    }

    /// Failures of the store itself, after which continuing makes no sense.
    private static func isFatal(_ error: StoreError) -> Bool {
        [.database, .corrupt, .cannotOpen, .notADatabase, .notAPaceStore, .newerSchema].contains(error.code)
    }

    /// Type, source and start, never values.
    private static func label(_ object: HealthObject) -> String {
        let start: Date? = switch object {
        case .quantitySample(let sample): sample.startDate
        case .categorySample(let sample): sample.startDate
        case .workout(let workout): workout.startDate
        case .workoutRoute(let route): route.startDate
        }
        let when = start.map { " at \($0.formatted(.iso8601))" } ?? ""
        return "\(object.objectType.identifier) from \(object.source.name)\(when)"
    }
}
