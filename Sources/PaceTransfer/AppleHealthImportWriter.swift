import Dispatch
import Foundation
import PaceModel
import PaceStore

/// The store side of an Apple Health import: saves sample batches and workouts, in the order they
/// were read, on its own serial queue, so reading the export and writing the store use two cores.
///
/// At most ``maximumWaiting`` jobs wait (memory stays bounded: a few batches, whatever the file
/// size); ``enqueue(_:)`` blocks the reader until one is done. The first fatal store failure stops
/// the writer; the next ``enqueue(_:)`` or ``finish()`` throws it.
final class AppleHealthImportWriter: @unchecked Sendable {
    enum Job: Sendable {
        /// Samples, each with its deterministic sync identifier, none twice, prepared on the
        /// reading thread (or the error preparing them, then they are saved one by one).
        case samples([HealthObject], Result<HealthObjectBatch, StoreError>)
        /// A workout and the routes read right after it.
        case workout(Workout, [WorkoutRoute])
        /// An item the reader could not place, reported in order with the store's rejections.
        case reject(ImportProblem)
    }

    static let maximumWaiting = 1

    private let store: HealthStore
    private let queue = DispatchQueue(label: "org.pace.applehealth-import")
    private let slots = DispatchSemaphore(value: AppleHealthImportWriter.maximumWaiting)
    private let lock = NSLock()
    // Guarded by `lock`.
    private var report = AppleHealthImportReport()
    private var failure: StoreError?
    /// Workouts saved, whose samples ``finish()`` associates with them. Touched on `queue` only.
    private var savedWorkouts: [UUID] = []

    /// Copies the store's log into its file on another core while batches are written (none for
    /// in-memory stores, or when it cannot start: SQLite then checkpoints in the commits as usual).
    private let checkpointer: BackgroundCheckpointer?

    init(store: HealthStore) {
        self.store = store
        self.checkpointer = try? BackgroundCheckpointer(store: store)
    }

    /// Hands a job to the store queue, waiting while ``maximumWaiting`` jobs are pending.
    /// - Throws: The store failure that stopped the writer, if any.
    func enqueue(_ job: Job) throws(StoreError) {
        if let failure = lock.withLock({ failure }) { throw failure }
        slots.wait()
        queue.async {
            defer { self.slots.signal() }
            guard self.lock.withLock({ self.failure == nil }) else { return }
            self.checkpointer?.throttle()
            do throws(StoreError) {
                try self.run(job)
            } catch {
                self.lock.withLock { self.failure = error }
            }
        }
    }

    /// Waits until every job is done.
    /// - Throws: The store failure that stopped the writer, if any.
    func finish() throws(StoreError) {
        let workouts = queue.sync { savedWorkouts }
        checkpointer?.stop()
        if let failure = lock.withLock({ failure }) { throw failure }
        // The export states no link between a workout and its samples: the store's time rule makes
        // it, once every sample is written (records may follow the workout in the file).
        if !workouts.isEmpty {
            let store = self.store
            _ = try ThreadBridge.wait { () async throws(StoreError) in try await store.associateSamplesByTime(withWorkouts: workouts) }
        }
    }

    /// `report` with the counts and rejections of the store side added.
    func merged(into report: AppleHealthImportReport) -> AppleHealthImportReport {
        let written = lock.withLock { self.report }
        var merged = report
        merged.quantitySamplesImported += written.quantitySamplesImported
        merged.categorySamplesImported += written.categorySamplesImported
        merged.workoutsImported += written.workoutsImported
        merged.routesImported += written.routesImported
        merged.duplicatesSkipped += written.duplicatesSkipped
        merged.batchesSaved += written.batchesSaved
        merged.rejectedCount += written.rejectedCount
        merged.rejected += written.rejected.prefix(AppleHealthImportReport.maximumKeptMessages - merged.rejected.count)
        return merged
    }

    // MARK: Store queue

    private func update(_ change: (inout AppleHealthImportReport) -> Void) {
        lock.withLock { change(&report) }
    }

    private func run(_ job: Job) throws(StoreError) {
        switch job {
        case .samples(let objects, let batch): try save(objects, batch)
        case .workout(let workout, let routes): try save(workout, routes: routes)
        case .reject(let message): update { $0.reject(message) }
        }
    }

    /// One transaction for the batch; objects whose sync identifier is stored (an earlier import)
    /// are left out. When the batch is refused, its objects are saved one by one.
    private func save(_ objects: [HealthObject], _ prepared: Result<HealthObjectBatch, StoreError>) throws(StoreError) {
        do throws(StoreError) {
            let skipped = try store.saveSkippingStoredSyncIdentifiers(prepared.get())
            update { report in
                // A batch whose objects were all stored already wrote nothing.
                if skipped.count < objects.count { report.batchesSaved += 1 }
                report.duplicatesSkipped += skipped.count
                var next = 0
                for (index, object) in objects.enumerated() {
                    if next < skipped.count, skipped[next] == index { next += 1; continue }
                    Self.count(object, in: &report)
                }
            }
        } catch let error where Self.isFatal(error) {
            throw error
        } catch {
            for object in objects {
                do throws(StoreError) {
                    let skipped = try store.saveSkippingStoredSyncIdentifiers(HealthObjectBatch([object]))
                    update { report in
                        if skipped.isEmpty { Self.count(object, in: &report) } else { report.duplicatesSkipped += 1 }
                    }
                } catch let error where Self.isFatal(error) {
                    throw error
                } catch {
                    update { $0.reject(ImportProblem(code: .storeRefused, activity: Self.label(object), message: error.message)) }
                }
            }
        }
    }

    private func save(_ original: Workout, routes: [WorkoutRoute]) throws(StoreError) {
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
            update { $0.duplicatesSkipped += objects.count }
            return
        }
        do {
            let store = self.store, batch = objects
            try ThreadBridge.wait { () async throws(StoreError) in try await store.save(batch) }
            savedWorkouts.append(workout.id)
            update { report in objects.forEach { Self.count($0, in: &report) } }
        } catch let error where Self.isFatal(error) {
            throw error
        } catch {
            update { $0.reject(ImportProblem(code: .storeRefused,
                                             activity: "\(Self.label(.workout(workout))) with \(routes.count) route(s)",
                                             message: error.message)) }
        }
    }

    private static func count(_ object: HealthObject, in report: inout AppleHealthImportReport) {
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
