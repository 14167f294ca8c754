import Foundation
import PaceModel
import PaceSensors
import PaceTestSupport
import Testing

/// Collects a source's events for assertions.
private actor BLEEventLog {
    private(set) var events: [SensorEvent] = []

    func append(_ event: SensorEvent) {
        events.append(event)
    }

    /// Waits until `condition` holds for the events so far, or fails after `seconds`.
    func wait(seconds: Double, until condition: ([SensorEvent]) -> Bool) async throws -> [SensorEvent] {
        let deadline = ContinuousClock.now + .milliseconds(Int(TestTime.seconds(seconds) * 1000))
        while !condition(events) {
            guard ContinuousClock.now < deadline else { return events }
            try await Task.sleep(for: .milliseconds(20))
        }
        return events
    }
}

/// Collects speeds handed to `onSpeed`, in m/s.
private actor BLESpeedLog {
    private(set) var speeds: [Double] = []

    func append(_ speed: Double) {
        speeds.append(speed)
    }
}

/// An event with the reading's time removed, so a whole run compares with `==`.
private enum BLESeen: Equatable {
    case value(SensorReading.Value)
    case disconnected(SensorStream)
    case reconnected(SensorStream)
    case skipped(String)

    init(_ event: SensorEvent) {
        switch event {
        case .reading(let reading): self = .value(reading.value)
        case .disconnected(let stream, _): self = .disconnected(stream)
        case .reconnected(let stream): self = .reconnected(stream)
        case .skipped(let skipped): self = .skipped(skipped.reason)
        }
    }
}

