import Foundation
import Glibc
import PaceModel
import PaceSensors
import PaceTestSupport
import Testing

/// GPSDSource and probe without gpsd: refused and silent endpoints, cancellation.
@Suite(.timeLimit(.minutes(3 * TestTime.scale)))
struct GPSDSourceConnectionTests {
    @Test func refusedConnectionIsOneDisconnectAndCancellationIsPrompt() async throws {
        let port = try GPSFakeProcess.freePort()
        let source = GPSDSource(host: "localhost", port: port)
        #expect(source.streams == [.location])
        let log = GPSDEventLog()
        let task = Task { await source.run { await log.append($0) } }
        // The first refusal is reported; after 0.25 + 0.5 + 1 s of backoff (four attempts) still one event.
        let reported = await log.wait(timeout: .seconds(90)) { !$0.isEmpty }
        #expect(reported, "the refused connection was never reported")
        try await Task.sleep(for: .milliseconds(1_900))
        let stopping = await GPSDLiveTests.cancel(task)
        #expect(stopping < TestTime.duration(.seconds(20)))
        let events = await log.events
        #expect(events.count == 1)
        let reason = try #require(events.first?.disconnectReason)
        #expect(reason.contains("cannot connect to gpsd at localhost:\(port)") && reason.contains("refused"), "\(reason)")
    }

    @Test func unresolvableHostSaysSo() async throws {
        let log = GPSDEventLog()
        let task = Task { await GPSDSource(host: "no-such-host.invalid", port: 2947).run { await log.append($0) } }
        let reported = await log.wait(timeout: .seconds(90)) { !$0.isEmpty }
        let stopping = await GPSDLiveTests.cancel(task)
        #expect(stopping < TestTime.duration(.seconds(20)))
        #expect(reported)
        let reason = await log.events.first?.disconnectReason
        #expect(reason?.contains("cannot resolve gpsd host \"no-such-host.invalid\"") == true, "\(String(describing: reason))")
    }

    @Test func probeOfNothingIsNilAtOnce() async throws {
        let port = try GPSFakeProcess.freePort()
        let clock = ContinuousClock()
        let start = clock.now
        let probe = await GPSDSource.probe(host: "127.0.0.1", port: port, timeout: .seconds(300))
        #expect(probe == nil)
        #expect(clock.now - start < TestTime.duration(.seconds(60)), "a refused connection must not wait for the 300 s timeout")
    }

    @Test func probeOfASilentServerTimesOut() async throws {
        // A listening socket that never answers: the TCP handshake completes in the backlog.
        let (fd, port) = try GPSFakeProcess.loopbackSocket(listening: 4)
        defer { close(fd) }
        let clock = ContinuousClock()
        let start = clock.now
        let probe = await GPSDSource.probe(host: "127.0.0.1", port: port, timeout: .milliseconds(600))
        let elapsed = clock.now - start
        #expect(probe == nil)
        // It waits for the timeout (not less), and gives up then (not much later, allowing for a loaded runner).
        #expect(elapsed >= .milliseconds(550) && elapsed < TestTime.duration(.seconds(60)), "took \(elapsed)")
    }

    @Test func probeSendsDevicesAndHangsUpAfterTheReply() async throws {
        let server = try ScriptedGPSDServer(
            greeting: #"{"class":"VERSION","release":"3.25","rev":"3.25","proto_major":3,"proto_minor":15}"# + "\r\n",
            reply: #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/ttyACM0","driver":"u-blox","activated":"2024-06-09T00:06:53.000Z","bps":9600}]}"# + "\r\n",
            linger: 20)
        let probe = await GPSDSource.probe(host: "127.0.0.1", port: server.port, timeout: .seconds(30))
        #expect(probe?.version == GPSDVersion(release: "3.25", revision: "3.25", protocolMajor: 3, protocolMinor: 15))
        #expect(probe?.devices.map(\.path) == ["/dev/ttyACM0"])
        #expect(probe?.devices.first?.driver == "u-blox" && probe?.devices.first?.bitsPerSecond == 9600)
        #expect(await server.clientHungUp(), "the probe's connection thread must close the socket once the reply is in")
        #expect(server.receivedRequest == "?DEVICES;\n")
    }

    @Test func sourceWatchesSkipsGarbageAndReportsTheServerClosing() async throws {
        let server = try ScriptedGPSDServer(
            greeting: #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"# + "\r\n",
            reply: "\u{1}\u{2}garbage\r\n"
                + #"{"class":"TPV","device":"/dev/pts/0","mode":3,"time":"2020-03-18T13:28:22.000Z","lat":41.5,"lon":-93.75,"altMSL":278.8,"eph":4.3}"# + "\r\n",
            linger: 0.5)
        let log = GPSDEventLog()
        let task = Task { await GPSDSource(host: "127.0.0.1", port: server.port).run { await log.append($0) } }
        let closed = await log.wait(timeout: .seconds(90)) { $0.contains { $0.isLocationDisconnect } }
        let stopping = await GPSDLiveTests.cancel(task)
        #expect(stopping < TestTime.duration(.seconds(20)))
        #expect(closed)
        #expect(server.receivedRequest == #"?WATCH={"enable":true,"json":true};"# + "\n")
        let events = await log.events
        #expect(events.count == 3)
        #expect(events.first?.skipReason == "gpsd.json")
        #expect(events.dropFirst().first?.location?.altitude == 278.8)
        #expect(events.last?.disconnectReason?.contains("gpsd at 127.0.0.1:\(server.port) closed the connection") == true)
    }

    @Test func missingToolsFailWithTheirDebianPackage() {
        #expect {
            _ = try GPSFakeProcess.locate("gpsfake-that-is-not-installed", package: "gpsd-clients")
        } throws: { error in
            "\(error)".contains("gpsfake-that-is-not-installed is not installed") && "\(error)".contains("gpsd-clients")
        }
    }
}
