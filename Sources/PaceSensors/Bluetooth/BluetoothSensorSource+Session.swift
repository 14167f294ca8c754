import Foundation
import Logging
import PaceModel

private let logger = Logger(label: "pace.sensors.bluetooth")

/// The D-Bus objects of one connected device.
struct BluetoothTarget {
    var devicePath: String
    var measurementPath: String
    var batteryPath: String?
    /// The battery level value read when the session started.
    var initialBattery: [UInt8]?
}

extension BluetoothSensorSource {
    /// One connection to the device, from finding it to losing it.
    /// - Returns: Why the session ended, in words for ``SensorEvent/disconnected(_:reason:)``.
    func session(emit: @escaping @Sendable (SensorEvent) async -> Void, link: inout BluetoothLink) async -> String {
        link.deliveredInSession = false
        guard BlueZ.isValidAddress(address) else { return BluetoothError.invalidAddress(address).description }
        let bus: DBusConnection
        do {
            bus = try await DBusConnection.connect(to: resolvedBusAddress())
        } catch {
            return "cannot reach BlueZ on D-Bus: \(error)"
        }
        defer { bus.close() }
        // Subscribe before adding match rules so no signal is missed.
        let signals = bus.signals()
        let target: BluetoothTarget
        do {
            target = try await prepare(bus)
        } catch {
            logger.notice("Bluetooth sensor not ready", metadata: ["device": "\(address)", "error": "\(error)"])
            return "\(error)"
        }
        logger.info("Bluetooth sensor streaming", metadata: ["device": "\(address)", "characteristic": "\(target.measurementPath)"])
        if let battery = target.initialBattery { await deliverBattery(battery, emit: emit) }
        var decoder = GATTNotificationDecoder(profile: profile, wheelCircumference: wheelCircumference)
        for await signal in signals {
            if let ended = endReason(signal, target: target) { return ended }
            guard let (interface, changed) = BlueZ.propertiesChanged(signal),
                  interface == BlueZ.characteristicInterface,
                  let bytes = changed["Value"]?.byteArray else { continue }
            if signal.path == target.measurementPath {
                let time = Date()
                let output = decoder.decode(bytes, arrival: .now)
                await deliver(output, time: time, emit: emit, link: &link)
            } else if signal.path == target.batteryPath {
                await deliverBattery(bytes, emit: emit)
            }
        }
        return bus.isClosed ? "the D-Bus connection to BlueZ closed" : "stopped"
    }

    /// Finds the device, connects it, waits for its GATT services, reads the battery and starts notifications.
    private func prepare(_ bus: DBusConnection) async throws -> BluetoothTarget {
        let adapterPath = "/org/bluez/\(adapter)"
        guard !adapter.isEmpty, adapter.utf8.allSatisfy(DBusNames.isElementByte) else {
            throw BluetoothError.adapterNotFound(adapter: adapter)
        }
        try await bus.addMatch("type='signal',sender='\(BlueZ.service)',interface='\(BlueZ.propertiesInterface)',member='PropertiesChanged',path_namespace='\(adapterPath)'")
        try await bus.addMatch("type='signal',sender='\(BlueZ.service)',interface='\(BlueZ.objectManagerInterface)',member='InterfacesRemoved'")
        try await bus.addMatch("type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(BlueZ.service)'")

        var objects = try await BlueZ.managedObjects(bus)
        guard objects[adapterPath]?[BlueZ.adapterInterface] != nil else { throw BluetoothError.adapterNotFound(adapter: adapter) }
        let devicePath = objects.first { path, interfaces in
            guard let device = interfaces[BlueZ.deviceInterface] else { return false }
            return device["Adapter"]?.stringValue == adapterPath
                && device["Address"]?.stringValue?.uppercased() == address.uppercased()
        }?.key ?? BlueZ.devicePath(adapter: adapter, address: address)
        guard let device = objects[devicePath]?[BlueZ.deviceInterface] else {
            throw BluetoothError.deviceNotFound(address: address, adapter: adapter)
        }
        if device["Connected"]?.boolValue != true {
            logger.info("Connecting Bluetooth sensor", metadata: ["device": "\(address)"])
            do {
                try await bus.call(BlueZ.call(devicePath, BlueZ.deviceInterface, "Connect"), timeout: .seconds(35))
            } catch let error as DBusError {
                switch error {
                case .remote, .timeout: throw BluetoothError.connectFailed(address: address, detail: error.description)
                default: throw error
                }
            }
        }

        let timeout = 20.0
        let deadline = ContinuousClock.now + .seconds(timeout)
        while true {
            guard let device = objects[devicePath]?[BlueZ.deviceInterface] else {
                throw BluetoothError.deviceNotFound(address: address, adapter: adapter)
            }
            if let measurement = BlueZ.characteristic(profile.measurementUUID, under: devicePath, in: objects) {
                let battery = BlueZ.characteristic(BluetoothUUID.batteryLevel, under: devicePath, in: objects)
                var target = BluetoothTarget(devicePath: devicePath, measurementPath: measurement, batteryPath: battery)
                target.initialBattery = try await start(target, bus: bus)
                return target
            }
            if device["ServicesResolved"]?.boolValue == true {
                throw BluetoothError.characteristicNotFound(uuid: profile.measurementUUID, address: address, profile: profile)
            }
            guard ContinuousClock.now < deadline else {
                throw BluetoothError.servicesNotResolved(address: address, seconds: timeout)
            }
            try await Task.sleep(for: .milliseconds(200))
            objects = try await BlueZ.managedObjects(bus)
        }
    }

