public import Foundation

/// An NMEA log of a straight run stamped with recent times (RMC and GGA once a second), for
/// tests that feed a live recorder from `nmea-file:`: a logged track of another day is not live
/// data and a live recorder skips it.
public enum LiveNMEALog {
    /// Writes `seconds` one-second epochs ending at `end`, moving north-east at `speed` metres per
    /// second from 47.3769° N 8.5417° E, to `url`.
    public static func write(to url: URL, seconds: Int, endingAt end: Date = Date(), speed: Double = 3) throws {
        var lines: [String] = []
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        for index in 0..<seconds {
            let time = end.addingTimeInterval(Double(index - seconds + 1))
            let metres = Double(index) * speed / 2.squareRoot()
            let latitude = 47.3769 + metres / 111_320
            let longitude = 8.5417 + metres / (111_320 * cos(47.3769 * .pi / 180))
            formatter.dateFormat = "HHmmss.SS"
            let clock = formatter.string(from: time)
            formatter.dateFormat = "ddMMyy"
            let day = formatter.string(from: time)
            let lat = coordinate(latitude, degreeDigits: 2), lon = coordinate(longitude, degreeDigits: 3)
            let knots = String(format: "%.2f", speed / 0.514444)
            lines.append(sentence("GPRMC,\(clock),A,\(lat),N,\(lon),E,\(knots),45.0,\(day),,,A"))
            lines.append(sentence("GPGGA,\(clock),\(lat),N,\(lon),E,1,09,0.8,410.0,M,48.0,M,,"))
        }
        try (lines.joined(separator: "\r\n") + "\r\n").write(to: url, atomically: true, encoding: .ascii)
    }

    /// `ddmm.mmmmm` (or `dddmm.mmmmm`) for positive decimal degrees.
    private static func coordinate(_ degrees: Double, degreeDigits: Int) -> String {
        let whole = Int(degrees)
        let minutes = (degrees - Double(whole)) * 60
        return String(format: "%0\(degreeDigits)d%08.5f", whole, minutes)
    }

    /// `$body*CS` with the XOR checksum.
    private static func sentence(_ body: String) -> String {
        let checksum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
        return "$" + body + String(format: "*%02X", checksum)
    }
}
