import Foundation
import PaceModel
import PaceSensors

extension FuzzTarget {
    /// gpsd's JSON: each line through ``GPSDMessage/init(line:)``. A report's location, when it has
    /// one, is a valid route location; a refusal is a ``GPSDDecodingError`` with an excerpt of at most 160 characters and an ellipsis.
    static let gpsd = FuzzTarget(
        name: "gpsd",
        summary: "GPSDMessage: TPV locations valid, refusals typed",
        seedFiles: [FuzzSeedFiles("Tests/PaceSensorsTests/Fixtures/gpsd", extensions: ["jsonl"])]
    ) { (data) throws(FuzzInvariantViolation) -> FuzzOutcome in
        let check = FuzzCheck(target: "gpsd")
        var refused: String?
        for (index, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).enumerated() {
            let message: GPSDMessage
            do throws(GPSDDecodingError) {
                message = try GPSDMessage(line: line)
            } catch {
                switch error {
                case .notJSON(let excerpt), .missingClass(let excerpt), .invalidField(_, _, _, let excerpt):
                    try check.require(excerpt.count <= 161, "line \(index): an excerpt of \(excerpt.count) characters")
                case .fixWithoutTime, .fixWithoutPosition:
                    break
                }
                refused = refused ?? error.reason
                continue
            }
            if case .tpv(let tpv) = message, let location = tpv.location {
                try check.location(location, "line \(index)")
            }
        }
        return refused.map { .refused(code: $0) } ?? .decoded
    }
}
