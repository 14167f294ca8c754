import Foundation
import PaceFormats

extension FuzzTarget {
    /// TCX: ``TCXReader`` on any bytes. Records keep their ranges; a refusal is a positioned
    /// ``TCXError``; the streamed read (records to a handler) gives the same document without records,
    /// the same records, or the same refusal; every activity ``TCXWriter`` accepts, written and read
    /// back once, is a fixed point.
    static let tcx = FuzzTarget(
        name: "tcx",
        summary: "TCXReader: record ranges, positioned TCXError, streamed read equal, TCXWriter round trip",
        seedFiles: [FuzzSeedFiles("Tests/PaceFormatsTests/Fixtures/tcx", extensions: ["tcx"])]
    ) { (data) throws(FuzzInvariantViolation) -> FuzzOutcome in
        let check = FuzzCheck(target: "tcx")
        let document: TCXDocument
        let streamed = TCXFuzzChecks.streamed(data)
        do throws(TCXError) {
            document = try TCXReader().read(data)
        } catch {
            try check.position(line: error.line, column: error.column, "refusal \(error.code)")
            try check.require(error.code != .unreadable && error.code != .unsupportedValue,
                              "an in-memory read failed with \(error.code)")
            if case .failure(let other) = streamed, other.code == error.code, other.line == error.line, other.column == error.column {
                return .refused(code: error.code.description)
            }
            throw FuzzInvariantViolation(target: check.target, message: "the whole read refuses (\(error.code)) and the streamed read does not alike")
        }
        try TCXFuzzChecks(check: check).compare(streamed, with: document)
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

/// The TCX target's round trip and streamed read.
struct TCXFuzzChecks {
    let check: FuzzCheck

    /// What the streamed read gave: the document without records, each record with its activity,
    /// each activity's head with its index, and whether a record came before its activity's head.
    struct Streamed {
        var document: TCXDocument
        var records: [(ActivityRecord, Int)]
        var heads: [(RecordedActivity, Int)]
        var recordBeforeHead: Bool
    }

    /// The streamed read of `data`, with the activities' heads (`read(source:fileName:head:records:)`).
    static func streamed(_ data: Data) -> Result<Streamed, TCXError> {
        var records: [(ActivityRecord, Int)] = []
        var heads: [(RecordedActivity, Int)] = []
        var recordBeforeHead = false
        return Result { () throws(TCXError) in
            let document = try TCXReader().read(source: DataByteSource(data), head: { heads.append(($0, $1)) }, records: { record, index in
                if heads.last?.1 != index { recordBeforeHead = true }
                records.append((record, index))
            })
            return Streamed(document: document, records: records, heads: heads, recordBeforeHead: recordBeforeHead)
        }
    }

    /// The streamed read gives the whole read's document with its records taken out, and its
    /// activities' records in file order, each activity's head once before its first record, with
    /// the activity's sport (an attribute of its start tag).
    func compare(_ streamed: Result<Streamed, TCXError>, with whole: TCXDocument) throws(FuzzInvariantViolation) {
        guard case .success(let read) = streamed else {
            throw FuzzInvariantViolation(target: check.target, message: "the whole read succeeds and the streamed read refuses")
        }
        try check.require(read.document == whole.withoutRecords(), "the streamed read's document differs from the whole read's without records")
        let wholeRecords = whole.activities.enumerated().flatMap { index, activity in activity.recorded.records.map { ($0, index) } }
        try check.require(read.records.count == wholeRecords.count
                          && zip(read.records, wholeRecords).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 },
                          "the streamed read delivers other records than the whole read holds")
        try check.require(!read.recordBeforeHead, "a record came before its activity's head")
        var withRecords: [Int] = []
        for (_, index) in read.records where withRecords.last != index { withRecords.append(index) }
        try check.require(read.heads.map(\.1) == withRecords, "the heads are not one per activity with records, in order")
        for (head, index) in read.heads {
            try check.require(head.sport == whole.activities[index].recorded.sport, "activity \(index)'s head has another sport than the activity")
        }
    }

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
