import Foundation
import PaceModel
import PaceSensors

extension FuzzTarget {
    /// gpsd's JSON: each line through ``GPSDMessage/init(line:)``. A report's location, when it has
    /// one, is a valid route location; a refusal is a ``GPSDDecodingError`` with an excerpt of at most 160 characters and an ellipsis.
    static let gpsd = FuzzTarget(
        name: "gpsd",
        summary: "GPSDMessage: TPV locations valid, refusals typed",
        seedFiles: [FuzzSeedFiles("Tests/PaceSensorsTests/Fixtures/gpsd", extensions: ["jsonl"])],
        generatedSeeds: {
            // One line of each class a client meets, as gpsd 3.22 writes them.
            [
                #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#,
                #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/ttyACM0","driver":"u-blox","activated":"2024-05-01T10:00:00.000Z","native":1,"bps":9600}]}"#,
                #"{"class":"TPV","device":"/dev/ttyACM0","mode":3,"time":"2024-05-01T10:00:01.000Z","ept":0.005,"lat":48.858370,"lon":2.294481,"altHAE":80.2,"altMSL":35.1,"epx":3.1,"epy":4.2,"epv":7.5,"track":87.3,"speed":2.71,"climb":0.1,"eps":0.4,"epc":15.0}"#,
                #"{"class":"SKY","device":"/dev/ttyACM0","hdop":0.9,"vdop":1.4,"satellites":[{"PRN":5,"el":45,"az":120,"ss":38,"used":true},{"PRN":12,"el":10,"az":300,"ss":20,"used":false}]}"#,
                #"{"class":"ERROR","message":"Unrecognized request 'FOO'"}"#,
            ].map { Data(($0 + "\n").utf8) }
        }
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
