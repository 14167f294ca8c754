import Foundation
import Logging
import PaceFormats
import PaceModel
import PaceStore

extension ActivityImporter {
    /// Route locations and samples written per part of a streamed import.
    static let streamedPart = 8_192

    static let logger = Logger(label: "org.pace.import")

    /// Imports an activity read in passes (``ActivityFileReader/outline(_:)``), without holding
    /// the file's records (DECISIONS 118): one pass, on a thread of its own, reads the file, gathers
    /// the workout's totals and converts the records into parts, which this thread writes — the
    /// route's locations and the samples as series — in one transaction (DECISIONS 119); the workout
    /// is written when both are done, and the transaction commits — all or nothing.
    ///
    /// The same conversion as ``import(_:fileIdentifier:)`` (``ActivityConverter``), the same
    /// duplicate rules, checked before the file is read again. It blocks: call it from a thread of
    /// its own (the import flow's), never from the cooperative pool; it holds the store's writer
    /// while it writes.
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
        let began = ContinuousClock.now
        defer { Self.logger.info("Streamed import ended", metadata: ["file": "\(stream.path)", "seconds": "\(Self.seconds(since: began))"]) }

        // The duplicate rules first, from the outline: a repeated file is not read again.
        let syncIdentifier = ActivityConverter.syncIdentifier(of: activity, fileIdentifier: fileIdentifier)
        do throws(StoreError) {
            if try !store.storedSyncIdentifiers([syncIdentifier], sourceBundleIdentifier: converter.source.bundleIdentifier).isEmpty {
                report.skippedAsDuplicate += 1
                return report
            }
            if let span = ActivityConverter.span(of: activity, firstTime: stream.keptSpan?.first, lastTime: stream.keptSpan?.last) {
                let outline = Workout(activityType: type, start: span.start, end: span.end, source: converter.source)
                let importer = self
                if let stored = try ThreadBridge.wait({ () async throws(StoreError) in try await importer.storedRecording(like: outline) }) {
                    report.skippedAsDuplicate += 1
                    report.sameRecordings.append(sameRecordingNote(label, outline, stored))
                    return report
                }
            }
        } catch {
            report.rejected.append(ImportProblem(code: .storeRefused, activity: label, message: error.description))
            return report
        }

        // The file read, its totals gathered and its records converted on a thread of their own,
        // while this one writes.
        let converter = self.converter
        let readPass = StreamedReadPass(stream: stream, type: type, source: converter.source,
                                        device: activity.deviceName.map { Device(name: $0) }, partSize: streamedPartSize)
        let routeID = UUID.timeOrdered()
        var notes: [String] = []
        do {
            try store.saveStreamed(routeID: routeID, produce: { writer in
                while let part = try readPass.nextPart() {
                    if !part.locations.isEmpty { try writer.append(part.locations) }
                    for series in part.series { try writer.append(series) }
                }
                Self.logger.info("Route and samples written", metadata: ["file": "\(stream.path)", "samples": "\(writer.samplesWritten)",
                                                                        "seconds": "\(Self.seconds(since: began))"])
            }, complete: {
                var totals = try readPass.result()
                Self.logger.info("Totals gathered", metadata: ["file": "\(stream.path)", "records": "\(totals.recordCount)",
                                                              "seconds": "\(Self.seconds(since: began))"])
                let (workout, workoutNotes) = try converter.workout(for: activity, totals: &totals, stray: stream.stray,
                                                                    fileIdentifier: fileIdentifier)
                notes = workoutNotes
                report.imported.append(workout.id)
                return (workout, Self.streamedRoute(of: workout, totals: totals, routeID: routeID))
            })
        } catch {
            readPass.cancel()
            report.imported = []
            switch error {
            case let error as StoreError where error.code == .syncVersionNotHigher: report.skippedAsDuplicate += 1
            case let error as ActivityConversionError:
                report.rejected.append(ImportProblem(code: .invalidActivity, activity: label, message: error.message))
            default: report.rejected.append(Self.problem(error, label: label, path: stream.path))
            }
            return report
        }
        report.notes += notes.map { "\(label): \($0)" }
        return report
    }

    /// The route a streamed import wrote the locations of, for its workout: `nil` when the records
    /// had no location.
    static func streamedRoute(of workout: Workout, totals: ActivityRecordTotals, routeID: UUID) -> StreamedRoute? {
        guard let start = totals.firstLocationTime, let end = totals.lastLocationTime else { return nil }
        return StreamedRoute(route: WorkoutRoute(id: routeID, workoutID: workout.id, locations: [], source: workout.source, device: workout.device),
                             start: start, end: end, locationCount: totals.locationCount)
    }

    static func seconds(since start: ContinuousClock.Instant) -> String {
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
