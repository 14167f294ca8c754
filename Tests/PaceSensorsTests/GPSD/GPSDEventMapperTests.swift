import Foundation
import PaceModel
@testable import PaceSensors
import Testing

@Suite struct GPSDEventMapperTests {
    static func events(_ outputs: [GPSDEventMapper.Output]) -> [SensorEvent] {
        outputs.compactMap { if case .event(let event) = $0 { event } else { nil } }
    }

    @Test func recordedSessionGoesDownUpDownUpAndEndsWithTheDeviceClosing() throws {
        var mapper = GPSDEventMapper(endpoint: "localhost:2947")
        var outputs: [GPSDEventMapper.Output] = []
        for line in try GPSDFixtures.lines("gpsd-3.22-ublox-lea-4h.jsonl") {
            outputs += mapper.map(line: Array(line.utf8))
        }
        let events = Self.events(outputs)
        // TPV modes in the recording: 1×8, 3×4, 1, 3×5; then DEVICE "activated":0 twice.
        let shape = events.map { event -> String in
            switch event {
            case .disconnected(.location, let reason):
                reason.contains("no fix (mode 1)") ? "nofix" : reason.contains("closed the GPS device /dev/pts/0") ? "closed" : "other"
            case .reconnected(.location): "up"
            case .reading: "fix"
            default: "unexpected \(event)"
            }
        }
        #expect(shape == ["nofix", "up", "fix", "fix", "fix", "fix", "nofix", "up", "fix", "fix", "fix", "fix", "fix", "closed"])
        #expect(outputs.filter { if case .sky = $0 { true } else { false } }.count == 14)
        #expect(mapper.isDown, "the session ends with the device closed")

        let first = try #require(events.compactMap(\.location).first)
        #expect(first.latitude == 49.1308885 && first.longitude == -122.719957167 && first.altitude == 516.7)
        #expect(first.horizontalAccuracy == 189.24 && first.verticalAccuracy == 23 && first.course == 323.14 && first.speed == 0.54)
        let reading = try #require(events.first { $0.location != nil })
        guard case .reading(let value) = reading else { return }
        #expect(value.time == first.timestamp && value.stream == .location)
    }

    @Test func connectionLossIsReportedOnceUntilAFixReturns() throws {
        var mapper = GPSDEventMapper(endpoint: "gps.local:2947")
        let refused = GPSDConnectionError.connectFailed(endpoint: "gps.local:2947", message: "Connection refused")
        #expect(Self.events(mapper.connectionLost(refused)) == [.disconnected(.location, reason: refused.description)])
        #expect(mapper.connectionLost(refused).isEmpty)
        #expect(mapper.connectionLost(.closedByServer(endpoint: "gps.local:2947")).isEmpty)
        #expect(mapper.map(line: Array(#"{"class":"TPV","mode":1}"#.utf8)).isEmpty, "already down: no second disconnect")
        let fix = #"{"class":"TPV","mode":2,"time":"2020-03-18T13:28:19.600Z","lat":41.5,"lon":-93.7,"eph":4.2}"#
        let back = Self.events(mapper.map(line: Array(fix.utf8)))
        #expect(back.count == 2 && back.first == .reconnected(.location) && back.last?.location?.horizontalAccuracy == 4.2)
        #expect(Self.events(mapper.map(line: Array(fix.utf8))).count == 1, "up: just the reading")
        #expect(refused.description.contains("gps.local:2947") && refused.description.contains("Connection refused"))
    }

    @Test func unusableLinesAreSkippedWithCountedReasons() {
        var mapper = GPSDEventMapper(endpoint: "localhost:2947")
        let lines = [
            "garbage{",
            #"{"no":"class"}"#,
            #"{"class":"TPV","mode":"three"}"#,
            #"{"class":"TPV","mode":3,"lat":41.5,"lon":-93.7}"#,
            #"{"class":"TPV","mode":3,"time":"2020-03-18T13:28:19.600Z","lat":141.5,"lon":-93.7}"#,
            #"{"class":"ERROR","message":"Unrecognized request 'WTCH'"}"#,
            #"{"class":"PPS","device":"/dev/pps0","real_sec":1}"#,
            #"{"class":"ATT","heading":14.2}"#,
        ]
        let events = lines.flatMap { Self.events(mapper.map(line: Array($0.utf8))) }
        #expect(events.compactMap(\.skipReason) == ["gpsd.json", "gpsd.class", "gpsd.field", "gpsd.tpv.time", "gpsd.tpv.position", "gpsd.error"])
        #expect(events.count == 6, "unknown classes produce nothing")
        #expect(!mapper.isDown, "bad lines do not take the stream down")
        guard case .skipped(let error) = events.last else { return }
        #expect(error.detail.contains("Unrecognized request 'WTCH'"))
    }

    @Test func linkProblemsAreSkips() {
        let mapper = GPSDEventMapper(endpoint: "localhost:2947")
        #expect(Self.events(mapper.linkProblem(.lineTooLong(70_000))).compactMap(\.skipReason) == ["gpsd.line-too-long"])
        #expect(Self.events(mapper.linkProblem(.dropped(12))).compactMap(\.skipReason) == ["gpsd.overflow"])
        #expect(mapper.linkProblem(.connected).isEmpty)
    }
}
