import Foundation
import Logging
import PaceFormats
import PaceModel
import PaceStore

extension ActivityImporter {
    /// Route locations and samples written per part of a streamed import.
    static let streamedPart = 8_192

    static let logger = Logger(label: "org.pace.import")

    /// Imports an activity read in passes (``ActivityFileReader/outline(_:)``): one pass gathers
    /// the workout's totals, and a second writes the workout, its route and its samples in one
    /// transaction — all or nothing — without holding the file's records (DECISIONS 118).
    ///
    /// The same conversion as ``import(_:fileIdentifier:)`` (``ActivityConverter``), the same
    /// duplicate rules. It blocks: call it from a thread of its own (the import flow's), never from
    /// the cooperative pool; it holds the store's writer while the second pass runs.
    ///
    /// - Parameters:
    ///   - stream: The activity's outline.
    ///   - fileIdentifier: A stable identifier of the file, for an activity without its own.
    /// - Returns: What was imported, skipped and rejected.
    public func importBlocking(_ stream: ActivityStream, fileIdentifier: String) -> ImportReport {
        var report = ImportReport()
        let activity = stream.activity
        let label = activity.name ?? activity.identifier ?? "activity 1"
        let type = SportMapping.activityType(for: activity.sport)
        var totals = ActivityRecordTotals(activityType: type)
        let began = ContinuousClock.now
        defer { Self.logger.info("Streamed import ended", metadata: ["file": "\(stream.path)", "seconds": "\(Self.seconds(since: began))"]) }
        do { try stream.forEachRecord { totals.add($0) } } catch {
            report.rejected.append(Self.problem(error, label: label, path: stream.path))
            return report
        }
        Self.logger.info("Totals gathered", metadata: ["file": "\(stream.path)", "records": "\(totals.recordCount)",
                                                      "seconds": "\(Self.seconds(since: began))"])
        let workout: Workout, notes: [String]
        do { (workout, notes) = try converter.workout(for: activity, totals: &totals, stray: stream.stray, fileIdentifier: fileIdentifier) } catch {
            report.rejected.append(ImportProblem(code: .invalidActivity, activity: label, message: error.message))
            return report
        }
        let importer = self
        do throws(StoreError) {
            if let stored = try ThreadBridge.wait({ () async throws(StoreError) in try await importer.storedRecording(like: workout) }) {
                report.skippedAsDuplicate += 1
                report.sameRecordings.append(sameRecordingNote(label, workout, stored))
                return report
            }
        } catch {
            report.rejected.append(ImportProblem(code: .storeRefused, activity: label, message: error.description))
            return report
        }
        var route: StreamedRoute?
        if let start = totals.firstLocationTime, let end = totals.lastLocationTime {
            route = StreamedRoute(route: WorkoutRoute(workoutID: workout.id, locations: [], source: workout.source, device: workout.device),
                                  start: start, end: end, locationCount: totals.locationCount)
        }
        do {
            try store.saveStreamed(workout, route: route) { writer in
                var locations: [RouteLocation] = [], samples: [HealthObject] = []
                locations.reserveCapacity(Self.streamedPart)
                samples.reserveCapacity(Self.streamedPart)
                try stream.forEachRecord { record in
                    if let location = ActivityConverter.location(record) { locations.append(location) }
                    for sample in ActivityConverter.samples(of: record, type: type, source: workout.source, device: workout.device) {
                        samples.append(.quantitySample(sample))
                    }
                    if locations.count >= Self.streamedPart {
                        try writer.append(locations)
                        locations.removeAll(keepingCapacity: true)
                    }
                    if samples.count >= Self.streamedPart {
                        try writer.append(samples: samples)
                        samples.removeAll(keepingCapacity: true)
                    }
                }
                if !locations.isEmpty { try writer.append(locations) }
                try writer.append(samples: samples)
            }
        } catch let error as StoreError where error.code == .syncVersionNotHigher {
            report.skippedAsDuplicate += 1
            return report
        } catch {
            report.rejected.append(Self.problem(error, label: label, path: stream.path))
            return report
        }
        report.imported.append(workout.id)
        report.notes += notes.map { "\(label): \($0)" }
        return report
    }

    private static func seconds(since start: ContinuousClock.Instant) -> String {
        let elapsed = ContinuousClock.now - start
        return String(format: "%.2f", Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    /// The problem an error of a streamed import is: the file's own, the store's refusal, or unreadable.
    private static func problem(_ error: any Error, label: String, path: String) -> ImportProblem {
        if var problem = error as? ImportProblem {
            problem.activity = problem.activity ?? label
            return problem
        }
        if let error = error as? StoreError { return ImportProblem(code: .storeRefused, activity: label, message: error.message) }
        return ImportProblem(code: .unreadableFile, file: path, activity: label, message: "cannot be read (\(error)); check the file")
    }
}
