import Foundation
import PaceFormats

extension FuzzTarget {
    /// TCX: ``TCXReader`` on any bytes. Records keep their ranges; a refusal is a positioned
    /// ``TCXError``; every activity ``TCXWriter`` accepts, written and read back once, is a fixed point.
    static let tcx = FuzzTarget(
        name: "tcx",
        summary: "TCXReader: record ranges, positioned TCXError, TCXWriter round trip",
        seedFiles: [FuzzSeedFiles("Tests/PaceFormatsTests/Fixtures/tcx", extensions: ["tcx"])]
    ) { (data) throws(FuzzInvariantViolation) -> FuzzOutcome in
        let check = FuzzCheck(target: "tcx")
        let document: TCXDocument
        do throws(TCXError) {
            document = try TCXReader().read(data)
        } catch {
            try check.position(line: error.line, column: error.column, "refusal \(error.code)")
            try check.require(error.code != .unreadable && error.code != .unsupportedValue,
                              "an in-memory read failed with \(error.code)")
            return .refused(code: error.code.description)
        }
        for (index, activity) in (document.activities + document.courses).enumerated() {
            try check.activity(activity.recorded, "activity \(index)")
            try TCXFuzzChecks(check: check).roundTrip(activity.recorded, "activity \(index)")
        }
        for warning in document.warnings {
            try check.position(line: warning.line, column: warning.column, "warning")
        }
        return .decoded
    }
}

/// The TCX target's round trip.
struct TCXFuzzChecks {
    let check: FuzzCheck

    /// Written and read back once, an activity is in TCX's precision; written and read again it must
    /// come back equal. Activities the writer refuses (no laps, a record without a time) are skipped.
    func roundTrip(_ activity: RecordedActivity, _ place: String) throws(FuzzInvariantViolation) {
        guard let once = try reread(activity, place) else { return }
        guard let twice = try reread(once, place) else {
            throw FuzzInvariantViolation(target: check.target, message: "\(place): TCXWriter refuses what it wrote and read back")
        }
        if let difference = ActivityDifference.first(once, twice) {
            throw FuzzInvariantViolation(target: check.target, message: "\(place): written, read, written and read again it differs: \(difference)")
        }
    }

    private func reread(_ activity: RecordedActivity, _ place: String) throws(FuzzInvariantViolation) -> RecordedActivity? {
        guard let written = try? TCXWriter().write(activity) else { return nil }
        let document: TCXDocument
        do {
            document = try TCXReader().read(written)
        } catch {
            throw FuzzInvariantViolation(target: check.target, message: "\(place): TCXWriter's output is refused: \(error)")
        }
        try check.require(document.activities.count == 1, "\(place): TCXWriter's output reads as \(document.activities.count) activities")
        return document.activities[0].recorded
    }
}
