import Foundation
import PaceModel
import PaceTestSupport
import Testing
@testable import PaceSensors

/// The battery polling logic against fake `/sys/class/power_supply` trees.
@Suite("Battery sampler")
struct BatterySamplerTests {
    let time = Date(timeIntervalSince1970: 1_800_000_000)

    func battery(_ events: [SensorEvent]) -> BatteryReading? {
        for event in events { if case .reading(let reading) = event, case .battery(let battery) = reading.value { return battery } }
        return nil
    }

    /// A laptop: a mains adapter, the system battery, and a wireless mouse's battery listed first.
    func laptop(capacity: String = "87", status: String = "Discharging") throws -> FakeSysfsTree {
        let tree = try FakeSysfsTree()
        try tree.write(in: "AC", ["type": "Mains", "online": "0"])
        try tree.write(in: "BAT0", ["type": "Battery", "present": "1", "scope": "System", "capacity": capacity, "status": status,
                                    "model_name": "5B10W13975"])
        try tree.write(in: "AAA_mouse_battery", ["type": "Battery", "scope": "Device", "capacity": "30", "status": "Discharging"])
        return tree
    }

    @Test("auto picks the system battery (not a peripheral's): capacity 87 % discharging → level 0.87, not charging")
    func automatic() throws {
        let tree = try laptop()
        var sampler = BatterySampler(path: nil, root: tree.root)
        let events = sampler.poll(at: time)
        #expect(events == [.reading(SensorReading(time: time, value: .battery(BatteryReading(level: 0.87, isCharging: false))))])
        #expect(sampler.path == tree.root + "/BAT0")
    }

    @Test("status: Charging, Full and Not charging mean external power; Unknown asks the mains adapter", arguments: [
        ("Charging", "0", true), ("Full", "0", true), ("Not charging", "0", true), ("Discharging", "1", false),
        ("Unknown", "1", true), ("Unknown", "0", false),
    ])
    func charging(status: String, mainsOnline: String, expected: Bool) throws {
        let tree = try laptop(status: status)
        try tree.write("AC/online", mainsOnline)
        var sampler = BatterySampler(path: "BAT0", root: tree.root)
        #expect(battery(sampler.poll(at: time))?.isCharging == expected)
    }

    @Test("without capacity: energy_now/energy_full (µWh), else charge_now/charge_full (µAh)")
    func fallbacks() throws {
        let tree = try FakeSysfsTree()
        try tree.write(in: "BAT1", ["type": "Battery", "energy_now": "12000000", "energy_full": "48000000", "status": "Discharging"])
        try tree.write(in: "CMB0", ["type": "Battery", "charge_now": "2900000", "charge_full": "2900000", "status": "Full"])
        var energy = BatterySampler(path: tree.root + "/BAT1", root: tree.root)
        #expect(battery(energy.poll(at: time)) == BatteryReading(level: 0.25, isCharging: false))
        var charge = BatterySampler(path: "CMB0", root: tree.root)
        #expect(battery(charge.poll(at: time)) == BatteryReading(level: 1, isCharging: true))
    }

    @Test("garbage or an impossible capacity is skipped; two failures in a row disconnect; the battery's return reconnects")
    func failures() throws {
        let tree = try laptop()
        var sampler = BatterySampler(path: nil, root: tree.root)
        #expect(battery(sampler.poll(at: time))?.level == 0.87)
        try tree.write("BAT0/capacity", "lots")
        #expect(sampler.poll(at: time).map(\.sysfsKind) == ["skipped"])
        try tree.write("BAT0/capacity", "250")
        let second = sampler.poll(at: time)
        #expect(second.map(\.sysfsKind) == ["skipped", "disconnected"])
        if case .skipped(let input)? = second.first { #expect(input.reason == "sysfs.garbage") }
        try tree.write("BAT0/capacity", "86")
        #expect(sampler.poll(at: time).map(\.sysfsKind) == ["reconnected", "reading"])
    }

    @Test("no battery at all: battery.none, then disconnected with the root named")
    func none() throws {
        let tree = try FakeSysfsTree()
        try tree.write(in: "AC", ["type": "Mains", "online": "1"])
        try tree.write(in: "BAT0", ["type": "Battery", "present": "0", "status": "Unknown"])
        var sampler = BatterySampler(path: nil, root: tree.root)
        let events = sampler.poll(at: time) + sampler.poll(at: time)
        #expect(events.map(\.sysfsKind) == ["skipped", "skipped", "disconnected"])
        if case .skipped(let input)? = events.first { #expect(input.reason == "battery.none") }
        if case .disconnected(.battery, let reason)? = events.last { #expect(reason.contains(tree.root)) }
    }

    @Test("discover lists every battery with capacity, status and whether auto would pick it")
    func discover() throws {
        let tree = try laptop(capacity: "55", status: "Not charging")
        let batteries = BatterySource.discover(root: tree.root)
        #expect(batteries.map(\.name) == ["AAA_mouse_battery", "BAT0"])
        #expect(batteries.map(\.isSystemBattery) == [false, true])
        #expect(batteries[1].capacityPercent == 55)
        #expect(batteries[1].status == .notCharging)
        #expect(batteries[1].model == "5B10W13975")
        #expect(batteries[0].scope == "Device")
        #expect(BatterySource.discover(root: tree.root + "/absent").isEmpty)
    }

    @Test("the source reads at once, then every interval, and stops promptly when cancelled despite a 30 s interval")
    func source() async throws {
        let tree = try laptop(capacity: "42")
        let source = BatterySource(root: tree.root)
        #expect(source.interval == .seconds(30))
        #expect(source.streams == [.battery])
        let collector = SysfsEventCollector()
        let task = collector.start(source)
        #expect(await collector.wait(timeout: .seconds(90)) { !$0.isEmpty })
        #expect(battery(collector.events) == BatteryReading(level: 0.42, isCharging: false))
        let cancelled = ContinuousClock.now
        task.cancel()
        await task.value
        #expect(ContinuousClock.now - cancelled < TestTime.duration(.seconds(20)))

        let fast = BatterySource(path: "BAT0", root: tree.root, interval: .milliseconds(100))
        let many = SysfsEventCollector()
        let running = many.start(fast)
        #expect(await many.wait { $0.count >= 3 })
        running.cancel()
        await running.value
    }
}
