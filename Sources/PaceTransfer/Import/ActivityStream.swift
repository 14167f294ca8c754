import Foundation
public import PaceFormats

/// The one activity of a GPX, TCX or FIT file, read in passes instead of held whole: an import reads
/// the file once for this outline, once for the workout's totals and once to write its route and
/// samples, so its memory does not grow with the file (DECISIONS 118).
///
/// Made by ``ActivityFileReader/outline(_:)`` for a file holding one activity whose timed records
/// are in time order (a GPX with one track, any FIT file); ``ActivityImporter`` imports it.
public struct ActivityStream: Sendable {
    /// The file.
    public var path: String
    /// The activity's sport, name, identifier, device, laps (their totals, without records) and
    /// timer events.
    public var activity: RecordedActivity
    /// The records with a time.
    public var timedRecordCount: Int
    /// The records that become the workout: positions among the timed records (those timed more
    /// than ``ActivityConverter/strayGap`` from the rest are left out).
    var kept: Range<Int>
    /// The timed records left out.
    var stray: StrayRecords
    /// The first and last kept record's times.
    var keptSpan: (first: Date, last: Date)?
    /// `gpx`, `tcx` or `fit`.
    var format: String
    /// Opens the file's bytes again, from the start.
    var open: @Sendable () throws(FileImportError) -> any ByteSource

    /// The outline of the records' times, in file order (NaN for a record without a time); `nil`
    /// when the timed records are not in time order (the file must then be held and sorted).
    init?(path: String, activity: RecordedActivity, times: [Double], format: String,
          open: @escaping @Sendable () throws(FileImportError) -> any ByteSource) {
        let timed = times.filter(\.isFinite)
        for index in timed.indices.dropFirst() where timed[index] < timed[index - 1] { return nil }
        let kept = ActivityConverter.keptRun(ofSortedTimes: timed)
        let strayTimes = timed[..<kept.lowerBound] + timed[kept.upperBound...]
        self.path = path
        self.activity = activity
        self.timedRecordCount = timed.count
        self.kept = kept
        self.stray = StrayRecords()
        keptSpan = kept.isEmpty ? nil : (Date(timeIntervalSince1970: timed[kept.lowerBound]),
                                          Date(timeIntervalSince1970: timed[kept.upperBound - 1]))
        stray.count = strayTimes.count
        stray.first = strayTimes.first.map(Date.init(timeIntervalSince1970:))
        stray.last = strayTimes.last.map(Date.init(timeIntervalSince1970:))
        self.format = format
        self.open = open
    }

    /// Reads the file again and calls `body` with each record that becomes the workout: timed, in
    /// time order, stray ones left out.
    /// - Throws: ``FileImportError`` when the file can no longer be read or no longer holds the
    ///   records it held (changed while it was imported), or what `body` throws.
    func forEachRecord(_ body: (ActivityRecord) throws -> Void) throws {
        var ordinal = 0
        // What `body` threw, rethrown as itself rather than as the reader's wrapping of it.
        var bodyFailure: (any Error)?
        func visit(_ record: ActivityRecord) throws {
            guard let time = record.time, time.timeIntervalSinceReferenceDate.isFinite else { return }
            defer { ordinal += 1 }
            guard kept.contains(ordinal) else { return }
            do { try body(record) } catch {
                bodyFailure = error
                throw error
            }
        }
        let source = try open()
        do {
            switch format {
            case "gpx":
                _ = try GPXReader().read(source: source, file: path) { record, _ in try visit(record) }
            case "tcx":
                _ = try TCXReader().read(source: source, fileName: path) { record, _ in try visit(record) }
            default:
                _ = try ActivityFileReader.fitReader.read(source: source, file: path, records: visit)
            }
        } catch {
            if let bodyFailure { throw bodyFailure }
            switch error {
            case let error as GPXError: throw FileImportError.invalidFile(error, file: path)
            case let error as TCXError: throw FileImportError.invalidFile(error, file: path)
            case let error as FITError: throw FileImportError.invalidFile(error, file: path)
            default: throw error
            }
        }
        guard ordinal == timedRecordCount else {
            throw FileImportError(code: .unreadableFile, file: path, message: "held \(timedRecordCount) timed records when it was "
                + "first read and \(ordinal) now: it changed while it was imported; nothing was saved, import it again")
        }
    }
}
