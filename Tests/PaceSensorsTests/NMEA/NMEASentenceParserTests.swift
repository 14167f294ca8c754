import Foundation
import PaceSensors
import Testing

@Suite struct NMEASentenceParserTests {
    // MARK: GGA

    @Test func ggaDecodesEveryField() throws {
        let sentence = try NMEATest.parse("$GPGGA,132820.60,4134.49821229,N,09345.03351845,W,2,09,1.0,278.020,M,-31.442,M,7.6,0133*7E")
        #expect(sentence.talker == .gps && sentence.type == "GGA" && sentence.hadChecksum)
        guard case .gga(let gga) = sentence.content else { Issue.record("not GGA"); return }
        #expect(gga.time == NMEATimeOfDay(hour: 13, minute: 28, second: 20, microsecond: 600_000))
        #expect(abs(gga.latitude! - 41.574970205) < 1e-9)
        #expect(abs(gga.longitude! - -93.750558641) < 1e-9)
        #expect(gga.quality == .differential)
        #expect(gga.satellitesUsed == 9)
        #expect(gga.hdop == 1.0)
        #expect(gga.altitudeMSL == 278.020)
        #expect(gga.geoidSeparation == -31.442)
        #expect(gga.differentialAge == 7.6)
        #expect(gga.differentialStation == 133)
    }

    @Test func ggaWithoutFixHasNilFields() throws {
        let sentence = try NMEATest.parse("$GPGGA,030851.00,,,,,0,03,9.93,,,,,,*59")
        guard case .gga(let gga) = sentence.content else { Issue.record("not GGA"); return }
        #expect(gga.latitude == nil && gga.longitude == nil && gga.altitudeMSL == nil && gga.geoidSeparation == nil)
        #expect(gga.quality == .invalid && gga.quality?.isFix == false)
        #expect(gga.satellitesUsed == 3 && gga.hdop == 9.93)
        #expect(gga.differentialAge == nil && gga.differentialStation == nil)
    }

    @Test func ggaRTKQualities() throws {
        let fixed = try NMEATest.parse("$GNGGA,133900.00,4134.50180323,N,09345.03586581,W,4,19,0.7,280.827,M,-31.442,M,6.0,0002*61")
        guard case .gga(let gga) = fixed.content else { Issue.record("not GGA"); return }
        #expect(gga.quality == .rtkFixed && fixed.talker == .combined)
    }

    // MARK: RMC

    @Test func rmcNMEA23WithModeIndicator() throws {
        let sentence = try NMEATest.parse("$GPRMC,030858.00,A,4907.85331,N,12243.19743,W,1.049,323.14,100806,,,A*76")
        guard case .rmc(let rmc) = sentence.content else { Issue.record("not RMC"); return }
        #expect(rmc.time == NMEATimeOfDay(hour: 3, minute: 8, second: 58))
        #expect(rmc.status == .valid)
        #expect(abs(rmc.latitude! - 49.1308885) < 1e-9)
        #expect(abs(rmc.longitude! - -122.71995716666) < 1e-9)
        #expect(rmc.speedKnots == 1.049 && rmc.courseTrue == 323.14)
        #expect(rmc.date == NMEADate(year: 2006, month: 8, day: 10))
        #expect(rmc.magneticVariation == nil)
        #expect(rmc.mode == .autonomous && rmc.navigationStatus == nil)
    }

    @Test func rmcNMEA41WithNavigationalStatus() throws {
        let sentence = try NMEATest.parse("$GNRMC,103607.00,A,5327.03942,N,10214.42462,W,0.046,,060321,,,A,V*0E")
        guard case .rmc(let rmc) = sentence.content else { Issue.record("not RMC"); return }
        #expect(rmc.courseTrue == nil)
        #expect(rmc.mode == .autonomous)
        #expect(rmc.navigationStatus == .notValid)
        #expect(rmc.date == NMEADate(year: 2021, month: 3, day: 6))
    }

    @Test func rmcMagneticVariationSignAndDifferentialMode() throws {
        let east = try NMEATest.parse("$GPRMC,132820.60,A,4134.49821229,N,09345.03351845,W,3.252,92.308,180320,11.5985,E,D*1A")
        guard case .rmc(let rmc) = east.content else { Issue.record("not RMC"); return }
        #expect(rmc.magneticVariation == 11.5985 && rmc.mode == .differential)
        let west = try NMEATest.parse(NMEATest.sentence("GPRMC,120000,A,0000.000,N,00000.000,E,0,0,010120,3.1,W,A"))
        guard case .rmc(let rmcWest) = west.content else { Issue.record("not RMC"); return }
        #expect(rmcWest.magneticVariation == -3.1)
        #expect(rmcWest.date == NMEADate(year: 2020, month: 1, day: 1))
    }

