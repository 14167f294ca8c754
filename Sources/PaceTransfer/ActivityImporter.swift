public import Foundation
public import PaceFormats
public import PaceStore
import PaceModel

/// What an import did, activity by activity.
public struct ImportReport: Hashable, Sendable {
    /// Workouts saved, by UUID.
    public var imported: [UUID] = []
    /// Activities already in the store (same sync identifier), not saved again.
    public var skippedAsDuplicate = 0
    /// Activities refused, each with the reason.
    public var rejected: [String] = []
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

    /// Creates an importer.
    public init(store: HealthStore, converter: ActivityConverter = ActivityConverter()) {
        self.store = store
        self.converter = converter
    }

    /// Converts and saves each activity; a failure of one never leaves a half-written workout
    /// and does not stop the others.
    ///
    /// - Parameters:
    ///   - activities: What a reader produced from one file.
    ///   - fileIdentifier: A stable identifier of the file, e.g. its SHA-256 in hex; activity `i` of
    ///     a file without its own identifiers is known as `fileIdentifier#i`.
    /// - Returns: What was imported, skipped and rejected.
    public func `import`(_ activities: [RecordedActivity], fileIdentifier: String) -> ImportReport {
        var report = ImportReport()
        for (index, activity) in activities.enumerated() {
            let label = activity.name ?? activity.identifier ?? "activity \(index + 1)"
            let converted: ConvertedActivity
            do {
                converted = try converter.convert(activity, fileIdentifier: activities.count == 1 ? fileIdentifier : "\(fileIdentifier)#\(index)")
            } catch {
                report.rejected.append("\(label): \(error.message)")
                continue
            }
            do {
                try store.save(converted.objects)
                report.imported.append(converted.workout.id)
                report.notes += converted.notes.map { "\(label): \($0)" }
            } catch let error where error.code == .syncVersionNotHigher {
                report.skippedAsDuplicate += 1
            } catch {
                report.rejected.append("\(label): \(error.message)")
            }
        }
        return report
    }
}
