import Foundation
import Logging
import PaceFormats
import PaceModel
import PaceStore

extension ActivityImporter {
    /// What an import in one read gives its caller: the report and the file's warnings.
    struct OneReadOutcome {
        var report: ImportReport
        var warnings: [String]
    }

    /// Imports a GPX file's one track or a TCX file's one activity reading the file once
    /// (``OneReadRecords``, DECISIONS 180): the records are written as they are read, while the
    /// file's content identifier is computed on another thread. Returns `nil` — having written
    /// nothing — when the file must be imported in passes instead (``ActivityFileReader/outline(_:)``):
    /// another format, not one time-ordered activity, a stored workout that may be the same
    /// recording (the rule needs the whole span), or any failure, which the import in passes then
    /// reports as it always has.
    ///
    /// It blocks: call it from a thread of its own, never from the cooperative pool.
    ///
    /// - Parameter url: The file.
    /// - Returns: The report and warnings, or `nil` to import the file in passes.
    func importInOneRead(_ url: URL) -> OneReadOutcome? {
        guard let (format, open) = try? ActivityFileReader.opener(for: url),
              let records = OneReadRecords(path: url.path, format: format.fileExtension, open: open) else { return nil }
        let path = url.path
        let began = ContinuousClock.now
        let identifier = ContentIdentifierPass(path: path, open: open)
        let converter = self.converter
        let readPass = StreamedReadPass(records: records, source: converter.source, partSize: streamedPartSize)
        guard let head = records.waitForHead() else {
            readPass.cancel()
            return nil
        }

        // The duplicate rules, from the head: a repeated file is not read further. A file without
        // an identifier of its own is known by its content's.
        var report = ImportReport()
        do throws(StoreError) {
            guard let fileIdentifier = head.activity.identifier != nil ? "" : try? identifier.value() else {
                readPass.cancel()
                return nil
            }
            let syncIdentifier = ActivityConverter.syncIdentifier(of: head.activity, fileIdentifier: fileIdentifier)
            if try !store.storedSyncIdentifiers([syncIdentifier], sourceBundleIdentifier: converter.source.bundleIdentifier).isEmpty {
                readPass.cancel()
                report.skippedAsDuplicate += 1
                return OneReadOutcome(report: report, warnings: [])
            }
            if try mayBeStoredRecording(startingAt: head.start, syncIdentifier: syncIdentifier) {
                readPass.cancel()
                return nil
            }
        } catch {
            readPass.cancel()
            return nil
        }

        let routeID = UUID.timeOrdered()
        var notes: [String] = []
        var ending: OneReadRecords.Ending?
        do {
            try store.saveStreamed(routeID: routeID, produce: { writer in
                while let part = try readPass.nextPart() {
                    if !part.locations.isEmpty { try writer.append(part.locations) }
                    for series in part.series { try writer.append(series) }
                }
                guard let end = records.end() else { throw NeedsPasses(reason: "the read ended early") }
                ending = end
                if let device = end.laterDevice { try writer.setSamplesDevice(device) }
            }, complete: {
                var totals = try readPass.result()
                guard let ending else { throw NeedsPasses(reason: "the read ended early") }
                let (workout, workoutNotes) = try converter.workout(for: ending.activity, totals: &totals, stray: StrayRecords(),
                                                                    fileIdentifier: identifier.value())
                notes = workoutNotes
                report.imported.append(workout.id)
                return (workout, Self.streamedRoute(of: workout, totals: totals, routeID: routeID))
            })
        } catch {
            readPass.cancel()
            if let error = error as? StoreError, error.code == .syncVersionNotHigher {
                var duplicate = ImportReport()
                duplicate.skippedAsDuplicate = 1
                return OneReadOutcome(report: duplicate, warnings: ending?.warnings ?? [])
            }
            Self.logger.info("Import in one read gave way to the import in passes",
                             metadata: ["file": "\(path)", "reason": "\(error)", "seconds": "\(Self.seconds(since: began))"])
            return nil
        }
        Self.logger.info("Imported in one read", metadata: ["file": "\(path)", "seconds": "\(Self.seconds(since: began))"])
        guard let ending else { return nil } // set by every save that commits
        let label = ending.activity.name ?? ending.activity.identifier ?? "activity 1"
        report.notes += notes.map { "\(label): \($0)" }
        return OneReadOutcome(report: report, warnings: ending.warnings)
    }

    /// Whether a stored workout starts close enough to `start` to be the same recording
    /// (``SameRecordingRule/startTolerance``) — the rule's first condition, all the head of a file
    /// can tell; the import in passes then applies the whole rule.
    private func mayBeStoredRecording(startingAt start: Date, syncIdentifier: String) throws(StoreError) -> Bool {
        guard let rule = sameRecording else { return false }
        let store = self.store
        let window = SamplePredicate.date(from: start.addingTimeInterval(-rule.startTolerance), to: start.addingTimeInterval(rule.startTolerance))
        let stored = try ThreadBridge.wait { () async throws(StoreError) in try await store.samples(matching: .workout, predicate: window) }
        return stored.contains { object in
            guard case .workout(let workout) = object, workout.metadata.syncIdentifier != syncIdentifier else { return false }
            return abs(workout.startDate.timeIntervalSince(start)) <= rule.startTolerance
        }
    }
}