    @Test func rmcWithModeInPlaceOfVariationDirection() throws {
        // Motorola T805 sends "0,A": variation 0 without E/W, then the mode.
        let sentence = try NMEATest.parse("$GPRMC,212614.879,A,4839.9488,N,00214.8863,E,0.56,344.41,181207,0,A*77")
        guard case .rmc(let rmc) = sentence.content else { Issue.record("not RMC"); return }
        #expect(rmc.mode == .autonomous && rmc.magneticVariation == 0)
        #expect(rmc.time == NMEATimeOfDay(hour: 21, minute: 26, second: 14, microsecond: 879_000))
    }

    @Test func twoDigitYearsPivotOnGPSEpoch() throws {
        for (field, year) in [("220899", 1999), ("070419", 2019), ("010180", 1980), ("311279", 2079)] {
            let sentence = try NMEATest.parse(NMEATest.sentence("GPRMC,000000,V,,,,,,,\(field),,,N"))
            guard case .rmc(let rmc) = sentence.content else { Issue.record("not RMC"); return }
            #expect(rmc.date?.year == year, "\(field)")
        }
        #expect(throws: NMEAParseError.self) { try NMEATest.parse(NMEATest.sentence("GPRMC,000000,V,,,,,,,310219,,,N")) }
    }

    // MARK: GSA

    @Test func gsaNMEA41WithSystemID() throws {
        let gps = try NMEATest.parse("$GNGSA,A,3,14,23,10,17,15,19,24,13,,,,,1.18,0.66,0.98,1*03")
        guard case .gsa(let gsa) = gps.content else { Issue.record("not GSA"); return }
        #expect(gsa.selection == .automatic && gsa.fixMode == .threeDimensional)
        #expect(gsa.satellitesUsed == [14, 23, 10, 17, 15, 19, 24, 13])
        #expect(gsa.pdop == 1.18 && gsa.hdop == 0.66 && gsa.vdop == 0.98)
        #expect(gsa.system == .gps)
        let galileo = try NMEATest.parse("$GNGSA,A,3,02,08,07,30,,,,,,,,,1.18,0.66,0.98,3*04")
        guard case .gsa(let gsaGalileo) = galileo.content else { Issue.record("not GSA"); return }
        #expect(gsaGalileo.system == .galileo)
    }

    @Test func gsaWithoutFix() throws {
        let sentence = try NMEATest.parse("$GPGSA,A,1,28,04,02,,,,,,,,,,9.98,9.93,1.00*06")
        guard case .gsa(let gsa) = sentence.content else { Issue.record("not GSA"); return }
        #expect(gsa.fixMode == NMEAGSA.FixMode.none && gsa.system == nil && gsa.satellitesUsed == [28, 4, 2])
    }

    // MARK: GSV

    @Test func gsvWithSignalIDAndEmptySNR() throws {
        let sentence = try NMEATest.parse("$GPGSV,3,1,11,01,06,014,08,12,43,207,28,14,06,049,,15,44,171,23,1*6B")
        guard case .gsv(let gsv) = sentence.content else { Issue.record("not GSV"); return }
        #expect(gsv.sentenceCount == 3 && gsv.sentenceNumber == 1 && gsv.satellitesInView == 11)
        #expect(gsv.satellites.map(\.id) == [1, 12, 14, 15])
        #expect(gsv.satellites[2].snr == nil && gsv.satellites[2].elevation == 6 && gsv.satellites[2].azimuth == 49)
        #expect(gsv.signalID == 1)
        let hexSignal = try NMEATest.parse("$GLGSV,3,2,10,75,37,057,,76,78,303,18,77,27,253,21,84,19,018,,B*07")
        guard case .gsv(let glonass) = hexSignal.content else { Issue.record("not GSV"); return }
        #expect(glonass.signalID == 11 && hexSignal.talker.system == .glonass)
    }

    @Test func gsvWithoutSignalIDAndMissingPositions() throws {
        let old = try NMEATest.parse("$GPGSV,1,1,03,28,28,095,33,04,30,150,46,02,07,178,32*4D")
        guard case .gsv(let gsv) = old.content else { Issue.record("not GSV"); return }
        #expect(gsv.signalID == nil && gsv.satellites.count == 3 && gsv.satellites[1].snr == 46)
        let beidou = try NMEATest.parse("$GBGSV,1,1,02,21,,,15,25,,,28,1*7E")
        guard case .gsv(let bd) = beidou.content else { Issue.record("not GSV"); return }
        #expect(bd.satellites[0].elevation == nil && bd.satellites[0].snr == 15 && beidou.talker.system == .beidou)
    }

