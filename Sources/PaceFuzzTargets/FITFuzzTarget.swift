import Foundation
import PaceFormats

extension FuzzTarget {
    /// FIT: ``FITActivityReader`` on any bytes, with CRC checks off so that mutations reach the
    /// message decoder. Records keep their ranges; a refusal is a ``FITError`` whose byte offset lies
    /// in the data; every activity ``FITActivityWriter`` writes reads back (CRCs on), and once read
    /// back it is a fixed point.
    static let fit = FuzzTarget(
        name: "fit",
        summary: "FITActivityReader (CRC off): record ranges, positioned FITError, FITActivityWriter round trip",
        seedFiles: [
            FuzzSeedFiles("Tests/PaceFormatsTests/Fixtures/fit", extensions: ["fit"]),
            FuzzSeedFiles("Tests/PaceCLITests/Fixtures", extensions: ["fit"]),
        ]
    ) { (data) throws(FuzzInvariantViolation) -> FuzzOutcome in
        let check = FuzzCheck(target: "fit")
        let reader = FITActivityReader(decoder: FITDecoder(options: .init(validateCRC: false)))
        let activity: RecordedActivity
        do throws(FITError) {
            activity = try reader.read(data)
        } catch {
            try check.require((0...data.count).contains(error.byteOffset),
                              "refusal \(error.code) at byte \(error.byteOffset) of \(data.count)")
            try check.require((error.messageIndex ?? 0) >= 0, "refusal \(error.code) at message \(error.messageIndex ?? 0)")
            try check.require(error.code != .readFailed, "an in-memory read failed with \(error.code)")
            return .refused(code: error.code.description)
        }
        try check.activity(activity, "activity")
        try FITFuzzChecks(check: check).roundTrip(activity)
        return .decoded
    }
}

/// The FIT target's round trip.
struct FITFuzzChecks {
    let check: FuzzCheck

    /// Written (valid CRCs) and read back once, an activity is in FIT's resolution; written and read
    /// again it must come back equal.
    func roundTrip(_ activity: RecordedActivity) throws(FuzzInvariantViolation) {
        let once = try reread(activity)
        let twice = try reread(once)
        if let difference = ActivityDifference.first(once, twice) {
            throw FuzzInvariantViolation(target: check.target, message: "written, read, written and read again it differs: \(difference)")
        }
    }

    private func reread(_ activity: RecordedActivity) throws(FuzzInvariantViolation) -> RecordedActivity {
        let written = FITActivityWriter().write(activity)
        do {
            return try FITActivityReader().read(written)
        } catch {
            throw FuzzInvariantViolation(target: check.target, message: "FITActivityWriter's output is refused: \(error)")
        }
    }
}
