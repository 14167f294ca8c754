import Foundation
import PaceModel
import PaceSensors
import Testing

@Suite struct NMEAEpochMergerTests {
    private let s = NMEATest.sentence

    @Test func oneEpochBecomesOneLocationWithAllValues() throws {
        let text = [
            "$GPRMC,030858.00,A,4907.85331,N,12243.19743,W,1.049,323.14,100806,,,A*76",
            "$GPVTG,323.14,T,,M,1.049,N,1.943,K,A*39",
            "$GPGGA,030858.00,4907.85331,N,12243.19743,W,1,03,9.97,516.7,M,-16.7,M,,*6C",
            s("GPGSA,A,3,28,04,02,,,,,,,,,,10.02,9.97,1.50"),
            "$GPGLL,4907.85331,N,12243.19743,W,030858.00,A,A*75",
            "$GPZDA,030858.00,10,08,2006,00,00*6D",
        ].joined(separator: "\r\n") + "\r\n"
        let events = NMEATest.decode(text)
        let locations = NMEATest.locations(events)
        #expect(locations.count == 1)
        let fix = try #require(locations.first)
        #expect(fix.timestamp == NMEATest.utc(2006, 8, 10, 3, 8, 58))
        #expect(abs(fix.latitude - 49.130888500) < 1e-9 && abs(fix.longitude - -122.719957167) < 1e-9)
        #expect(fix.altitude == 516.7)
        #expect(abs(fix.speed - 1.049 * 1852 / 3600) < 1e-12) // 1.049 kn
        #expect(fix.course == 323.14)
        #expect(abs(fix.horizontalAccuracy - 9.97 * 5) < 1e-9)
        #expect(abs(fix.verticalAccuracy - 1.50 * 5) < 1e-9)
        #expect(fix.speedAccuracy == -1 && fix.courseAccuracy == -1)
        guard case .reading(let reading) = events.first(where: { if case .reading = $0 { true } else { false } }) else { return }
        #expect(reading.time == fix.timestamp)
    }

    @Test func differentialAndRTKFixesUseSmallerRangeErrors() throws {
        let events = NMEATest.decode([
            "$GPGGA,132820.60,4134.49821229,N,09345.03351845,W,2,09,1.0,278.020,M,-31.442,M,7.6,0133*7E",
            "$GPRMC,132820.60,A,4134.49821229,N,09345.03351845,W,3.252,92.308,180320,11.5985,E,D*1A",
            "$GNGGA,133900.00,4134.50180323,N,09345.03586581,W,4,19,0.7,280.827,M,-31.442,M,6.0,0002*61",
            "$GNRMC,133900.00,A,4134.50180323,N,09345.03586581,W,0.008,0.000,180320,11.5982,E,D*31",
        ].joined(separator: "\n") + "\n")
        let fixes = NMEATest.locations(events)
        #expect(fixes.count == 2)
        #expect(fixes[0].horizontalAccuracy == 1.0 * 1)
        #expect(abs(fixes[1].horizontalAccuracy - 0.7 * 0.02) < 1e-12)
        #expect(fixes[0].timestamp == NMEATest.utc(2020, 3, 18, 13, 28, 20.6))
        // No GSA: altitude is valid but its accuracy was not reported.
        #expect(fixes[0].verticalAccuracy == 0)
    }

    @Test func twoDimensionalFixHasNoVerticalAccuracyAndMissingDOPMeansUnreported() {
        let twoD = NMEATest.decode([
            s("GPGGA,120000,4807.000,N,01131.000,E,1,03,2.0,545.4,M,46.9,M,,"),
            s("GPRMC,120000,A,4807.000,N,01131.000,E,0,,010120,,,A"),
            s("GPGSA,A,2,01,02,03,,,,,,,,,,2.5,2.0,1.5"),
            s("GPRMC,120001,A,4807.000,N,01131.000,E,,,010120,,,A"),
        ].joined(separator: "\n") + "\n")
        let fixes = NMEATest.locations(twoD)
        #expect(fixes.count == 2)
        #expect(fixes[0].verticalAccuracy == -1 && fixes[0].altitude == 545.4)
        #expect(fixes[0].speed == 0 && fixes[0].course == -1)
        // RMC only: no DOP (accuracy 0 = valid, not reported), no altitude, no speed.
        #expect(fixes[1].horizontalAccuracy == 0 && fixes[1].verticalAccuracy == -1 && fixes[1].speed == -1)
    }