    @Test func gsvWithBrokenSatelliteGroupIsRejected() {
        // From the gpsd cold-boot log: valid checksum, malformed body.
        #expect(throws: NMEAParseError.self) { try NMEATest.parse("$GPGSV,3,3,12,2,40,16,00,090,*72") }
    }

    // MARK: VTG, GLL, ZDA

    @Test func vtgModernAndLegacyLayouts() throws {
        let modern = try NMEATest.parse("$GPVTG,323.14,T,,M,1.049,N,1.943,K,A*39")
        guard case .vtg(let vtg) = modern.content else { Issue.record("not VTG"); return }
        #expect(vtg.courseTrue == 323.14 && vtg.courseMagnetic == nil && vtg.speedKnots == 1.049)
        #expect(vtg.speedKilometersPerHour == 1.943 && vtg.mode == .autonomous)
        #expect(abs(vtg.speedMetersPerSecond! - 1.049 * 1852 / 3600) < 1e-12)
        let legacy = try NMEATest.parse("$GPVTG,054.7,034.4,005.5,010.2")
        guard case .vtg(let old) = legacy.content else { Issue.record("not VTG"); return }
        #expect(old.courseTrue == 54.7 && old.courseMagnetic == 34.4 && old.speedKnots == 5.5 && old.speedKilometersPerHour == 10.2)
        #expect(legacy.hadChecksum == false)
        let empty = try NMEATest.parse("$GPVTG,,,,,,,,,N*30")
        guard case .vtg(let none) = empty.content else { Issue.record("not VTG"); return }
        #expect(none.speedMetersPerSecond == nil && none.mode == .notValid)
    }

    @Test func gllWithStatusAndMode() throws {
        let valid = try NMEATest.parse("$GPGLL,4907.85331,N,12243.19743,W,030858.00,A,A*75")
        guard case .gll(let gll) = valid.content else { Issue.record("not GLL"); return }
        #expect(abs(gll.latitude! - 49.1308885) < 1e-9 && gll.status == .valid && gll.mode == .autonomous)
        #expect(gll.time == NMEATimeOfDay(hour: 3, minute: 8, second: 58))
        let invalid = try NMEATest.parse("$GPGLL,,,,,030851.00,V,N*45")
        guard case .gll(let lost) = invalid.content else { Issue.record("not GLL"); return }
        #expect(lost.latitude == nil && lost.status == .invalid && lost.mode == .notValid)
    }

    @Test func zdaDateAndZone() throws {
        let sentence = try NMEATest.parse("$GPZDA,030807.00,10,08,2006,00,00*67")
        guard case .zda(let zda) = sentence.content else { Issue.record("not ZDA"); return }
        #expect(zda.date == NMEADate(year: 2006, month: 8, day: 10) && zda.localZoneHours == 0 && zda.localZoneMinutes == 0)
        let noZone = try NMEATest.parse("$GPZDA,000427.00,22,08,1999,,*67")
        guard case .zda(let rollover) = noZone.content else { Issue.record("not ZDA"); return }
        #expect(rollover.date == NMEADate(year: 1999, month: 8, day: 22) && rollover.localZoneHours == nil)
    }

    @Test func gnsWithPerSystemModes() throws {
        let sentence = try NMEATest.parse("$GNGNS,103607.00,5327.03942,N,00214.42462,W,AANN,06,5.88,56.0,48.5,,,V*34")
        guard case .gns(let gns) = sentence.content else { Issue.record("not GNS"); return }
        #expect(gns.time == NMEATimeOfDay(hour: 10, minute: 36, second: 7))
        #expect(abs(gns.latitude! - (53 + 27.03942 / 60)) < 1e-9 && abs(gns.longitude! - -(2 + 14.42462 / 60)) < 1e-9)
        #expect(gns.modes == [.autonomous, .autonomous, .notValid, .notValid] && gns.bestMode == .autonomous)
        #expect(gns.satellitesUsed == 6 && gns.hdop == 5.88 && gns.altitudeMSL == 56.0 && gns.geoidSeparation == 48.5)
        #expect(gns.differentialAge == nil && gns.differentialStation == nil && gns.navigationStatus == .notValid)
        #expect(throws: NMEAParseError.self) { try NMEATest.parse(NMEATest.sentence("GNGNS,103607.00,,,,,AXN,00,,,,,,V")) }
    }

