import Foundation
import PaceModel
import PaceSensors

extension FuzzTarget {
    /// NMEA 0183: ``NMEAStreamDecoder`` on any bytes (GPS week rollover correction off, so a run
    /// does not depend on the host clock). Feeding the bytes at once or in chunks of 1 to 13 bytes
    /// gives the same events; every location is a valid route location. An input decodes when it
    /// gives at least one location.
    static let nmea = FuzzTarget(
        name: "nmea",
        summary: "NMEAStreamDecoder: chunking does not change events, locations valid",
        seedFiles: [FuzzSeedFiles("Tests/PaceSensorsTests/Fixtures/nmea", extensions: ["log"])]
    ) { (data) throws(FuzzInvariantViolation) -> FuzzOutcome in
        let check = FuzzCheck(target: "nmea")
        let configuration = NMEAEpochMerger.Configuration(rollover: .disabled)
        var whole = NMEAStreamDecoder(configuration: configuration)
        let events = whole.decode(data) + whole.finish()
        var chunked = NMEAStreamDecoder(configuration: configuration)
        var chunkedEvents: [SensorEvent] = []
        var start = data.startIndex
        while start < data.endIndex {
            let end = min(start + 1 + (start - data.startIndex) % 13, data.endIndex)
            chunkedEvents += chunked.decode(data[start..<end])
            start = end
        }
        chunkedEvents += chunked.finish()
        try check.require(events == chunkedEvents, "\(events.count) events at once, \(chunkedEvents.count) in chunks (or other events)")
        var skipped: String?
        var readings = 0
        for (index, event) in events.enumerated() {
            switch event {
            case .reading(let reading):
                guard case .location(let location) = reading.value else {
                    throw FuzzInvariantViolation(target: "nmea", message: "event \(index): a reading that is not a location")
                }
                try check.location(location, "event \(index)")
                try check.require(reading.time == location.timestamp, "event \(index): reading time differs from the fix time")
                readings += 1
            case .skipped(let input):
                try check.require(input.reason.hasPrefix("nmea."), "event \(index): skip reason \(input.reason)")
                skipped = skipped ?? input.reason
            case .disconnected, .reconnected:
                break
            }
        }
        // A receiver's log always has some damaged sentences: it decoded when it gave a location.
        return readings > 0 ? .decoded : .refused(code: skipped ?? "nmea.noLocation")
    }
}