    @Test func vtgSuppliesSpeedAndCourseWhenRMCIsAbsent() throws {
        let events = NMEATest.decode([
            s("GPZDA,120000,01,01,2020,,"),
            s("GPGGA,120000,4807.000,N,01131.000,E,1,08,1.0,545.4,M,46.9,M,,"),
            s("GPVTG,370.5,T,,M,,N,36.0,K,A"),
        ].joined(separator: "\n") + "\n")
        let fix = try #require(NMEATest.locations(events).first)
        #expect(abs(fix.speed - 10) < 1e-12)
        #expect(abs(fix.course - 10.5) < 1e-9)
    }

    @Test func gnsSuppliesAltitudeAndHDOPWhenThereIsNoGGA() throws {
        let events = NMEATest.decode(try String(contentsOf: NMEATest.fixture("pynmeagps-badeof.log"), encoding: .utf8))
        let fix = try #require(NMEATest.locations(events).first)
        #expect(fix.altitude == 56.0 && abs(fix.horizontalAccuracy - 5.88 * 5) < 1e-9 && fix.verticalAccuracy == 0)
        #expect(abs(fix.speed - 0.046 * 1852 / 3600) < 1e-12 && fix.course == -1)
        let lost = NMEATest.decode(NMEATest.sentence("GNGNS,120000,,,,,NNNN,00,,,,,,V") + "\n")
        #expect(lost == [.disconnected(.location, reason: "GPS has no fix (GNS mode N); move to open sky")])
        let starting = NMEATest.decode(NMEATest.sentence("GNGNS,,,,,,NNNN,00,,,,,,V") + "\n")
        #expect(starting == [.disconnected(.location, reason: "GPS has no fix (GNS mode N, no time yet); move to open sky")])
    }

