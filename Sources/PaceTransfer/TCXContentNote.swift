import Foundation
import PaceFormats

/// What a TCX file without an activity holds, in one sentence: a file that becomes no workout says
/// why instead of reporting nothing (as ``GPXContentNote`` does for GPX).
enum TCXContentNote {
    /// The sentence for a document without activities, or `nil` when it has one.
    ///
    /// - Parameter document: The file as read (with or without its records).
    /// - Returns: For example `holds a course ('Loop'): a planned route, not a recorded activity;
    ///   nothing to import`.
    static func note(for document: TCXDocument) -> String? {
        guard document.activities.isEmpty else { return nil }
        let courses = document.courses
        guard !courses.isEmpty else { return "holds no activity and no course; nothing to import" }
        let names = courses.compactMap { $0.recorded.name.flatMap { $0.isEmpty ? nil : "'\($0)'" } }
        let what = courses.count == 1 ? "a course" : "\(courses.count) courses"
        let detail = names.isEmpty ? "" : " (\(names.joined(separator: ", ")))"
        let noun = courses.count == 1 ? "a planned route, not a recorded activity" : "planned routes, not recorded activities"
        return "holds \(what)\(detail): \(noun); nothing to import"
    }
}
