import Foundation
import GRDB
import Hummingbird

/// An uploaded file waiting to be imported, being imported, or done: kept in the server database,
/// so a restart finds it (a job left `running` by a killed server runs again; the import writes
/// each activity in its own transaction and skips what is stored already).
struct UploadJob: ResponseEncodable, Codable, Sendable {
    /// Where it is.
    enum Status: String, Codable, Sendable {
        case queued, running, done, failed
    }

    var id: UUID
    var status: Status
    var format: String
    /// Bytes.
    var size: Int
    /// Workouts imported.
    var imported: Int
    /// Activities skipped because they were stored already.
    var duplicates: Int
    /// What could not be imported, and why.
    var problems: [String]
    /// The workouts imported, for the upload page's link (empty before the import ends).
    var workouts: [UUID]
    var createdAt: Date
    var finishedAt: Date?

    init(row: Row) {
        id = UUID(uuidString: row["id"]) ?? UUID()
        status = Status(rawValue: row["status"]) ?? .failed
        format = row["format"]
        size = row["size"]
        imported = row["imported"]
        duplicates = row["duplicates"]
        problems = (try? JSONDecoder().decode([String].self, from: Data((row["problems"] as String).utf8))) ?? []
        workouts = (try? JSONDecoder().decode([UUID].self, from: Data(((row["workouts"] as String?) ?? "[]").utf8))) ?? []
        createdAt = Date(timeIntervalSince1970: row["createdAt"])
        finishedAt = (row["finishedAt"] as Double?).map { Date(timeIntervalSince1970: $0) }
    }

    /// The formats an upload may declare, as the import flow reads them (the file is stored under
    /// a name the server chooses, with this extension).
    static let formats: Set<String> = ["gpx", "tcx", "fit", "gpx.gz", "tcx.gz", "fit.gz", "zip", "xml"]
}