    @Test func dateIsCarriedAcrossMidnightWhenOnlyGGAFollows() {
        let events = NMEATest.decode([
            s("GPRMC,235959,A,4807.000,N,01131.000,E,0,0,311219,,,A"),
            s("GPGGA,235959,4807.000,N,01131.000,E,1,08,1.0,545.4,M,46.9,M,,"),
            s("GPGGA,000000,4807.000,N,01131.000,E,1,08,1.0,545.4,M,46.9,M,,"),
            s("GPGGA,000001,4807.000,N,01131.000,E,1,08,1.0,545.4,M,46.9,M,,"),
        ].joined(separator: "\n") + "\n")
        #expect(NMEATest.locations(events).map(\.timestamp) == [
            NMEATest.utc(2019, 12, 31, 23, 59, 59), NMEATest.utc(2020, 1, 1, 0, 0, 0), NMEATest.utc(2020, 1, 1, 0, 0, 1),
        ])
    }

    @Test func fixBeforeAnyDateIsSkippedWithAReason() {
        let events = NMEATest.decode(s("GPGGA,120000,4807.000,N,01131.000,E,1,08,1.0,545.4,M,46.9,M,,") + "\n")
        #expect(NMEATest.locations(events).isEmpty)
        #expect(NMEATest.skipCounts(events) == ["nmea.no-date": 1])
    }

    @Test func zdaFourDigitYearWinsOverRMC() throws {
        let events = NMEATest.decode([
            s("GPRMC,120000,A,4807.000,N,01131.000,E,0,0,010199,,,A"),
            s("GPZDA,120000,01,01,2099,,"),
        ].joined(separator: "\n") + "\n")
        #expect(try #require(NMEATest.locations(events).first).timestamp == NMEATest.utc(2099, 1, 1, 12))
    }

    @Test func weekRolloverIsCorrectedAgainstTheReferenceClock() throws {
        // A receiver pinned to the 1999 era reports 1999-08-22 on 2019-04-07.
        let text = s("GPRMC,000425.00,A,4808.9992,N,01135.0798,E,0.1,0,220899,,,A") + "\n"
        let reference = NMEATest.utc(2019, 4, 7, 1)
        let corrected = NMEATest.decode(text, rollover: GPSWeekRollover(reference: { reference }))
        #expect(try #require(NMEATest.locations(corrected).first).timestamp == NMEATest.utc(2019, 4, 7, 0, 4, 25))
        // Far from any rollover multiple of the reference: an old log keeps its date.
        let later = NMEATest.utc(2026, 11, 22)
        let kept = NMEATest.decode(text, rollover: GPSWeekRollover(reference: { later }))
        #expect(try #require(NMEATest.locations(kept).first).timestamp == NMEATest.utc(1999, 8, 22, 0, 4, 25))
        #expect(GPSWeekRollover.disabled.corrected(NMEATest.utc(1999, 8, 22)) == NMEATest.utc(1999, 8, 22))
        #expect(GPSWeekRollover.period == 619_315_200)
    }

    @Test func fixLossIsReportedOnceAndRecoveryReconnects() {
        let good = { (t: String) in [
            self.s("GPRMC,\(t),A,4807.000,N,01131.000,E,0,0,010120,,,A"),
            self.s("GPGGA,\(t),4807.000,N,01131.000,E,1,08,1.0,545.4,M,46.9,M,,"),
        ] }
        let text = (good("120000") + [
            s("GPRMC,120001,V,,,,,,,010120,,,N"), s("GPGGA,120001,,,,,0,00,,,,,,,"),
            s("GPRMC,120002,V,,,,,,,010120,,,N"),
        ] + good("120003") + good("120004")).joined(separator: "\n") + "\n"
        let events = NMEATest.decode(text).filter { if case .skipped = $0 { false } else { true } }
        #expect(events.count == 5)
        guard events.count == 5 else { return }
        #expect({ if case .reading = events[0] { true } else { false } }())
        #expect(events[1] == .disconnected(.location, reason: "GPS has no fix (GGA fix quality 0); move to open sky"))
        #expect(events[2] == .reconnected(.location))
        #expect({ if case .reading = events[3] { true } else { false } }())
        #expect({ if case .reading = events[4] { true } else { false } }())
    }

    @Test func everyNoFixIndicatorIsRecognised() {
        let cases: [(String, String)] = [
            (s("GPGGA,120000,4807.000,N,01131.000,E,0,08,1.0,545.4,M,46.9,M,,"), "GGA fix quality 0"),
            (s("GPRMC,120000,V,4807.000,N,01131.000,E,0,0,010120,,,A"), "RMC status V"),
            (s("GPRMC,120000,A,4807.000,N,01131.000,E,0,0,010120,,,N"), "RMC mode N"),
            (s("GPGLL,4807.000,N,01131.000,E,120000,V,A"), "GLL status V"),
            (s("GPRMC,120000,A,4807.000,N,01131.000,E,0,0,010120,,,A") + "\n" + s("GPGSA,A,1,,,,,,,,,,,,,,,"), "GSA fix mode 1"),
        ]
        for (text, reason) in cases {
            let events = NMEATest.decode(text + "\n")
            #expect(events.contains(.disconnected(.location, reason: "GPS has no fix (\(reason)); move to open sky")), "\(reason)")
            #expect(NMEATest.locations(events).isEmpty, "\(reason)")
        }
    }

    @Test func receiverStartingUpWithoutTimeReportsNoFix() throws {
        let events = NMEATest.decode(try String(contentsOf: NMEATest.fixture("pynmeagps-nmeastartup.log"), encoding: .utf8))
        #expect(events == [.disconnected(.location, reason: "GPS has no fix (RMC status V, no time yet); move to open sky")])
    }

    @Test func multiConstellationGSAsAreMergedIntoOneFix() throws {
        let events = NMEATest.decode(try String(contentsOf: NMEATest.fixture("pynmeagps-nmea4.log"), encoding: .utf8))
        let fixes = NMEATest.locations(events)
        #expect(fixes.count == 1)
        let fix = try #require(fixes.first)
        // GGA wins over the RMC of the same epoch (whose longitude differs in this test file).
        #expect(abs(fix.longitude - -(2 + 14.42462 / 60)) < 1e-9)
        #expect(abs(fix.horizontalAccuracy - 5.88 * 5) < 1e-9 && abs(fix.verticalAccuracy - 7.62 * 5) < 1e-9)
        #expect(fix.timestamp == NMEATest.utc(2021, 3, 6, 10, 36, 7))
    }

    @Test func corruptInputFilesAreSkippedWithCountedReasons() throws {
        let badChecksum = NMEATest.decode(try String(contentsOf: NMEATest.fixture("pynmeagps-nmeabadck.log"), encoding: .utf8))
        #expect(NMEATest.skipCounts(badChecksum) == ["nmea.checksum": 2])
        #expect(NMEATest.locations(badChecksum).count == 1)
        let badHeader = NMEATest.decode(try String(contentsOf: NMEATest.fixture("pynmeagps-BADHDR.log"), encoding: .utf8))
        #expect(NMEATest.skipCounts(badHeader)["nmea.bad-address"] == 1)
        let badEnd = NMEATest.decode(try String(contentsOf: NMEATest.fixture("pynmeagps-badeof.log"), encoding: .utf8))
        #expect(NMEATest.skipCounts(badEnd) == ["nmea.truncated": 1])
    }
}
