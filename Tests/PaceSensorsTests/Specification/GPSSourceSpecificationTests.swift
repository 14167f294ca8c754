import PaceSensors
import Testing

/// The `--gps` / `PACE_GPS` syntax as a library type: parsing, canonical text, the source made,
/// and errors naming whichever option or variable the text came from.
@Suite struct GPSSourceSpecificationTests {
    @Test(arguments: [
        ("gpsd://localhost:2947", GPSSourceSpecification.gpsd(host: "localhost", port: 2947), "gpsd://localhost:2947", "gpsd localhost:2947" as String?),
        ("gpsd://", .gpsd(host: "localhost", port: 2947), "gpsd://localhost:2947", "gpsd localhost:2947"),
        ("gpsd://[::1]:3000", .gpsd(host: "::1", port: 3000), "gpsd://[::1]:3000", "gpsd ::1:3000"),
        ("nmea:/dev/ttyACM0", .nmeaSerial(device: "/dev/ttyACM0", baudRate: 4800), "nmea:/dev/ttyACM0@4800", nil),
        ("nmea-file:ride.nmea", .nmeaFile(path: "ride.nmea"), "nmea-file:ride.nmea", nil),
    ])
    func parsesAndPrintsCanonically(text: String, expected: GPSSourceSpecification, canonical: String, sourceDescription: String?) throws {
        let specification = try GPSSourceSpecification(parsing: text, option: "PACE_GPS")
        #expect(specification == expected)
        #expect(specification.canonicalText == canonical)
        #expect(try GPSSourceSpecification(parsing: canonical, option: "PACE_GPS") == expected)
        if let sourceDescription { #expect(specification.makeSource().description == sourceDescription) }
    }

    @Test func theStandardIsGpsdOnThisMachine() {
        #expect(GPSSourceSpecification.standard == .gpsd(host: "localhost", port: 2947))
    }

    @Test func errorsNameTheOptionTheyCameFrom() {
        #expect(throws: SensorSpecificationError(option: "PACE_GPS", value: "gpsd://host:0",
                                                 message: "expected gpsd://HOST[:PORT] with a port 1…65535, e.g. gpsd://localhost:2947")) {
            try GPSSourceSpecification(parsing: "gpsd://host:0", option: "PACE_GPS")
        }
        do {
            _ = try GPSSourceSpecification(parsing: "nmea:/dev/ttyUSB0@9601", option: "--gps")
            Issue.record("accepted")
        } catch {
            #expect(error.description == "--gps 'nmea:/dev/ttyUSB0@9601': the baud rate must be one of "
                + "1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600, e.g. nmea:/dev/ttyUSB0@9600.")
        }
    }
}
