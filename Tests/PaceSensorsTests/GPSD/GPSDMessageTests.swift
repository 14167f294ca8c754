import Foundation
import PaceModel
@testable import PaceSensors
import Testing

@Suite struct GPSDMessageTests {
    static func decode(_ line: String) throws(GPSDDecodingError) -> GPSDMessage {
        try GPSDMessage(line: Data(line.utf8))
    }

    static func failure(_ line: String) -> GPSDDecodingError? {
        do {
            _ = try decode(line)
            return nil
        } catch {
            return error
        }
    }

    @Test func decodesEveryLineOfARecordedGpsd322Session() throws {
        let lines = try GPSDFixtures.lines("gpsd-3.22-ublox-lea-4h.jsonl")
        var counts: [String: Int] = [:]
        for line in lines {
            let message = try Self.decode(line)
            let key = switch message {
            case .version: "VERSION"
            case .devices: "DEVICES"
            case .device: "DEVICE"
            case .tpv: "TPV"
            case .sky: "SKY"
            case .error: "ERROR"
            case .other(let name): name
            }
            counts[key, default: 0] += 1
        }
        #expect(counts == ["VERSION": 1, "DEVICES": 1, "WATCH": 1, "DEVICE": 3, "TPV": 18, "SKY": 14])
    }

