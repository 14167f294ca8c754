import Foundation
import Glibc
import PaceModel
import PaceSensors
import PaceTestSupport
import Testing

@Suite struct NMEASourceTests {
    static func epoch(_ second: Int, valid: Bool = true) -> String {
        let t = String(format: "1200%02d", second)
        if !valid {
            return NMEATest.sentence("GPRMC,\(t),V,,,,,,,010120,,,N") + "\r\n"
                + NMEATest.sentence("GPGGA,\(t),,,,,0,00,,,,,,,") + "\r\n"
        }
        return NMEATest.sentence("GPRMC,\(t),A,4807.038,N,01131.000,E,10.0,84.4,010120,,,A") + "\r\n"
            + NMEATest.sentence("GPGGA,\(t),4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,") + "\r\n"
    }

    @Test func descriptionAndStreams() {
        #expect(NMEASource(serialDevice: "/dev/ttyUSB0").description == "NMEA /dev/ttyUSB0 at 9600 baud")
        #expect(NMEASource(file: "/tmp/a.nmea").description == "NMEA file /tmp/a.nmea")
        #expect(NMEASource(file: "/tmp/a.nmea").streams == [.location])
    }

    @Test func unsupportedBaudRateIsRejectedWithTheSupportedList() async {
        let source = NMEASource(serialDevice: "/dev/ttyUSB0", baudRate: 12_345)
        #expect {
            try source.validate()
        } throws: { error in
            guard let error = error as? NMEASourceError else { return false }
            return error.code == .unsupportedBaudRate && error.message.contains("12345") && error.message.contains("4800, 9600")
        }
        #expect(throws: Never.self) { try NMEASource(serialDevice: "/dev/ttyUSB0", baudRate: 4800).validate() }
        let log = EventLog()
        await source.run { await log.append($0) }
        let events = await log.events
        #expect(events.count == 1)
        if case .disconnected(.location, let reason)? = events.first { #expect(reason.contains("Baud rate 12345 is not supported")) }
        else { Issue.record("expected one disconnected event, got \(events)") }
    }

    @Test func regularFileIsReadToTheEndAndRunReturns() async throws {
        let source = NMEASource(file: NMEATest.fixture("gpsd-nl2008u.log").path)
        let log = EventLog()
        await source.run { await log.append($0) }
        #expect(await log.readings == 9)
        let readings = await log.events.compactMap { if case .reading(let r) = $0 { r } else { nil } }
        #expect(readings.allSatisfy { if case .location(let l) = $0.value { l.timestamp == $0.time } else { false } })
        #expect(readings.map(\.time) == readings.map(\.time).sorted())
    }

    @Test func largeFileIsReadCompletelyWithBoundedReadAhead() async throws {
        // 3600 epochs ≈ 480 KB: far more than the reader's 64 × 4 KiB read-ahead.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var text = ""
        for second in 0..<3600 {
            let t = String(format: "%02d%02d%02d", 10 + second / 3600, second / 60 % 60, second % 60)
            text += NMEATest.sentence("GPRMC,\(t),A,4807.038,N,01131.000,E,10.0,84.4,010120,,,A") + "\r\n"
                + NMEATest.sentence("GPGGA,\(t),4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,") + "\r\n"
        }
        let path = directory.path("hour.nmea")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let log = EventLog()
        await NMEASource(file: path).run { await log.append($0) }
        let times = await log.events.compactMap { if case .reading(let r) = $0 { r.time } else { nil } }
        #expect(times.count == 3600)
        #expect(times.last == NMEATest.utc(2020, 1, 1, 10, 59, 59))
    }

    @Test func missingFileIsReportedAndRunReturns() async {
        let log = EventLog()
        await NMEASource(file: "/nonexistent/pace.nmea").run { await log.append($0) }
        let events = await log.events
        #expect(events.count == 1)
        if case .disconnected(.location, let reason)? = events.first { #expect(reason.contains("/nonexistent/pace.nmea")) }
        else { Issue.record("expected disconnected, got \(events)") }
    }

    @Test func fifoKeepsReadingAcrossWriters() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("gps.fifo")
        #expect(mkfifo(path, 0o600) == 0)
        let log = EventLog()
        let task = Task { await NMEASource(file: path).run { await log.append($0) } }
        for writer in 0..<2 {
            var fd: Int32 = -1
            for _ in 0..<250 where fd < 0 {
                fd = open(path, O_WRONLY | O_NONBLOCK)
                if fd < 0 { try await Task.sleep(for: .milliseconds(20)) }
            }
            #expect(fd >= 0, "could not open the FIFO for writing")
            let text = (0..<3).map { Self.epoch(writer * 10 + $0) }.joined()
            _ = Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
            // Epochs close on the next epoch or after 1.5 s of quiet.
            let count = (writer + 1) * 3
            #expect(await log.wait { events in events.filter { if case .reading = $0 { true } else { false } }.count >= count })
        }
        let start = Date()
        task.cancel()
        await task.value
        #expect(Date().timeIntervalSince(start) < TestTime.seconds(20))
        #expect(await log.readings == 6)
        #expect(await !log.events.contains { if case .disconnected = $0 { true } else { false } })
    }

