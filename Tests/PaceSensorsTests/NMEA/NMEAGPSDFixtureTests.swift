import Foundation
import PaceModel
import PaceSensors
import Testing

/// Pace's merged fixes against gpsd's own decoding (`*.log.chk`) for the logs copied into
/// `Fixtures/nmea`. Every TPV fix gpsd produced must match Pace's location for the same time
/// (time exact to the millisecond; latitude/longitude within 1e-6°; altitude within 0.01 m,
/// speed within 0.001 m/s, course within 0.0001°); fixes only one side has are listed and explained.
@Suite struct NMEAGPSDFixtureTests {
    struct Expectation: CustomTestStringConvertible, Sendable {
        var log: String
        var gpsdFixes: Int
        var paceOnly: [String]
        var why: String
        var testDescription: String { log }
    }

    static let expectations: [Expectation] = [
        Expectation(log: "gpsd-ublox-lea-4h.log", gpsdFixes: 8, paceOnly: ["2006-08-10T03:15:18.000Z"],
                    why: "the log ends before that epoch's ZDA, the cycle-ender gpsd waits for; Pace flushes at end of stream"),
        Expectation(log: "gpsd-motorola-t805.log", gpsdFixes: 15, paceOnly: ["2007-12-18T21:26:14.879Z"],
                    why: "gpsd reported this fix without a time (its TPV has lat/lon but no time)"),
        Expectation(log: "gpsd-nl2008u.log", gpsdFixes: 9, paceOnly: [], why: "GN talker with GP/GL GSV"),
        Expectation(log: "gpsd-nmea-fuzzy-cases.log", gpsdFixes: 14, paceOnly: [], why: "GP/GN mix, 8-decimal minutes, 10 Hz"),
        Expectation(log: "gpsd-gp-320fw-2019-04-07-coldboot.log", gpsdFixes: 1, paceOnly: [],
                    why: "garbage, truncated lines, bad checksums, rollover dates without fix"),
        Expectation(log: "gpsd-firefly-II.log", gpsdFixes: 23, paceOnly: [],
                    why: "every GGA fails its checksum; fixes come from RMC alone"),
    ]

    @Test(arguments: expectations)
    func paceAgreesWithGPSD(_ expected: Expectation) throws {
        let comparison = try GPSDComparison(log: NMEATest.fixture(expected.log))
        #expect(comparison.gpsdFixes == expected.gpsdFixes)
        #expect(comparison.onlyGPSD.map(GPSDComparison.stamp) == [], "gpsd fixes Pace missed")
        #expect(comparison.onlyPace.map(GPSDComparison.stamp) == expected.paceOnly, "\(expected.why)")
        #expect(comparison.matched == expected.gpsdFixes)
        #expect(comparison.valueMismatches == [])
        #expect(comparison.rolloverShifted == 0)
    }

    @Test func fixLossAndRecoveryFollowTheReceiver() throws {
        // u-blox LEA-4H: no fix, 4 fixes, lost, 2 fixes, lost (time jump), fixes again.
        var decoder = NMEAStreamDecoder(configuration: .init(rollover: .disabled))
        let events = decoder.decode(Array(try Data(contentsOf: NMEATest.fixture("gpsd-ublox-lea-4h.log")))) + decoder.finish()
        let shape = events.compactMap { event -> String? in
            switch event {
            case .reading: "fix"
            case .disconnected: "lost"
            case .reconnected: "back"
            case .skipped: nil
            }
        }
        #expect(shape == ["lost", "back", "fix", "fix", "fix", "fix", "lost", "back", "fix", "fix", "fix", "fix", "fix"])
    }

    @Test func firstFixCarriesGPSDValuesAndDocumentedAccuracy() throws {
        let events = NMEATest.decode(try String(contentsOf: NMEATest.fixture("gpsd-ublox-lea-4h.log"), encoding: .utf8))
        let fix = try #require(NMEATest.locations(events).first)
        // gpsd: {"time":"2006-08-10T03:08:58.000Z","lat":49.130888500,"lon":-122.719957167,"altMSL":516.7,"track":323.14,"speed":0.540}
        #expect(fix.timestamp == NMEATest.utc(2006, 8, 10, 3, 8, 58))
        #expect(abs(fix.latitude - 49.130888500) < 1e-9 && abs(fix.longitude - -122.719957167) < 1e-9)
        #expect(fix.altitude == 516.7 && fix.course == 323.14 && abs(fix.speed - 0.540) < 0.0005)
        // HDOP 9.97 × 5 m; the GSA says 2D, so no vertical accuracy.
        #expect(abs(fix.horizontalAccuracy - 49.85) < 1e-9 && fix.verticalAccuracy == -1)
    }
}
