import CoreLocation
import Foundation
import PaceTestSupport
import Testing

/// `CLLocationManager` against a real gpsd fed by gpsfake, named by `PACE_GPS`. Like PaceSensors'
/// live tests, these FAIL (not skip) when gpsd or gpsfake is missing — install the Debian packages
/// gpsd and gpsd-clients.
@Suite(.serialized, .timeLimit(.minutes(3 * TestTime.scale)))
struct CLLocationManagerGPSDLiveTests {
    /// PaceSensors' gpsd fixtures, read from the source tree.
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PaceSensorsTests/Fixtures/gpsd", isDirectory: true)

    /// The positions gpsd reports for a log, from its `.chk` oracle.
    static func oraclePositions(_ name: String) throws -> [(Double, Double)] {
        try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
            .split(whereSeparator: \.isNewline)
            .filter { $0.hasPrefix("{\"class\":\"TPV\"") }
            .compactMap { line in
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                guard let lat = object?["lat"] as? Double, let lon = object?["lon"] as? Double else { return nil }
                return (lat, lon)
            }
    }

    @Test func noGpsdIsLocationUnknownThenFixesOnceGpsdStarts() async throws {
        // Given PACE_GPS naming a port where no gpsd listens yet
        _ = try GPSFakeProcess.requireTools()
        let port = try GPSFakeProcess.freePort()
        let recorder = DelegateRecorder()
        let runLoop = RunLoopThread()
        let manager = await runLoop.start {
            let manager = CLLocationManager(environment: ["PACE_GPS": "gpsd://127.0.0.1:\(port)"])
            manager.delegate = recorder
            manager.startUpdatingLocation()
            return manager
        }
        // When the manager has failed once
        let failed = await recorder.wait { $0.contains(where: \.isFailure) }
        #expect(failed, "calls: \(recorder.calls)")
        guard case .failure(let code, let reason) = recorder.updates.first else {
            Issue.record("the first update is not a failure: \(recorder.updates)")
            return
        }
        #expect(code == .locationUnknown)
        #expect(reason.contains("127.0.0.1:\(port)"), "\(reason)")

        // and gpsd starts on that port
        let fake = try GPSFakeProcess(log: Self.fixtures.appendingPathComponent("gpsd-nmea-rtk.log"), port: port,
                                      singleShot: false, sentenceDelay: 0.1)
        defer { fake.stop() }
        try await fake.waitUntilListening()
        // Then the manager, still trying, delivers gpsd's fixes on its thread
        let flowing = await recorder.wait(limit: .seconds(90)) { $0.filter(\.isLocation).count >= 3 }
        #expect(flowing, "no fixes from gpsd: \(fake.stderr)")
        let oracle = try Self.oraclePositions("gpsd-nmea-rtk.log.chk")
        for case .locations(let coordinates) in recorder.updates {
            for coordinate in coordinates {
                #expect(oracle.contains { $0.0 == coordinate.latitude && $0.1 == coordinate.longitude },
                        "\(coordinate.latitude), \(coordinate.longitude) is not one of gpsd's fixes")
            }
        }
        let thread = try #require(runLoop.thread)
        #expect(recorder.threads.allSatisfy { $0 === thread })
        #expect(recorder.updates.filter(\.isFailure).count == 1, "one outage, one failure: \(recorder.updates.prefix(5))")
        manager.stopUpdatingLocation()
        await runLoop.stop()
    }
}