/// `BluetoothSensorSource` against the fake BlueZ (Fixtures/ble/fake_bluez.py) on a private dbus-daemon.
@Suite(.timeLimit(.minutes(3 * TestTime.scale))) struct BluetoothSensorSourceTests {
    private static let strap = "A0:9E:1A:12:34:56"

    private func heartRate(_ bpm: Double, _ rr: [UInt16], contact: Bool?) -> BLESeen {
        .value(.heartRate(HeartRateReading(beatsPerMinute: bpm, rrIntervals: rr.map { Double($0) / 1024 }, sensorContact: contact)))
    }

    @Test func heartRateStrapWithDisconnectAndReconnect() async throws {
        let bus = try DBusTestBus()
        defer { bus.stop() }
        try bus.startFakeBlueZ()
        let source = BluetoothSensorSource(address: Self.strap.lowercased(), profile: .heartRate, busAddress: bus.address)
        #expect(source.streams == [.heartRate, .battery])
        #expect(source.description == "Bluetooth heart rate A0:9E:1A:12:34:56 on hci0")
        let log = BLEEventLog()
        let task = Task { await source.run { await log.append($0) } }
        let events = try await log.wait(seconds: 90) { events in
            events.contains(.reconnected(.heartRate))
                && events.filter { if case .reading(let r) = $0 { r.stream == .heartRate } else { false } }.count >= 8
        }
        let cancelled = ContinuousClock.now
        task.cancel()
        await task.value
        #expect(ContinuousClock.now - cancelled < TestTime.duration(.seconds(20)), "run must return on cancellation, not after D-Bus's 25 s call timeout or a reconnect")

        let battery = BLESeen.value(.battery(BatteryReading(level: 0.85, isCharging: false)))
        let expected: [BLESeen] = [
            battery,
            heartRate(72, [960], contact: true),
            heartRate(74, [812, 842], contact: true),
            heartRate(75, [800], contact: nil),
            heartRate(154, [768], contact: true),
            heartRate(78, [], contact: false),
            .skipped("gatt.short"),
            heartRate(76, [784], contact: true),
            .disconnected(.heartRate),
            battery,
            .reconnected(.heartRate),
            heartRate(80, [768], contact: nil),
            heartRate(81, [758], contact: nil),
        ]
        #expect(events.map(BLESeen.init) == expected, "fake BlueZ log:\n\(bus.fakeBlueZLog)")
        // The reason says what happened; the skipped detail says where.
        for event in events {
            if case .disconnected(_, let reason) = event { #expect(reason.contains("A0:9E:1A:12:34:56 disconnected")) }
            if case .skipped(let skipped) = event { #expect(skipped.detail.contains("RR-Interval 1 needs 2 byte(s) at offset 2")) }
        }
        // Readings carry wall-clock times in order.
        let times = events.compactMap { if case .reading(let r) = $0 { r.time } else { nil } }
        #expect(times == times.sorted())
        #expect(bus.fakeBlueZLog.components(separatedBy: "Connect A0:9E:1A:12:34:56").count - 1 == 2)
    }

    @Test func powerMeterGivesPowerCadenceAndSpeed() async throws {
        let bus = try DBusTestBus()
        defer { bus.stop() }
        try bus.startFakeBlueZ()
        let speeds = BLESpeedLog()
        let source = BluetoothSensorSource(address: "E4:A1:B2:C3:D4:E5", profile: .cyclingPower, busAddress: bus.address,
                                           wheelCircumference: 2.0)
            .onSpeed { _, metresPerSecond in await speeds.append(metresPerSecond) }
        let log = BLEEventLog()
        let task = Task { await source.run { await log.append($0) } }
        let events = try await log.wait(seconds: 90) { events in
            events.filter { if case .reading(let r) = $0 { r.stream == .power } else { false } }.count >= 3
        }
        task.cancel()
        await task.value
        // The first notification is the revolution baseline; the second gives 3 crank revolutions in
        // 2048/1024 s (90 rpm) and 4 wheel revolutions in 4096/2048 s (2 rev/s × 2 m); the third
        // repeats the events while coasting, so only its power counts.
        #expect(events.map(BLESeen.init) == [
            .value(.power(watts: 200)),
            .value(.power(watts: 210)), .value(.cadence(perMinute: 90)),
            .value(.power(watts: 0)),
        ], "fake BlueZ log:\n\(bus.fakeBlueZLog)")
        #expect(await speeds.speeds == [4.0])
    }

    @Test func discoverListsWhatBlueZKnows() async throws {
        let bus = try DBusTestBus()
        defer { bus.stop() }
        try bus.startFakeBlueZ()
        let devices = try await BluetoothSensorSource.discover(busAddress: bus.address)
        #expect(devices.map(\.address) == ["5D:00:11:22:33:44", "A0:9E:1A:12:34:56", "C7:12:34:56:78:9A", "E4:A1:B2:C3:D4:E5"])
        #expect(devices[3].profiles == [.cyclingPower] && devices[3].advertisesCyclingPower)
        let strap = try #require(devices.first { $0.address == Self.strap })
        #expect(strap.name == "Polar H10 12345678")
        #expect(strap.rssi == -58)
        #expect(strap.adapter == "hci0")
        #expect(strap.objectPath == "/org/bluez/hci0/dev_A0_9E_1A_12_34_56")
        #expect(strap.isPaired && !strap.isConnected)
        #expect(strap.profiles == [.heartRate])
        #expect(strap.advertises(.heartRate) && !strap.advertises(.cyclingPower))
        #expect(strap.serviceUUIDs.contains("0000180f-0000-1000-8000-00805f9b34fb"))
        #expect(devices[2].name == "Wahoo CADENCE 1A2B")
        #expect(devices[2].profiles == [.cyclingSpeedCadence])
        #expect(strap.advertisesHeartRate && !devices[2].advertisesHeartRate)
        #expect(devices[2].advertisesCyclingSpeedCadence && !devices[2].advertisesCyclingPower && !devices[2].advertisesRunningSpeedCadence)
        #expect(devices[0].name == "5D-00-11-22-33-44")  // no Name: BlueZ's alias
        #expect(devices[0].profiles.isEmpty)
    }

    @Test func unknownDeviceAndMissingProfileAreReportedAsDisconnected() async throws {
        let bus = try DBusTestBus()
        defer { bus.stop() }
        try bus.startFakeBlueZ()

        let unknown = BluetoothSensorSource(address: "11:22:33:44:55:66", profile: .heartRate, busAddress: bus.address)
        let unknownLog = BLEEventLog()
        let unknownTask = Task { await unknown.run { await unknownLog.append($0) } }
        let unknownEvents = try await unknownLog.wait(seconds: 30) { !$0.isEmpty }
        unknownTask.cancel()
        await unknownTask.value
        guard case .disconnected(.heartRate, let reason) = unknownEvents.first else {
            Issue.record("expected disconnected, got \(unknownEvents)")
            return
        }
        #expect(reason.contains("BlueZ does not know 11:22:33:44:55:66 on hci0"))

        // BlueZ fails to connect the unnamed device.
        let absent = BluetoothSensorSource(address: "5D:00:11:22:33:44", profile: .heartRate, busAddress: bus.address)
        let absentLog = BLEEventLog()
        let absentTask = Task { await absent.run { await absentLog.append($0) } }
        let absentEvents = try await absentLog.wait(seconds: 30) { !$0.isEmpty }
        absentTask.cancel()
        await absentTask.value
        guard case .disconnected(.heartRate, let absentReason) = absentEvents.first else {
            Issue.record("expected disconnected, got \(absentEvents)")
            return
        }
        #expect(absentReason.contains("5D:00:11:22:33:44 did not connect (D-Bus error org.bluez.Error.Failed: le-connection-abort-by-local)"))

        // The strap offers no Cycling Power Measurement: both power streams go down, saying why.
        let wrongProfile = BluetoothSensorSource(address: Self.strap, profile: .cyclingPower, busAddress: bus.address)
        #expect(wrongProfile.streams == [.power, .cadence, .battery])
        let log = BLEEventLog()
        let task = Task { await wrongProfile.run { await log.append($0) } }
        let events = try await log.wait(seconds: 30) { $0.count >= 2 }
        task.cancel()
        await task.value
        #expect(events.map(BLESeen.init).prefix(2) == [.disconnected(.power), .disconnected(.cadence)])
        if case .disconnected(_, let reason) = events.first {
            #expect(reason.contains("has no cycling power measurement characteristic 0x2A63"))
        }
    }

    @Test func cancellingWhileConnectingIsPrompt() async throws {
        let bus = try DBusTestBus()
        defer { bus.stop() }
        try bus.startFakeBlueZ()
        // The cadence sensor is out of range: Connect hangs like BlueZ paging for it.
        let source = BluetoothSensorSource(address: "C7:12:34:56:78:9A", profile: .cyclingSpeedCadence, busAddress: bus.address)
        let task = Task { await source.run { _ in } }
        let deadline = ContinuousClock.now + TestTime.duration(.seconds(90))
        while !bus.fakeBlueZLog.contains("Connect C7:12:34:56:78:9A"), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(bus.fakeBlueZLog.contains("Connect C7:12:34:56:78:9A"), "the source never called Device1.Connect")
        let start = ContinuousClock.now
        task.cancel()
        await task.value
        #expect(ContinuousClock.now - start < TestTime.duration(.seconds(20)))
    }

    @Test func busWithoutBlueZ() async throws {
        let bus = try DBusTestBus()
        defer { bus.stop() }
        do {
            _ = try await BluetoothSensorSource.discover(busAddress: bus.address)
            Issue.record("discover succeeded without org.bluez on the bus")
        } catch let error as BluetoothError {
            guard case .bluezUnavailable = error else {
                Issue.record("expected bluezUnavailable, got \(error)")
                return
            }
            #expect(error.description.contains("BlueZ (bluetoothd) is not running"))
        }
    }

    @Test func unreachableBusIsReportedNotFatal() async throws {
        let source = BluetoothSensorSource(address: Self.strap, profile: .heartRate, busAddress: "unix:path=/nonexistent/pace/bus")
        let log = BLEEventLog()
        let task = Task { await source.run { await log.append($0) } }
        let events = try await log.wait(seconds: 90) { !$0.isEmpty }
        task.cancel()
        await task.value
        guard case .disconnected(.heartRate, let reason) = events.first else {
            Issue.record("expected disconnected, got \(events)")
            return
        }
        #expect(reason.contains("cannot reach BlueZ on D-Bus"))
        #expect(reason.contains("/nonexistent/pace/bus"))
    }
}