    // MARK: framing rules

    @Test func checksumMismatchNamesBothValues() {
        #expect {
            try NMEATest.parse("$GNRMC,103607.00,A,5327.03942,N,00214.42462,W,XXXXX,,060321,,,A,V*7A")
        } throws: { error in
            let error = error as? NMEAParseError
            return error?.code == .checksum && error?.skippedInput.reason == "nmea.checksum"
                && error?.message == "GNRMC: checksum *7B expected, *7A found"
        }
    }

    @Test func checksumMustBeTwoHexDigits() {
        #expect(throws: NMEAParseError.self) { try NMEATest.parse("$GPGLL,,,,,030851.00,V,N*4") }
        #expect(throws: NMEAParseError.self) { try NMEATest.parse("$GNVTG,,T,,M,0.145,N,0.269,K,A*3)") }
    }

    @Test func checksumIsOptionalOnlyWhereTheStandardAllows() throws {
        let gga = try NMEATest.parse("$GPGGA,030851.00,,,,,0,03,9.93,,,,,,")
        #expect(gga.hadChecksum == false)
        #expect {
            try NMEATest.parse("$GPRMC,030858.00,A,4907.85331,N,12243.19743,W,1.049,323.14,100806,,,A")
        } throws: { ($0 as? NMEAParseError)?.code == .missingChecksum }
        #expect {
            try NMEATest.parse("!AIVDM,1,1,,A,13aEOK?P00PD2wVMdLDRhgvL289?,0")
        } throws: { ($0 as? NMEAParseError)?.code == .missingChecksum }
        #expect {
            try NMEATest.parse("$GPGGA,030851.00,,,,,0,03,9.93,,,,,,", requiresChecksum: true)
        } throws: { ($0 as? NMEAParseError)?.code == .missingChecksum }
    }

    @Test func talkersAndProprietarySentences() throws {
        let garmin = try NMEATest.parse("$PGRME,15.0,M,45.0,M,25.0,M*1C")
        #expect(garmin.talker == .proprietary && garmin.type == "GRME" && garmin.address == "PGRME")
        #expect(garmin.content == .other(fields: ["15.0", "M", "45.0", "M", "25.0", "M"]))
        let ais = try NMEATest.parse("!AIVDM,1,1,,A,13aEOK?P00PD2wVMdLDRhgvL289?,0*26")
        #expect(ais.isEncapsulated && ais.talker.id == "AI")
        #expect(NMEATalker("BD").system == .beidou && NMEATalker("QZ").system == .qzss && NMEATalker("GQ").system == .qzss)
        #expect(NMEATalker.combined.system == nil && NMEATalker("GI").system == .navic)
        let unicore = try NMEATest.parse(NMEATest.sentence("GYOACC,090624,000653.10"))
        #expect(unicore.talker.id == "GY" && unicore.type == "OACC")
    }

    @Test func corruptedAddressIsRejected() {
        #expect {
            try NMEATest.parse("$&bTXT,01,01,02,LLC FFFFFFFF-FFFFFFFD-FFFFFFFF-FFFFFFFF-FFFFFFF9*53")
        } throws: { ($0 as? NMEAParseError)?.code == .badAddress }
    }

    @Test func malformedCoordinatesAreNotEchoed() {
        #expect {
            try NMEATest.parse(NMEATest.sentence("GPGGA,120000,4807.0X8,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"))
        } throws: { error in
            guard let error = error as? NMEAParseError else { return false }
            return error.code == .badField && error.message.contains("latitude") && !error.message.contains("4807")
        }
        #expect(throws: NMEAParseError.self) {
            try NMEATest.parse(NMEATest.sentence("GPGGA,120000,4867.000,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"))
        }
        #expect(throws: NMEAParseError.self) {
            try NMEATest.parse(NMEATest.sentence("GPGGA,120000,4807.000,X,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"))
        }
        #expect(throws: NMEAParseError.self) {
            try NMEATest.parse(NMEATest.sentence("GPGGA,250000,4807.000,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"))
        }
    }

    @Test func tooFewFieldsIsReported() {
        #expect {
            try NMEATest.parse(NMEATest.sentence("GPRMC,000344.03,A,4808.9992,N"))
        } throws: { ($0 as? NMEAParseError)?.code == .missingField }
    }
}
