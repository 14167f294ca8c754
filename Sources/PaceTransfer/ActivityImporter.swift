public import Foundation
public import PaceFormats
public import PaceStore
import PaceModel

/// What an import did, activity by activity.
public struct ImportReport: Hashable, Sendable {
    /// Workouts saved, by UUID.
    public var imported: [UUID] = []
    /// Activities already in the store (same sync identifier, or the same recording from another
    /// file; see ``SameRecordingRule``), not saved again.
    public var skippedAsDuplicate = 0
    /// The activities among ``skippedAsDuplicate`` that repeat a stored workout from another
    /// file, one sentence each naming that workout (an importer with ``ActivityImporter/sameRecording``
    /// `nil` keeps both).
    public var sameRecordings: [String] = []
    /// Activities refused, each with its code, the activity and the reason (the caller knows the file).
    public var rejected: [ImportProblem] = []
    /// Notes on derived or dropped data.
    public var notes: [String] = []

    /// Creates an empty report.
    public init() {}
}

/// Saves recorded activities into the health store, one transaction per workout.
///
/// ```swift
/// let report = try ActivityImporter(store: store).import(activities, fileIdentifier: sha256)
/// ```
public struct ActivityImporter: Sendable {
    /// The store written to.
    public var store: HealthStore
    /// The conversion used.
    public var converter: ActivityConverter
    /// Which stored workouts count as the same recording; `nil` imports every activity whose
    /// identifier is new, even one that repeats a stored workout.
    public var sameRecording: SameRecordingRule?
    /// Route locations, or samples, per part of a streamed import (``importBlocking(_:fileIdentifier:)``);
    /// tests make it small so that an import crosses many parts.
    var streamedPartSize = ActivityImporter.streamedPart

    /// Creates an importer.
    public init(store: HealthStore, converter: ActivityConverter = ActivityConverter(),
                sameRecording: SameRecordingRule? = SameRecordingRule()) {
        self.store = store
        self.converter = converter
        self.sameRecording = sameRecording
    }

    /// Converts and saves each activity; a failure of one never leaves a half-written workout
    /// and does not stop the others.
    ///
    /// - Parameters:
    ///   - activities: What a reader produced from one file.
    ///   - fileIdentifier: A stable identifier of the file, e.g. its SHA-256 in hex; activity `i` of
    ///     a file without its own identifiers is known as `fileIdentifier#i`.
    /// - Returns: What was imported, skipped and rejected.
    public func `import`(_ activities: [RecordedActivity], fileIdentifier: String) async -> ImportReport {
        var report = ImportReport()
        for (index, activity) in activities.enumerated() {
            let label = activity.name ?? activity.identifier ?? "activity \(index + 1)"
            let converted: ConvertedActivity
            do {
                converted = try converter.convert(activity, fileIdentifier: activities.count == 1 ? fileIdentifier : "\(fileIdentifier)#\(index)")
            } catch {
                report.rejected.append(ImportProblem(code: .invalidActivity, activity: label, message: error.message))
                continue
            }
            let stored: Workout?
            do {
                stored = try await storedRecording(like: converted.workout)
            } catch {
                report.rejected.append(ImportProblem(code: .storeRefused, activity: label, message: error.description))
                continue
            }
            if let stored {
                report.skippedAsDuplicate += 1
                report.sameRecordings.append(sameRecordingNote(label, converted.workout, stored))
                continue
            }
            do {
                try await save(converted)
                report.imported.append(converted.workout.id)
                report.notes += converted.notes.map { "\(label): \($0)" }
            } catch let error as StoreError where error.code == .syncVersionNotHigher {
                report.skippedAsDuplicate += 1
            } catch let error as StoreError {
                report.rejected.append(ImportProblem(code: .storeRefused, activity: label, message: error.message))
            } catch {
                report.rejected.append(ImportProblem(code: .storeRefused, activity: label, message: String(describing: error)))
            }
        }
        return report
    }

    /// The sentence saying that `workout` repeats `stored`.
    func sameRecordingNote(_ label: String, _ workout: Workout, _ stored: Workout) -> String {
        let apart = Int(abs(workout.startDate.timeIntervalSince(stored.startDate)).rounded())
        return "\(label): the same recording as workout \(stored.id) (\(stored.activityType.name), "
            + "starts \(apart) s apart and covers the same time), so it was not imported again"
    }

    /// A stored workout that is the same recording as `workout` under another sync identifier
    /// (one with the same identifier is left to the store's sync rules).
    func storedRecording(like workout: Workout) async throws(StoreError) -> Workout? {
        guard let rule = sameRecording else { return nil }
        let window = SamplePredicate.date(from: workout.startDate.addingTimeInterval(-rule.startTolerance),
                                          to: workout.endDate.addingTimeInterval(rule.startTolerance))
        let identifier = workout.metadata.syncIdentifier
        for case .workout(let stored) in try await store.samples(matching: .workout, predicate: window) {
            if identifier != nil, stored.metadata.syncIdentifier == identifier { continue }
            if rule.matches(workout, stored) { return stored }
        }
        return nil
    }
}
