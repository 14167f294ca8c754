public import Foundation
import PaceFormats

extension ActivityFileReader {
    /// Reads a file for import: a GPX file with one track or a FIT file, whose timed records are in
    /// time order, comes back as an ``ActivityFile/stream`` (its outline, read in constant memory:
    /// the activity without records and the records' times), so it imports in memory that does not
    /// grow with its length; anything else (a TCX file, a GPX file with several tracks or none,
    /// records out of time order) is read whole, as ``read(_:)`` reads it.
    ///
    /// - Parameter url: The file.
    /// - Throws: ``FileImportError`` as ``read(_:)``.
    public static func outline(_ url: URL) throws(FileImportError) -> ActivityFile {
        let path = url.path
        let (format, open) = try opener(for: url)
        guard format.fileExtension != "tcx" else { return try read(url) }
        let identifier = try identify(path: path, open: open)
        var times: [Double] = []
        let record = { (record: ActivityRecord) in times.append(record.time?.timeIntervalSince1970 ?? .nan) }
        let activity: RecordedActivity
        let warnings: [String]
        if format.fileExtension == "gpx" {
            let document: GPXDocument
            let source = try open()
            do throws(GPXError) { document = try GPXReader().read(source: source, file: path) { point, _ in record(point) } } catch {
                throw .invalidFile(error, file: path)
            }
            guard document.tracks.count == 1, !times.isEmpty else { return try read(url) }
            activity = document.tracks[0]
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
        guard let stream = ActivityStream(path: path, activity: activity, times: times, format: format.fileExtension, open: open) else {
            return try read(url)
        }
        var file = ActivityFile(path: path, activities: [], warnings: warnings, contentIdentifier: identifier)
        file.stream = stream
        return file
    }
}
