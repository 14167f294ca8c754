import CoreLocation
import PaceSensors
import PaceTestSupport
import Testing

/// `PACE_GPS` has the syntax of `pace record --gps`; without it, gpsd on localhost.
@Suite struct LocationSourceResolverTests {
    @Test(arguments: [
        ([:], "gpsd localhost:2947"),
        (["PACE_GPS": ""], "gpsd localhost:2947"),
        (["PACE_GPS": "gpsd://pi.local"], "gpsd pi.local:2947"),
        (["PACE_GPS": "gpsd://[::1]:3000"], "gpsd ::1:3000"),
    ])
    func gpsdSources(environment: [String: String], description: String) throws {
        let source = try LocationSourceResolver.resolve(environment: environment).get()
        #expect(source.description == description)
    }

    @Test func nmeaSources() throws {
        let serial = try LocationSourceResolver.resolve(environment: ["PACE_GPS": "nmea:/dev/ttyACM0@9600"]).get()
        #expect(serial is NMEASource)
        let file = try LocationSourceResolver.resolve(environment: ["PACE_GPS": "nmea-file:ride.nmea"]).get()
        #expect(file is NMEASource)
    }

    @Test func aBadValueNamesTheVariable() {
        let result = LocationSourceResolver.resolve(environment: ["PACE_GPS": "localhost:2947"])
        guard case .failure(let error) = result else {
            Issue.record("accepted")
            return
        }
        #expect(error.description == "PACE_GPS 'localhost:2947': expected gpsd://HOST[:PORT] (e.g. gpsd://localhost:2947), "
            + "nmea:DEVICE[@BAUD] (e.g. nmea:/dev/ttyUSB0@9600) or nmea-file:PATH.")
    }

    @Test func aBadValueIsLocationUnknownForTheDelegate() async {
        // Given a manager whose PACE_GPS cannot be used 
        let recorder = DelegateRecorder()
        let runLoop = RunLoopThread()
        let manager = await runLoop.start {
            let manager = CLLocationManager(environment: ["PACE_GPS": "nmea:ttyUSB0"])
            manager.delegate = recorder
            manager.startUpdatingLocation()
            return manager
        }
        let failed = await recorder.wait { $0.contains(where: \.isFailure) }
        #expect(failed)
        #expect(recorder.updates == [.failure(.locationUnknown,
                                              "PACE_GPS 'nmea:ttyUSB0': expected nmea:DEVICE[@BAUD] with the device's absolute path, e.g. nmea:/dev/ttyUSB0@9600.")])
        manager.stopUpdatingLocation()
        await runLoop.stop()
    }
}
