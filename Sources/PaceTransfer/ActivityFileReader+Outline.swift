public import Foundation
import PaceFormats
import PaceModel

extension ActivityFileReader {
    /// Reads a file for import: a GPX file with one track, a TCX file with one activity or a FIT
    /// file, whose timed records are in time order, comes back as an ``ActivityFile/stream`` (its
    /// outline, read in constant memory: the activity without records and the records' times), so it
    /// imports in memory that does not grow with its length; anything else (a GPX file with several
    /// tracks or none, a TCX file with several activities or none, records out of time order) is
    /// read whole, as ``read(_:)`` reads it.
    ///
    /// - Parameter url: The file.
    /// - Throws: ``FileImportError`` as ``read(_:)``.
    public static func outline(_ url: URL) throws(FileImportError) -> ActivityFile {
        let path = url.path
        let (format, open) = try opener(for: url)
        // The content identifier is hashed on another core while this one reads the outline; its
        // error, when both fail, comes first, as when it was computed first.
        let identifier = ContentIdentifierPass(path: path, open: open)
        let outline: ActivityFile?
        do { outline = try streamOutline(path: path, format: format.fileExtension, open: open) } catch {
            _ = try identifier.value()
            throw error
        }
        let contentIdentifier = try identifier.value()
        guard var file = outline else { return try read(url) }
        file.contentIdentifier = contentIdentifier
        return file
    }

    /// The outline of a GPX file with one track, a TCX file with one activity or a FIT file, as an ``ActivityFile`` with its
    /// ``ActivityFile/stream`` (and no content identifier yet), or a TCX file of no activity as the
    /// whole-file read gives it; `nil` when the file must be read whole.
    private static func streamOutline(path: String, format: String,
                                      open: @escaping @Sendable () throws(FileImportError) -> any ByteSource) throws(FileImportError)
        -> ActivityFile? {
        var times: [Double] = []
        let record = { (record: ActivityRecord) in times.append(record.time?.timeIntervalSince1970 ?? .nan) }
        let activity: RecordedActivity
        let warnings: [String]
        if format == "gpx" {
            let document: GPXDocument
            let source = try open()
            do throws(GPXError) { document = try GPXReader().read(source: source, file: path) { point, _ in record(point) } } catch {
                throw .invalidFile(error, file: path)
            }
            guard document.tracks.count == 1, !times.isEmpty else { return nil }
            activity = document.tracks[0]
            warnings = Self.warnings(of: document, path: path)
        } else if format == "tcx" {
            let document: TCXDocument
            let source = try open()
            do throws(TCXError) { document = try TCXReader().read(source: source, fileName: path) { point, _ in record(point) } } catch {
                throw .invalidFile(error, file: path)
            }
            // Without an activity there is nothing to stream, and nothing more a second read would find.
            if let note = TCXContentNote.note(for: document) {
                return ActivityFile(path: path, activities: [], warnings: Self.warnings(of: document, path: path), contentIdentifier: "",
                                    notes: [note])
            }
            guard document.activities.count == 1, !times.isEmpty else { return nil }
            activity = document.activities[0].recorded
            warnings = Self.warnings(of: document, path: path)
        } else {
            let source = try open()
            do {
                let read = try fitReader.read(source: source, file: path) { (point: ActivityRecord) throws(Never) in record(point) }
                activity = read.activity
                warnings = Self.warnings(read.warnings, path: path)
            } catch let error as FITError {
                throw FileImportError.invalidFile(error, file: path)
            } catch {
                throw FileImportError(code: .unreadableFile, file: path, message: "cannot be read (\(error)); check the path and its permissions")
            }
        }
        guard let stream = ActivityStream(path: path, activity: activity, times: times, format: format, open: open) else { return nil }
        var file = ActivityFile(path: path, activities: [], warnings: warnings, contentIdentifier: "")
        file.stream = stream
        return file
    }
}

/// ``ActivityFileReader/identify(path:open:)`` of a file, computed on a thread of its own from its creation.
final class ContentIdentifierPass: Sendable {
    private let outcome = Locked<Result<String, FileImportError>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(path: String, open: @escaping @Sendable () throws(FileImportError) -> any ByteSource) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let result = Result { () throws(FileImportError) in try ActivityFileReader.identify(path: path, open: open) }
            outcome.withLock { $0 = result }
            done.signal()
        }
    }

    /// Waits for the identifier.
    /// - Throws: What ``ActivityFileReader/identify(path:open:)`` throws.
    func value() throws(FileImportError) -> String {
        done.wait()
        done.signal()
        return try outcome.withLock { $0! }.get()
    }
}
