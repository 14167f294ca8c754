import Foundation
import PaceModel
import PaceSensors
import PaceTestSupport
import Testing

/// GPSDSource against a real gpsd fed by gpsfake. These tests FAIL (not skip) when gpsd or gpsfake
/// is missing — install the Debian packages gpsd and gpsd-clients.
@Suite(.serialized, .timeLimit(.minutes(3 * TestTime.scale)))
struct GPSDLiveTests {
    /// gpsd 3.22 resolves the two-digit years of pre-2019 logs one GPS week rollover (1024 weeks)
    /// later than the newer gpsd that wrote the `.chk` oracles; both instants are accepted for those logs.
    static let gpsWeekRollover: TimeInterval = 1024 * 7 * 86_400

    @Test func readingsMatchTheOracleFixesOfARealGpsd() async throws {
        let oracle = try GPSDFixtures.oracle("gpsd-nmea-rtk.log.chk", className: "TPV").filter { $0["time"] != nil }
        try #require(oracle.count == 122, "the oracle of gpsd-nmea-rtk.log has 122 timed fixes")
        // gpsfake feeds the log from the start, whether or not a client has connected: 244 sentences
        // 0.1 s apart give the source about 24 s to connect (at 0.02 s a loaded CI runner missed all of them).
        let fake = try await GPSFakeProcess.start(log: GPSDFixtures.url("gpsd-nmea-rtk.log"), singleShot: true, sentenceDelay: 0.1)
        defer { fake.stop() }

        let log = GPSDEventLog()
        let source = GPSDSource(host: "localhost", port: fake.port)
        #expect(source.description == "gpsd localhost:\(fake.port)")
        let task = Task { await source.run { await log.append($0) } }
        let lastText = try #require(oracle.last?["time"] as? String)
        let lastTime = try #require(GPSDFixtures.date(lastText))
        let sawLastFix = await log.wait(timeout: .seconds(90)) { events in
            events.contains { ($0.location?.timestamp).map { abs($0.timeIntervalSince(lastTime)) < 0.0005 } ?? false }
        }
        let stopping = await Self.cancel(task)
        #expect(stopping < TestTime.duration(.seconds(20)), "run must return on cancellation, not after the 60 s read timeout")
        #expect(sawLastFix, "the last fix of the log never arrived; gpsfake said: \(fake.stderr)")

        // gpsd opens the pseudo-terminal only when the source sends WATCH, so the first sentences are
        // lost; what arrives must be exactly the rest of the oracle, in order, nothing missing.
        let received = await log.locations
        // How many arrive depends on how soon the source connects (gpsfake writes from the start);
        // on a loaded machine that can be a fifth of the log. Every one that arrives is checked.
        #expect(received.count >= 10, "only \(received.count) fixes arrived")
        let first = try #require(received.first)
        let start = try #require(oracle.firstIndex { Self.time($0).map { abs($0.timeIntervalSince(first.timestamp)) < 0.0005 } ?? false },
                                 "the first fix \(first.timestamp) is not in the oracle")
        let expected = Array(oracle[start...])
        #expect(received.count == expected.count)
        // The first fix after gpsd opens the device comes from the epoch's RMC alone (gpsd dropped the
        // time-less GGA before it): same time, position, speed and course, but no altitude or DOP yet.
        for (index, (got, want)) in zip(received, expected).enumerated() {
            Self.expect(got, matches: want, allowRollover: false, complete: index > 0)
        }
        let skips = await log.events.compactMap(\.skipReason)
        #expect(Set(skips).isSubset(of: ["gpsd.tpv.time"]), "unexpected skips \(skips)")
        // Once the single-shot log ends gpsfake closes its terminal (a disconnect may follow the last
        // fix); before that, an all-RTK/DGPS log never loses its fix.
        let events = await log.events
        let lastFix = events.lastIndex { $0.location != nil } ?? events.endIndex
        let disconnects = events[..<lastFix].filter(\.isLocationDisconnect)
        #expect(disconnects.isEmpty, "an all-RTK/DGPS log never loses its fix: \(disconnects)")
    }

    @Test func reconnectsAfterGpsdRestartsOnTheSamePort() async throws {
        let log = GPSDEventLog()
        let fixture = GPSDFixtures.url("gpsd-nmea-rtk.log")
        let first = try await GPSFakeProcess.start(log: fixture, singleShot: false, sentenceDelay: 0.01)
        defer { first.stop() }
        let port = first.port
        let task = Task { await GPSDSource(port: port).run { await log.append($0) } }
        let flowing = await log.wait(timeout: .seconds(90)) { $0.filter { $0.location != nil }.count >= 3 }
        try #require(flowing, "no fixes from the first gpsd: \(first.stderr)")

        let probe = await GPSDSource.probe(port: port, timeout: .seconds(30))
        #expect(probe?.version.protocolMajor == 3)
        #expect(probe?.version.release.isEmpty == false)
        #expect(probe?.devices.contains { $0.path.hasPrefix("/dev/pts/") && $0.isActive } == true,
                "gpsd should list gpsfake's pseudo-terminal as an active device: \(String(describing: probe))")

        first.stop()
        #expect(!GPSFakeProcess.accepts(port: port), "gpsd still listens after gpsfake was stopped")
        let dropped = await log.wait(timeout: .seconds(90)) { $0.contains { $0.isLocationDisconnect } }
        try #require(dropped, "no disconnected event after gpsd stopped")
        let firstDisconnect = await log.events.first { $0.isLocationDisconnect }
        let reason = try #require(firstDisconnect?.disconnectReason)
        #expect(reason.contains("gpsd at localhost:\(port)") && reason.contains("closed the connection"), "reason was: \(reason)")

        let second = try GPSFakeProcess(log: fixture, port: port, singleShot: false, sentenceDelay: 0.01)
        defer { second.stop() }
        try await second.waitUntilListening()
        let recovered = await log.wait(timeout: .seconds(90)) { events in
            guard let back = events.firstIndex(of: .reconnected(.location)) else { return false }
            return events[back...].filter { $0.location != nil }.count >= 3
        }
        let stopping = await Self.cancel(task)
        #expect(stopping < TestTime.duration(.seconds(20)))
        #expect(recovered, "no reconnected event and fixes from the restarted gpsd: \(second.stderr)")

        let events = await log.events
        #expect(events.filter(\.isLocationDisconnect).count == 1, "one outage, one disconnected: \(events.filter(\.isLocationDisconnect))")
        #expect(events.filter { $0 == .reconnected(.location) }.count == 1)
        #expect(events.disconnectsAndReconnectsAlternate)
        let oracle = try GPSDFixtures.oracle("gpsd-nmea-rtk.log.chk", className: "TPV")
        var firstAfterJoin = true
        for event in events {
            if event == .reconnected(.location) { firstAfterJoin = true }
            guard let location = event.location else { continue }
            guard let want = oracle.first(where: { Self.time($0).map { abs($0.timeIntervalSince(location.timestamp)) < 0.0005 } ?? false }) else {
                Issue.record("fix at \(location.timestamp) is not in the oracle")
                continue
            }
            Self.expect(location, matches: want, allowRollover: false, complete: !firstAfterJoin)
            firstAfterJoin = false
        }
    }

    @Test func reportsLossOfFixAndSatellites() async throws {
        let log = GPSDEventLog()
        let fake = try await GPSFakeProcess.start(log: GPSDFixtures.url("gpsd-ublox-lea-4h.log"), singleShot: false, sentenceDelay: 0.01)
        defer { fake.stop() }
        let source = GPSDSource(port: fake.port, onSky: { sky in await log.append(sky) })
        let task = Task { await source.run { await log.append($0) } }
        // The log starts without a fix, gets one, loses it and regains it; gpsfake cycles it. Two
        // regained fixes are awaited, so that gpsd has seen the log's GSA sentences at least once.
        let cycled = await log.wait(timeout: .seconds(60)) { events in
            guard let down = events.firstIndex(where: { $0.disconnectReason?.contains("no fix") == true }) else { return false }
            let ups = events[down...].indices.filter { events[$0] == .reconnected(.location) }
            guard ups.count >= 2, let last = ups.last else { return false }
            return events[last...].contains { $0.location != nil }
        }
        let stopping = await Self.cancel(task)
        #expect(stopping < TestTime.duration(.seconds(20)))
        let events = await log.events
        #expect(cycled, "expected disconnected (no fix), reconnected, reading: \(events.prefix(30)); gpsfake said: \(fake.stderr)")
        #expect(events.disconnectsAndReconnectsAlternate)
        let reason = events.compactMap(\.disconnectReason).first { $0.contains("no fix") }
        #expect(reason?.contains("mode 1") == true)
        // The log's last epoch (03:15:18) is not in the .chk: gpsd reports an epoch when the next one
        // starts, which in the oracle's single pass never happens. Its values, from the log's RMC/GGA
        // ($GPRMC,031518.00,A,4907.56818,N,12242.61064,W,0.084,39.58 and GGA altitude 98.5 m):
        let lastEpoch: [String: Any] = ["time": "2006-08-10T03:15:18.000Z", "lat": 49.126136333, "lon": -122.710177333,
                                        "altMSL": 98.5, "speed": 0.043, "track": 39.58]
        let oracle = try GPSDFixtures.oracle("gpsd-ublox-lea-4h.log.chk", className: "TPV").filter { ($0["mode"] as? Int ?? 0) >= 2 }
            + [lastEpoch]
        let received = await log.locations
        #expect(!received.isEmpty)
        for location in received {
            guard let want = oracle.first(where: { ($0["lat"] as? Double) == location.latitude && ($0["lon"] as? Double) == location.longitude }) else {
                Issue.record("fix \(location.latitude), \(location.longitude) is not in the oracle")
                continue
            }
            Self.expect(location, matches: want, allowRollover: true, complete: false)
            // Accuracy 0 is "valid, not reported": gpsd leaves eph/epv out of an epoch it has no DOP for
            // yet (the first one after gpsfake restarts the log), never negative for a fix.
            // (verticalAccuracy −1 marks a fix without altitude, as from an RMC alone).
            #expect(location.horizontalAccuracy >= 0 && location.verticalAccuracy >= -1, "a fix is never marked invalid")
        }
        // gpsd estimates both errors for this receiver once it has seen a GSA.
        #expect(received.contains { $0.horizontalAccuracy > 0 && $0.verticalAccuracy > 0 },
                "no fix carries eph and epv: \(received.map { ($0.horizontalAccuracy, $0.verticalAccuracy) })")

        // gpsd 3.22's SKY reports for this log are the oracle's, member for member.
        let skies = await log.skies
        let oracleSkies = try GPSDFixtures.oracle("gpsd-ublox-lea-4h.log.chk", className: "SKY").filter { $0["satellites"] != nil }
        #expect(!skies.isEmpty, "onSky was never called")
        let matching = skies.filter { sky in oracleSkies.contains { Self.sky(sky, matches: $0) } }
        #expect(!matching.isEmpty, "no SKY report equals one of the oracle's: \(skies.prefix(2))")
        let first = try #require(matching.first?.satellites?.first)
        #expect(first.gnssID == 0 && first.svID == first.prn && first.used)
    }

    /// The suite's PostgreSQL and HTTP servers pick free ports too: a port taken between the pick and
    /// gpsd's start must fail the start (not leave a test talking to another server for a minute).
    @Test func aPortHeldByAnotherServerIsNotTakenForGpsd() async throws {
        let (held, port) = try GPSFakeProcess.loopbackSocket(listening: 64)
        defer { close(held) }
        let fake = try GPSFakeProcess(log: GPSDFixtures.url("gpsd-nmea-rtk.log"), port: port, singleShot: false, sentenceDelay: 0.1)
        defer { fake.stop() }
        await #expect(throws: GPSFakeProcess.StartFailure.self) { try await fake.waitUntilListening() }
        #expect(GPSFakeProcess.greeting(port: port, seconds: 1) == .silent, "the held port accepts but never greets")

        let started = try await GPSFakeProcess.start(log: GPSDFixtures.url("gpsd-nmea-rtk.log"), singleShot: false, sentenceDelay: 0.1)
        defer { started.stop() }
        #expect(started.port != port)
        guard case .greeted(let text) = GPSFakeProcess.greeting(port: started.port) else {
            Issue.record("the started gpsd does not greet on port \(started.port)")
            return
        }
        #expect(text.contains("\"class\":\"VERSION\""), "\(text)")
    }

    // MARK: - Helpers

    static func cancel(_ task: Task<Void, Never>) async -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        task.cancel()
        await task.value
        return clock.now - start
    }

    static func time(_ object: [String: Any]) -> Date? {
        (object["time"] as? String).flatMap(GPSDFixtures.date)
    }

    /// Compares a received location with an oracle TPV using the documented mapping, written out
    /// independently of the code under test.
    /// `complete: false` compares time, position, speed and course only.
    static func expect(_ got: RouteLocation, matches want: [String: Any], allowRollover: Bool, complete: Bool = true,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        guard let wantTime = time(want) else {
            Issue.record("oracle TPV without time", sourceLocation: sourceLocation)
            return
        }
        let offset = got.timestamp.timeIntervalSince(wantTime)
        #expect(abs(offset) < 0.0005 || (allowRollover && abs(offset - gpsWeekRollover) < 0.0005),
                "time \(got.timestamp) vs oracle \(wantTime)", sourceLocation: sourceLocation)
        #expect(got.latitude == want["lat"] as? Double, sourceLocation: sourceLocation)
        #expect(got.longitude == want["lon"] as? Double, sourceLocation: sourceLocation)
        #expect(got.speed == (want["speed"] as? Double ?? -1), sourceLocation: sourceLocation)
        #expect(got.course == (want["track"] as? Double ?? -1), sourceLocation: sourceLocation)
        guard complete || got.verticalAccuracy >= 0 else { return }
        #expect(got.altitude == want["altMSL"] as? Double, "altitude must be MSL", sourceLocation: sourceLocation)
        guard complete else { return }
        #expect(got.horizontalAccuracy == want["eph"] as? Double, sourceLocation: sourceLocation)
        #expect(got.verticalAccuracy == (want["epv"] as? Double ?? 0), sourceLocation: sourceLocation)
        #expect(got.speedAccuracy == (want["eps"] as? Double ?? -1), sourceLocation: sourceLocation)
        #expect(got.courseAccuracy == (want["epd"] as? Double ?? -1), sourceLocation: sourceLocation)
    }

    static func sky(_ sky: GPSSky, matches want: [String: Any]) -> Bool {
        guard sky.hdop == want["hdop"] as? Double, sky.vdop == want["vdop"] as? Double, sky.pdop == want["pdop"] as? Double,
              sky.satellitesUsed == want["uSat"] as? Int, sky.satellitesInView == want["nSat"] as? Int,
              let satellites = sky.satellites, let wanted = want["satellites"] as? [[String: Any]],
              satellites.count == wanted.count else { return false }
        return zip(satellites, wanted).allSatisfy { got, want in
            got.prn == want["PRN"] as? Int && got.used == want["used"] as? Bool
                && got.signalStrength == want["ss"] as? Double && got.elevation == want["el"] as? Double
                && got.azimuth == want["az"] as? Double && got.gnssID == want["gnssid"] as? Int && got.svID == want["svid"] as? Int
        }
    }
}