    @Test func serialReceiverUnplugAndReplugAreReported() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // The source opens a stable name (like /dev/serial/by-id/…) that udev re-points on replug.
        let link = directory.path("gps0")
        var terminal = try PseudoTerminal()
        #expect(symlink(terminal.slavePath, link) == 0)
        let log = EventLog()
        let source = NMEASource(serialDevice: link, baudRate: 4800)
        let task = Task { await source.run { await log.append($0) } }

        // Wait until the source has opened and configured the line, then send four epochs.
        #expect(await Self.waitUntil { terminal.isRaw }, "the source never put the tty in raw mode")
        for second in 0..<4 { terminal.write(Self.epoch(second)) }
        #expect(await log.wait { $0.filter { if case .reading = $0 { true } else { false } }.count >= 3 })
        let first = await log.events.compactMap { if case .reading(let r) = $0 { r } else { nil } }.first
        #expect(first?.time == NMEATest.utc(2020, 1, 1, 12, 0, 0))
        if case .location(let fix)? = first?.value {
            #expect(abs(fix.speed - 10 * 1852.0 / 3600) < 1e-9 && fix.course == 84.4 && abs(fix.horizontalAccuracy - 4.5) < 1e-9)
        }

        // Unplug.
        terminal.close()
        #expect(await log.wait { $0.contains { if case .disconnected(.location, let reason) = $0 { reason.contains(link) } else { false } } },
                "no disconnected event after the master closed")

        // Replug as a new tty behind the same name.
        terminal = try PseudoTerminal()
        unlink(link)
        #expect(symlink(terminal.slavePath, link) == 0)
        #expect(await Self.waitUntil(timeout: 8) { terminal.isRaw }, "the source did not reopen the device")
        for second in 10..<13 { terminal.write(Self.epoch(second)) }
        #expect(await log.wait { $0.contains(.reconnected(.location)) })
        let events = await log.events
        let lost = events.firstIndex { if case .disconnected = $0 { true } else { false } }
        let back = events.firstIndex(of: .reconnected(.location))
        if let lost, let back {
            #expect(lost < back)
            if case .reading(let reading) = events[back + 1] { #expect(reading.time == NMEATest.utc(2020, 1, 1, 12, 0, 10)) }
            else { Issue.record("expected a reading after reconnected") }
        }

        let start = Date()
        task.cancel()
        await task.value
        // A hang, not a speed: the reconnect loop must notice cancellation at all (10 s is far above any load).
        #expect(Date().timeIntervalSince(start) < TestTime.seconds(10), "cancellation hung")
        terminal.close()
    }

    @Test func fixLossOnALiveSerialLineIsReported() async throws {
        let terminal = try PseudoTerminal()
        defer { terminal.close() }
        let log = EventLog()
        let task = Task { await NMEASource(serialDevice: terminal.slavePath).run { await log.append($0) } }
        #expect(await Self.waitUntil { terminal.isRaw })
        terminal.write(Self.epoch(0) + Self.epoch(1, valid: false) + Self.epoch(2) + Self.epoch(3))
        #expect(await log.wait { $0.contains(.reconnected(.location)) })
        let events = await log.events.filter { if case .skipped = $0 { false } else { true } }
        #expect(events.count >= 3)
        if events.count >= 3 {
            #expect({ if case .reading = events[0] { true } else { false } }())
            #expect(events[1] == .disconnected(.location, reason: "GPS has no fix (GGA fix quality 0); move to open sky"))
            #expect(events[2] == .reconnected(.location))
        }
        task.cancel()
        await task.value
    }

    @Test func missingSerialDeviceIsRetriedUntilCancelled() async throws {
        let log = EventLog()
        let task = Task { await NMEASource(serialDevice: "/dev/pace-no-such-gps").run { await log.append($0) } }
        #expect(await log.wait { !$0.isEmpty })
        let events = await log.events
        if case .disconnected(.location, let reason)? = events.first {
            #expect(reason.contains("Cannot open serial device /dev/pace-no-such-gps"))
        } else { Issue.record("expected disconnected, got \(events)") }
        let start = Date()
        task.cancel()
        await task.value
        #expect(Date().timeIntervalSince(start) < TestTime.seconds(20))
        #expect(events.count == 1, "a retrying source reports the loss once")
    }

    @Test func regularFileIsNotASerialDevice() async throws {
        let log = EventLog()
        let task = Task { await NMEASource(serialDevice: NMEATest.fixture("gpsd-nl2008u.log").path).run { await log.append($0) } }
        #expect(await log.wait { !$0.isEmpty })
        task.cancel()
        await task.value
        if case .disconnected(.location, let reason)? = await log.events.first {
            #expect(reason.contains("is not a serial device"))
        } else { Issue.record("expected disconnected") }
    }

    static func waitUntil(timeout: Double = 90, _ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(TestTime.seconds(timeout))
        while Date() < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }
}