    /// Reads the battery once and starts measurement notifications.
    /// - Returns: The battery level value, if it could be read.
    private func start(_ target: BluetoothTarget, bus: DBusConnection) async throws -> [UInt8]? {
        var battery: [UInt8]?
        if let batteryPath = target.batteryPath {
            do {
                let reply = try await bus.call(BlueZ.call(batteryPath, BlueZ.characteristicInterface, "ReadValue",
                                                          [.dictionary([])]))
                if let bytes = reply.body.first?.byteArray {
                    battery = bytes
                }
            } catch let error as DBusError {
                // Some sensors need pairing to read the battery; the measurement still works.
                logger.notice("Could not read the Bluetooth sensor's battery", metadata: ["device": "\(address)", "error": "\(error)"])
            }
        }
        try await bus.call(BlueZ.call(target.measurementPath, BlueZ.characteristicInterface, "StartNotify"))
        return battery
    }

    /// Why the signal ends the session, if it does.
    private func endReason(_ signal: DBusMessage, target: BluetoothTarget) -> String? {
        if signal.interface == "org.freedesktop.DBus", signal.member == "NameOwnerChanged",
           signal.body.count == 3, signal.body[0].stringValue == BlueZ.service, signal.body[2].stringValue == "" {
            return "bluetoothd stopped (org.bluez left the bus)"
        }
        if signal.interface == BlueZ.objectManagerInterface, signal.member == "InterfacesRemoved",
           let path = signal.body.first?.stringValue {
            if path == target.devicePath { return "\(address.uppercased()) was removed from BlueZ" }
            if path == target.measurementPath { return "\(address.uppercased()) lost its GATT services" }
        }
        if signal.path == target.devicePath, let (interface, changed) = BlueZ.propertiesChanged(signal),
           interface == BlueZ.deviceInterface, changed["Connected"]?.boolValue == false {
            return "\(address.uppercased()) disconnected (out of range, switched off or battery flat)"
        }
        return nil
    }

    private func deliver(_ output: GATTNotificationDecoder.Output, time: Date,
                         emit: @escaping @Sendable (SensorEvent) async -> Void, link: inout BluetoothLink) async {
        if let skipped = output.skipped {
            logger.debug("Skipped a Bluetooth notification", metadata: ["reason": "\(skipped.reason)", "detail": "\(skipped.detail)"])
            await emit(.skipped(skipped))
        }
        guard !output.values.isEmpty || output.speed != nil else { return }
        link.deliveredInSession = true
        if link.isDown {
            link.isDown = false
            for stream in profile.measurementStreams { await emit(.reconnected(stream)) }
        }
        for value in output.values {
            await emit(.reading(SensorReading(time: time, value: value)))
        }
        if let speed = output.speed, let speedHandler {
            await speedHandler(time, speed)
        }
    }

    private func deliverBattery(_ bytes: [UInt8], emit: @escaping @Sendable (SensorEvent) async -> Void) async {
        do {
            let level = try BatteryLevel(bytes: bytes)
            await emit(.reading(SensorReading(time: Date(), value: .battery(BatteryReading(level: level.fraction, isCharging: false)))))
        } catch {
            await emit(.skipped(SkippedInput(reason: error.skipReason, detail: error.description)))
        }
    }
}
