import Foundation
import PaceModel
import PaceSensors

/// How Pace's merged locations for one log agree with gpsd's fixes.
struct GPSDComparison: CustomStringConvertible {
    var file: String
    var gpsdFixes = 0
    var paceFixes = 0
    var matched = 0
    var onlyGPSD: [Int] = []
    var onlyPace: [Int] = []
    /// gpsd fixes matched only after shifting Pace's time by a multiple of 1024 weeks (gpsd's
    /// regression run pins dates before its build era forward by one GPS week rollover).
    var rolloverShifted = 0
    /// Pace-only fixes that gpsd also reported, but without a time (it had not seen a date yet).
    var onlyPaceGPSDUntimed = 0
    var valueMismatches: [String] = []
    var skipped: [String: Int] = [:]

    /// Fixes reported by both with equal values, over fixes reported by either.
    var agreement: Double {
        let union = matched + onlyGPSD.count + onlyPace.count
        return union == 0 ? 1 : Double(matched - valueMismatches.count) / Double(union)
    }

    var description: String {
        let percent = (agreement * 1000).rounded() / 10
        return "\(file): gpsd \(gpsdFixes) fixes, Pace \(paceFixes), matched \(matched), "
            + "gpsd-only \(onlyGPSD.count), Pace-only \(onlyPace.count) (gpsd untimed \(onlyPaceGPSDUntimed)), rollover-shifted \(rolloverShifted), value mismatches \(valueMismatches.count), "
            + "agreement \(percent) %; skipped \(skipped.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))"
    }

    /// An ISO 8601 UTC time with milliseconds for `milliseconds` since 1970.
    static func stamp(_ milliseconds: Int) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }

    /// Decodes `log` with Pace and compares it with gpsd's `log.chk`.
    init(log: URL) throws {
        file = log.lastPathComponent
        let oracle = try GPSDOracle(checkFile: URL(fileURLWithPath: log.path + ".chk"))
        gpsdFixes = oracle.fixes.count
        var decoder = NMEAStreamDecoder(configuration: .init(rollover: .disabled))
        let bytes = try Data(contentsOf: log)
        var events = decoder.decode(bytes)
        events += decoder.finish()
        var pace: [Int: RouteLocation] = [:]
        for event in events {
            switch event {
            case .reading(let reading):
                if case .location(let location) = reading.value {
                    pace[Int((location.timestamp.timeIntervalSince1970 * 1000).rounded())] = location
                }
            case .skipped(let skip):
                skipped[skip.reason, default: 0] += 1
            default: break
            }
        }
        paceFixes = pace.count
        let period = Int(GPSWeekRollover.period * 1000)
        var used = Set<Int>()
        for (key, fix) in oracle.fixes.sorted(by: { $0.key < $1.key }) {
            var found = pace[key].map { (key, $0) }
            if found == nil {
                for eras in 1...2 where pace[key - eras * period] != nil {
                    found = (key - eras * period, pace[key - eras * period]!)
                    rolloverShifted += 1
                    break
                }
            }
            guard let (paceKey, location) = found else { onlyGPSD.append(key); continue }
            used.insert(paceKey)
            matched += 1
            var problems: [String] = []
            if abs(location.latitude - fix.latitude) > 1e-6 || abs(location.longitude - fix.longitude) > 1e-6 {
                problems.append("position off by (\(location.latitude - fix.latitude), \(location.longitude - fix.longitude)) deg")
            }
            if let alt = fix.altitudeMSL, location.verticalAccuracy >= 0 || location.altitude != 0, abs(location.altitude - alt) > 0.01 {
                problems.append("altitude \(location.altitude) vs \(alt)")
            }
            if let speed = fix.speed, location.speed >= 0, abs(location.speed - speed) > 0.001 {
                problems.append("speed \(location.speed) vs \(speed)")
            }
            if let track = fix.track, location.course >= 0, abs(location.course - track) > 0.0001 {
                problems.append("course \(location.course) vs \(track)")
            }
            if !problems.isEmpty {
                valueMismatches.append("\(Self.stamp(key)): " + problems.joined(separator: ", "))
            }
        }
        onlyPace = pace.keys.filter { !used.contains($0) }.sorted()
        onlyPaceGPSDUntimed = onlyPace.filter { key in
            oracle.untimed.contains { abs($0.0 - pace[key]!.latitude) <= 1e-6 && abs($0.1 - pace[key]!.longitude) <= 1e-6 }
        }.count
    }
}