    @Test func versionBanner() throws {
        let message = try Self.decode(#"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#)
        #expect(message == .version(GPSDVersion(release: "3.22", revision: "3.22", protocolMajor: 3, protocolMinor: 14)))
    }

    @Test func devicesListAndClosedDevice() throws {
        let line = #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/pts/0","driver":"NMEA0183","activated":"2026-11-22T11:30:00.000Z","native":0,"bps":4800,"parity":"N","stopbits":1,"cycle":1.00}]}"#
        guard case .devices(let devices) = try Self.decode(line), let device = devices.first else {
            Issue.record("not a DEVICES list")
            return
        }
        #expect(devices.count == 1)
        #expect(device.path == "/dev/pts/0" && device.driver == "NMEA0183" && device.bitsPerSecond == 4800)
        #expect(device.parity == "N" && device.stopBits == 1 && device.native == 0 && device.cycle == 1.0)
        #expect(device.activated == GPSDFixtures.date("2026-11-22T11:30:00.000Z"))
        #expect(device.isActive)
        guard case .device(let closed) = try Self.decode(#"{"class":"DEVICE","path":"/dev/pts/0","activated":0}"#) else {
            Issue.record("not a DEVICE")
            return
        }
        #expect(!closed.isActive && closed.path == "/dev/pts/0")
    }

    @Test func threeDimensionalFixWithEveryErrorEstimate() throws {
        // From gpsd-ublox-lea-4h.log.chk (gpsd's oracle), 03:15:16.
        let line = #"{"class":"TPV","mode":3,"time":"2006-08-10T03:15:16.000Z","ept":0.005,"lat":49.126133500,"lon":-122.710178833,"altHAE":82.4000,"altMSL":99.1000,"alt":99.1000,"epx":8.997,"epy":14.222,"epv":43.470,"track":39.1400,"magtrack":54.9307,"magvar":15.8,"speed":0.043,"climb":0.094,"epd":55.2223,"eps":0.14,"epc":0.40,"geoidSep":-16.700,"eph":21.470,"sep":41.800}"#
        guard case .tpv(let tpv) = try Self.decode(line) else {
            Issue.record("not a TPV")
            return
        }
        #expect(tpv.mode == .threeDimensional && tpv.status == nil && tpv.device == nil)
        #expect(tpv.time == GPSDFixtures.date("2006-08-10T03:15:16.000Z"))
        #expect(tpv.timeError == 0.005)
        #expect(tpv.latitude == 49.1261335 && tpv.longitude == -122.710178833)
        #expect(tpv.altitudeHAE == 82.4 && tpv.altitudeMSL == 99.1 && tpv.legacyAltitude == 99.1 && tpv.geoidSeparation == -16.7)
        #expect(tpv.longitudeError == 8.997 && tpv.latitudeError == 14.222 && tpv.verticalError == 43.47)
        #expect(tpv.horizontalError == 21.47 && tpv.sphericalError == 41.8)
        #expect(tpv.track == 39.14 && tpv.magneticTrack == 54.9307 && tpv.magneticVariation == 15.8)
        #expect(tpv.speed == 0.043 && tpv.climb == 0.094)
        #expect(tpv.trackError == 55.2223 && tpv.speedError == 0.14 && tpv.climbError == 0.4)

        let location = try #require(tpv.location)
        #expect(location == RouteLocation(timestamp: try #require(GPSDFixtures.date("2006-08-10T03:15:16.000Z")),
                                          latitude: 49.1261335, longitude: -122.710178833, altitude: 99.1,
                                          speed: 0.043, course: 39.14, horizontalAccuracy: 21.47, verticalAccuracy: 43.47,
                                          speedAccuracy: 0.14, courseAccuracy: 55.2223))
    }

    @Test func statusDifferentialAndVelocities() throws {
        let line = #"{"class":"TPV","device":"/dev/ttyACM0","status":3,"mode":3,"time":"2020-03-18T13:39:01.500Z","lat":41.575030061,"lon":-93.750597789,"altHAE":249.3870,"altMSL":280.8290,"velN":0.5,"velE":-0.25,"velD":0.1,"ecefx":-200.5,"ecefy":-4700.25,"ecefz":4200.0,"ecefpAcc":1.5,"dgpsAge":7.5,"dgpsSta":2,"leapseconds":18}"#
        guard case .tpv(let tpv) = try Self.decode(line) else {
            Issue.record("not a TPV")
            return
        }
        #expect(tpv.device == "/dev/ttyACM0" && tpv.status == .rtkFixed)
        #expect(tpv.velocityNorth == 0.5 && tpv.velocityEast == -0.25 && tpv.velocityDown == 0.1)
        #expect(tpv.ecefPosition == SIMD3(-200.5, -4700.25, 4200.0) && tpv.ecefVelocity == nil && tpv.ecefPositionAccuracy == 1.5)
        #expect(tpv.differentialAge == 7.5 && tpv.differentialStation == 2 && tpv.leapSeconds == 18)
        let location = try #require(tpv.location)
        // No eph/epx/epy: a valid fix whose accuracy was not reported; no speed/track/eps/epd: unavailable.
        #expect(location.horizontalAccuracy == 0 && location.verticalAccuracy == 0)
        #expect(location.speed == -1 && location.course == -1 && location.speedAccuracy == -1 && location.courseAccuracy == -1)
        #expect(location.altitude == 280.829)
    }

    @Test func altitudeAndAccuracyFallbacks() throws {
        var tpv = GPSDTPV(mode: .threeDimensional)
        tpv.time = Date(timeIntervalSince1970: 1_600_000_000)
        tpv.latitude = 10
        tpv.longitude = 20
        tpv.altitudeHAE = 150
        tpv.geoidSeparation = 45
        tpv.longitudeError = 3
        tpv.latitudeError = 4
        #expect(tpv.location?.altitude == 105, "MSL = HAE − geoid separation when altMSL and alt are absent")
        #expect(tpv.location?.horizontalAccuracy == 5, "hypot(epx, epy) when eph is absent")
        tpv.legacyAltitude = 104
        #expect(tpv.location?.altitude == 104)
        tpv.altitudeMSL = 103
        #expect(tpv.location?.altitude == 103)
        tpv.horizontalError = 7
        #expect(tpv.location?.horizontalAccuracy == 7)

        tpv.mode = .twoDimensional
        let flat = try #require(tpv.location)
        #expect(flat.altitude == 0 && flat.verticalAccuracy == -1, "a 2D fix has no altitude")

        tpv.mode = .threeDimensional
        tpv.altitudeMSL = nil
        tpv.legacyAltitude = nil
        tpv.geoidSeparation = nil
        #expect(tpv.location?.verticalAccuracy == -1, "HAE alone is not an MSL altitude")
    }

    @Test func noFixHasNoLocation() throws {
        guard case .tpv(let tpv) = try Self.decode(#"{"class":"TPV","device":"/dev/pts/0","mode":1,"time":"2026-03-26T03:08:07.000Z","ept":0.005}"#) else {
            Issue.record("not a TPV")
            return
        }
        #expect(tpv.mode == .noFix && !tpv.mode.hasFix && tpv.location == nil)
        guard case .tpv(let unknown) = try Self.decode(#"{"class":"TPV","mode":0}"#) else {
            Issue.record("not a TPV")
            return
        }
        #expect(unknown.mode == .unknown && unknown.time == nil)
    }

    @Test func fixesMissingTimeOrPosition() throws {
        // The first TPV gpsd sends for a GGA before any RMC has no time (gpsd-nmea-rtk.log.chk, line 1).
        guard case .tpv(let timeless) = try Self.decode(#"{"class":"TPV","status":2,"mode":3,"lat":41.574965910,"lon":-93.750571901,"altHAE":246.7190,"altMSL":278.1610,"alt":278.1610,"magvar":0.7,"geoidSep":-31.442,"eph":4.275,"dgpsAge":6.6,"dgpsSta":133}"#) else {
            Issue.record("not a TPV")
            return
        }
        #expect(timeless.location == nil)
        #expect(throws: GPSDDecodingError.fixWithoutTime(mode: .threeDimensional)) { try timeless.routeLocation() }
        #expect(GPSDDecodingError.fixWithoutTime(mode: .threeDimensional).reason == "gpsd.tpv.time")

        guard case .tpv(let nowhere) = try Self.decode(#"{"class":"TPV","mode":2,"time":"2020-03-18T13:28:19.600Z","lon":-93.75}"#) else {
            Issue.record("not a TPV")
            return
        }
        #expect(throws: GPSDDecodingError.fixWithoutPosition(mode: .twoDimensional, latitude: nil, longitude: -93.75)) { try nowhere.routeLocation() }
        guard case .tpv(let outside) = try Self.decode(#"{"class":"TPV","mode":2,"time":"2020-03-18T13:28:19.600Z","lat":91.0,"lon":0}"#) else {
            Issue.record("not a TPV")
            return
        }
        #expect(outside.location == nil)
    }

    @Test func satellitesAndDops() throws {
        // From the recorded gpsd 3.22 session.
        let line = #"{"class":"SKY","device":"/dev/pts/0","xdop":0.42,"ydop":0.73,"vdop":1.27,"tdop":0.81,"hdop":0.91,"gdop":1.68,"pdop":1.56,"nSat":2,"uSat":1,"satellites":[{"PRN":1,"el":53.0,"az":280.0,"ss":36.0,"used":true,"gnssid":0,"svid":1},{"PRN":66,"el":37.0,"az":78.0,"ss":27.0,"used":false,"gnssid":6,"svid":2,"sigid":0,"freqid":4,"health":1}]}"#
        guard case .sky(let sky) = try Self.decode(line) else {
            Issue.record("not a SKY")
            return
        }
        #expect(sky.device == "/dev/pts/0")
        #expect(sky.xdop == 0.42 && sky.ydop == 0.73 && sky.vdop == 1.27 && sky.tdop == 0.81)
        #expect(sky.hdop == 0.91 && sky.gdop == 1.68 && sky.pdop == 1.56)
        #expect(sky.satellitesInView == 2 && sky.satellitesUsed == 1)
        #expect(sky.satellites?.first == GPSSatellite(prn: 1, used: true, signalStrength: 36, elevation: 53, azimuth: 280, gnssID: 0, svID: 1))
        let glonass = try #require(sky.satellites?.last)
        #expect(glonass.gnssID == 6 && !glonass.used && glonass.signalID == 0 && glonass.frequencyID == 4 && glonass.health == 1)

        guard case .sky(let dopsOnly) = try Self.decode(#"{"class":"SKY","hdop":9.93,"uSat":3}"#) else {
            Issue.record("not a SKY")
            return
        }
        #expect(dopsOnly.satellites == nil && dopsOnly.hdop == 9.93 && dopsOnly.satellitesUsed == 3)
    }

    @Test func unknownAndUnusedClassesAreOther() throws {
        #expect(try Self.decode(#"{"class":"WATCH","enable":true,"json":true}"#) == .other(className: "WATCH"))
        #expect(try Self.decode(#"{"class":"GST","device":"/dev/ttyACM0","time":"2020-07-11T22:37:45.000Z","rms":1.2}"#) == .other(className: "GST"))
        #expect(try Self.decode(#"{"class":"FUTURE-THING","x":[1,2,{}]}"#) == .other(className: "FUTURE-THING"))
        #expect(try Self.decode(#"{"class":"ERROR","message":"Unrecognized request 'FOO'"}"#) == .error(message: "Unrecognized request 'FOO'"))
    }

    @Test(arguments: [
        "not json at all",
        #"{"class":"TPV","mode":3,"lat":41.5"#,
        "[1,2,3]",
        "\"TPV\"",
        "$GPGGA,132819.60,4134.49795459,N,09345.03431408,W,2,10,0.9,278.161,M,-31.442,M,6.6,0133*6A",
    ])
    func garbageIsNotJSON(line: String) {
        let error = Self.failure(line)
        #expect(error?.reason == "gpsd.json", "\(String(describing: error))")
        #expect(error?.description.contains("not a JSON object") == true)
    }

    @Test func invalidUTF8IsNotJSON() {
        #expect(throws: GPSDDecodingError.self) { try GPSDMessage(line: [0xFF, 0xFE, 0x7B, 0x7D]) }
        #expect((try? GPSDMessage(line: [0xFF, 0xFE, 0x7B, 0x7D])) == nil)
    }

    @Test(arguments: ["{}", #"{"class":5}"#, #"{"mode":3,"lat":1}"#])
    func objectsWithoutClass(line: String) {
        #expect(Self.failure(line)?.reason == "gpsd.class")
    }

    @Test func mistypedAndMissingMembersNameTheField() {
        let cases: [(String, String)] = [
            (#"{"class":"TPV","lat":41.5}"#, "mode"),
            (#"{"class":"TPV","mode":9}"#, "mode"),
            (#"{"class":"TPV","mode":3,"lat":"41.5"}"#, "lat"),
            (#"{"class":"TPV","mode":3,"time":"yesterday"}"#, "time"),
            (#"{"class":"TPV","mode":3,"time":"2020-02-30T00:00:00.000Z"}"#, "time"),
            (#"{"class":"SKY","satellites":[{"used":true}]}"#, "satellites.[0].PRN"),
            (#"{"class":"VERSION","release":"3.22"}"#, "rev"),
            (#"{"class":"DEVICES"}"#, "devices"),
            (#"{"class":"DEVICE","activated":0}"#, "path"),
        ]
        for (line, field) in cases {
            let error = Self.failure(line)
            guard case .invalidField(_, let named, _, let excerpt) = error else {
                Issue.record("\(line) → \(String(describing: error))")
                continue
            }
            #expect(named == field, "\(line)")
            #expect(error?.reason == "gpsd.field")
            #expect(excerpt == line)
        }
    }

    @Test func longLinesAreShortenedInDetails() {
        let line = #"{"class":"TPV","mode":"#
            + String(repeating: " ", count: 400) + "\"x\"}"
        guard case .invalidField(_, _, _, let excerpt) = Self.failure(line) else {
            Issue.record("expected invalidField")
            return
        }
        #expect(excerpt.count == 161 && excerpt.hasSuffix("…"))
    }
}
