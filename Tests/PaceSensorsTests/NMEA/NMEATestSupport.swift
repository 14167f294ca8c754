import Foundation
import PaceModel
import PaceSensors

/// Helpers shared by the NMEA tests.
enum NMEATest {
    /// `Tests/PaceSensorsTests/Fixtures/nmea/<name>`.
    static func fixture(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/nmea/\(name)")
    }

    /// A sentence with its checksum appended: `"GPGGA,…"` → `"$GPGGA,…*HH"`.
    static func sentence(_ body: String) -> String {
        let sum = body.utf8.reduce(UInt8(0), ^)
        let hex = String(sum, radix: 16, uppercase: true)
        return "$" + body + "*" + (hex.count == 1 ? "0" + hex : hex)
    }

    /// Parses one sentence given as text.
    static func parse(_ text: String, requiresChecksum: Bool = false) throws -> NMEASentence {
        try NMEASentenceParser(requiresChecksum: requiresChecksum).parse(Array(text.utf8))
    }

    /// Decodes `text` completely with rollover correction off.
    static func decode(_ text: String, rollover: GPSWeekRollover = .disabled) -> [SensorEvent] {
        var decoder = NMEAStreamDecoder(configuration: .init(rollover: rollover))
        return decoder.decode(Array(text.utf8)) + decoder.finish()
    }

    /// The locations among `events`.
    static func locations(_ events: [SensorEvent]) -> [RouteLocation] {
        events.compactMap {
            if case .reading(let reading) = $0, case .location(let location) = reading.value { return location }
            return nil
        }
    }

    /// Skip reasons among `events`, counted.
    static func skipCounts(_ events: [SensorEvent]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for case .skipped(let skip) in events { counts[skip.reason, default: 0] += 1 }
        return counts
    }

    /// A UTC date.
    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Double = 0) -> Date {
        let days = NMEADate(year: year, month: month, day: day).daysSinceUnixEpoch
        return Date(timeIntervalSince1970: Double(days) * 86_400 + Double(hour * 3600 + minute * 60) + second)
    }
}
