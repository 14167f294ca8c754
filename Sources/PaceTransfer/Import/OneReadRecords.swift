import Foundation
import PaceFormats
import PaceModel

/// Why a file read once must be imported in passes after all (DECISIONS 180): what the one read
/// assumed at the first record turned out wrong, or the file is not one time-ordered activity.
struct NeedsPasses: Error, CustomStringConvertible {
    /// What was found, in a few words.
    var reason: String

    var description: String { "the file needs the import in passes: \(reason)" }
}

/// The one activity of a GPX or TCX file, read once as the import writes it (DECISIONS 180):
/// instead of an outline first (every record's time, to find stray records and check the order)
/// and a second read that writes, the records are written as they are read, on the assumption
/// that the file holds one activity whose timed records are in time order with no stray ones — the
/// common case. The assumption is checked as the read goes (a record out of order, a gap that
/// would make records stray, a second track or activity stop it with ``NeedsPasses``) and at its
/// end (the sport, the device, the identifier and the start the head promised); the importer
/// then rolls the save back and imports the file in passes.
final class OneReadRecords: StreamedRecordSource, Sendable {
    /// What the reader knew at the first timed record.
    struct Head: Sendable {
        /// The activity as read so far: its sport, identifier and device, and the laps begun.
        var activity: RecordedActivity
        /// The first timed record's time.
        var firstTime: Date

        /// The workout's start as the head gives it (``ActivityConverter/span(of:firstTime:lastTime:)``).
        var start: Date {
            ActivityConverter.span(of: activity, firstTime: firstTime, lastTime: firstTime)?.start ?? firstTime
        }
    }

    /// What the whole read found.
    struct Ending: Sendable {
        /// The activity, without records.
        var activity: RecordedActivity
        /// The reader's warnings, as the import reports them.
        var warnings: [String]
        /// The device named after the records, for the samples written without one.
        var laterDevice: Device?
    }

    /// The file.
    let path: String
    /// `gpx` or `tcx`.
    let format: String
    /// Opens the file's bytes.
    let open: @Sendable () throws(FileImportError) -> any ByteSource
    private let head = Locked<Head?>(nil)
    private let ending = Locked<Ending?>(nil)
    /// Signalled once the head is known or the read has ended without one.
    private let headOrEnd = DispatchSemaphore(value: 0)

    /// The records of a GPX or TCX file (optionally gzip-compressed); `nil` for another format.
    init?(path: String, format: String, open: @escaping @Sendable () throws(FileImportError) -> any ByteSource) {
        guard format == "gpx" || format == "tcx" else { return nil }
        self.path = path
        self.format = format
        self.open = open
    }

    /// Waits for the head; `nil` when the read ended (or failed) before a timed record.
    func waitForHead() -> Head? {
        headOrEnd.wait()
        headOrEnd.signal()
        return head.withLock { $0 }
    }

    /// What the read found, once it has ended without stopping.
    func end() -> Ending? {
        ending.withLock { $0 }
    }

    func forEachRecord(start: (WorkoutActivityType, Device?) throws -> Void, _ body: (ActivityRecord) throws -> Void) throws {
        var published = false
        defer { if !published { headOrEnd.signal() } }
        var headActivity: RecordedActivity?
        var first: Date?
        var last = -Double.infinity
        var lastTime: Date?
        // What a closure threw, rethrown as itself rather than as the reader's wrapping of it.
        var stop: (any Error)?
        let secondActivity = NeedsPasses(reason: "a second \(format == "gpx" ? "track" : "activity")")
        func visit(_ record: ActivityRecord, _ index: Int) throws {
            do {
                guard index == 0 else { throw secondActivity }
                guard let time = record.time, time.timeIntervalSinceReferenceDate.isFinite else { return }
                let seconds = time.timeIntervalSince1970
                if first == nil {
                    guard let headActivity else { throw NeedsPasses(reason: "a record before its activity's head") }
                    try start(SportMapping.activityType(for: headActivity.sport), headActivity.deviceName.map { Device(name: $0) })
                    head.withLock { $0 = Head(activity: headActivity, firstTime: time) }
                    published = true
                    headOrEnd.signal()
                    first = time
                } else if seconds < last {
                    throw NeedsPasses(reason: "records out of time order")
                } else if seconds - last > ActivityConverter.strayGap {
                    throw NeedsPasses(reason: "records far apart in time (some would be left out as stray)")
                }
                last = seconds
                lastTime = time
                try body(record)
            } catch {
                stop = error
                throw error
            }
        }
        let noted = { (activity: RecordedActivity, index: Int) throws in
            guard index == 0 else {
                stop = secondActivity
                throw secondActivity
            }
            headActivity = activity
        }
        let source = try open()
        let activity: RecordedActivity
        let warnings: [String]
        do {
            if format == "gpx" {
                let document = try GPXReader().read(source: source, file: path, head: noted, points: visit)
                guard document.tracks.count == 1 else { throw NeedsPasses(reason: "\(document.tracks.count) tracks") }
                activity = document.tracks[0]
                warnings = ActivityFileReader.warnings(of: document, path: path)
            } else {
                let document = try TCXReader().read(source: source, fileName: path, head: noted, records: visit)
                guard TCXContentNote.note(for: document) == nil, document.activities.count == 1 else {
                    throw NeedsPasses(reason: "\(document.activities.count) activities")
                }
                activity = document.activities[0].recorded
                warnings = ActivityFileReader.warnings(of: document, path: path)
            }
        } catch {
            if let stop { throw stop }
            throw error
        }
        guard let head = head.withLock({ $0 }), let first, let lastTime else { throw NeedsPasses(reason: "no timed records") }
        guard activity.sport == head.activity.sport else { throw NeedsPasses(reason: "the sport named after the records") }
        guard activity.identifier == head.activity.identifier else { throw NeedsPasses(reason: "the identifier named after the records") }
        let start = ActivityConverter.span(of: activity, firstTime: first, lastTime: lastTime)?.start ?? first
        guard start == head.start else { throw NeedsPasses(reason: "a lap starting before the first record") }
        var laterDevice: Device?
        if activity.deviceName != head.activity.deviceName {
            guard head.activity.deviceName == nil, let name = activity.deviceName else {
                throw NeedsPasses(reason: "the device named after the records")
            }
            laterDevice = Device(name: name)
        }
        ending.withLock { $0 = Ending(activity: activity, warnings: warnings, laterDevice: laterDevice) }
    }
}
