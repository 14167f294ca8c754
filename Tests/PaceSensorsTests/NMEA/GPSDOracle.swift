import Foundation
import PaceModel
import PaceSensors

/// gpsd's expected decoding of a regression log (`*.log.chk`): the TPV fixes it reported.
struct GPSDOracle {
    /// One TPV report with a fix (mode 2 or 3) and a time.
    struct Fix {
        var milliseconds: Int
        var latitude: Double
        var longitude: Double
        var altitudeMSL: Double?
        var speed: Double?
        var track: Double?
    }

    /// The last fix gpsd reported for each time, keyed by milliseconds since 1970.
    var fixes: [Int: Fix] = [:]
    /// Fixes gpsd reported without a time (it had no date yet), as (latitude, longitude).
    var untimed: [(Double, Double)] = []

    init(checkFile url: URL) throws {
        let text = try String(contentsOf: url, encoding: .isoLatin1)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("{\"class\":\"TPV\"") {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let mode = object["mode"] as? Int, mode >= 2,
                  let lat = object["lat"] as? Double, let lon = object["lon"] as? Double else { continue }
            guard let timeText = object["time"] as? String, let time = formatter.date(from: timeText) else {
                untimed.append((lat, lon))
                continue
            }
            let key = Int((time.timeIntervalSince1970 * 1000).rounded())
            fixes[key] = Fix(milliseconds: key, latitude: lat, longitude: lon,
                             altitudeMSL: (object["altMSL"] ?? object["alt"]) as? Double,
                             speed: object["speed"] as? Double, track: object["track"] as? Double)
        }
    }
}
