public import Foundation
public import PaceModel

/// A Bluetooth LE fitness sensor — a heart-rate strap, a footpod, a speed/cadence sensor, a power
/// meter — read through BlueZ over D-Bus.
///
/// It finds the device BlueZ knows under `adapter`, connects it if needed, waits for its GATT
/// services, reads the battery level (0x2A19) when offered and subscribes to the profile's
/// measurement characteristic. Notifications become readings: heart rate with RR intervals,
/// cadence (steps or crank revolutions per minute), power. Speed has no ``SensorReading`` case:
/// it goes to the handler set with ``onSpeed(_:)``. When the device disconnects the source reports
/// ``SensorEvent/disconnected(_:reason:)`` for the profile's streams and reconnects with backoff
/// (0.5 s doubling to 30 s), reporting ``SensorEvent/reconnected(_:)`` when notifications flow again.
///
/// ```swift
/// let strap = BluetoothSensorSource(address: "A0:9E:1A:12:34:56", profile: .heartRate)
/// let task = Task { await strap.run { event in await session.handle(event) } }
/// ```
public struct BluetoothSensorSource: SensorSource {
    /// The device address, e.g. `A0:9E:1A:12:34:56`.
    public let address: String
    /// The profile read from the device.
    public let profile: GATTProfile
    /// The BlueZ adapter, e.g. `hci0`.
    public let adapter: String
    /// The D-Bus address of the bus BlueZ is on; `nil` for the system bus
    /// (`DBUS_SYSTEM_BUS_ADDRESS`, else `unix:path=/var/run/dbus/system_bus_socket`).
    public let busAddress: String?
    /// Wheel circumference in metres, for cycling speed from wheel revolutions.
    public let wheelCircumference: Double
    let speedHandler: (@Sendable (Date, Double) async -> Void)?
    /// Reconnection delays: 0.5 s doubling to 30 s, from the start again after a session that delivered data.
    let reconnectBackoff: ReconnectBackoff

    /// Creates a source.
    /// - Parameters:
    ///   - address: The device address (six hex pairs).
    ///   - profile: Which measurement to read.
    ///   - adapter: The BlueZ adapter name.
    ///   - busAddress: A D-Bus address, or `nil` for the system bus.
    ///   - wheelCircumference: Metres per wheel revolution (2.105 m: 700×25C).
    public init(address: String, profile: GATTProfile, adapter: String = "hci0", busAddress: String? = nil,
                wheelCircumference: Double = 2.105) {
        self.init(address: address, profile: profile, adapter: adapter, busAddress: busAddress,
                  wheelCircumference: wheelCircumference, speedHandler: nil,
                  reconnectBackoff: ReconnectBackoff(initial: .milliseconds(500), cap: .seconds(30)))
    }

    init(address: String, profile: GATTProfile, adapter: String, busAddress: String?, wheelCircumference: Double,
         speedHandler: (@Sendable (Date, Double) async -> Void)?, reconnectBackoff: ReconnectBackoff) {
        self.address = address
        self.profile = profile
        self.adapter = adapter
        self.busAddress = busAddress
        self.wheelCircumference = wheelCircumference
        self.speedHandler = speedHandler
        self.reconnectBackoff = reconnectBackoff
    }

    /// A copy that also hands every speed (metres per second, with the time it was measured) to
    /// `handler`: RSC instantaneous speed, or CSC / Cycling Power wheel speed.
    public func onSpeed(_ handler: @escaping @Sendable (Date, Double) async -> Void) -> BluetoothSensorSource {
        BluetoothSensorSource(address: address, profile: profile, adapter: adapter, busAddress: busAddress,
                              wheelCircumference: wheelCircumference, speedHandler: handler,
                              reconnectBackoff: reconnectBackoff)
    }

    /// E.g. `"Bluetooth heart rate A0:9E:1A:12:34:56 on hci0"`.
    public var description: String {
        "Bluetooth \(profile.displayName) \(address.uppercased()) on \(adapter)"
    }

    /// The profile's measurement streams plus ``SensorStream/battery``.
    public var streams: Set<SensorStream> {
        Set(profile.measurementStreams).union([.battery])
    }

    /// Runs until the task is cancelled, reconnecting with backoff; see the type's documentation.
    public func run(_ emit: @escaping @Sendable (SensorEvent) async -> Void) async {
        var link = BluetoothLink()
        var backoff = reconnectBackoff
        while !Task.isCancelled {
            let reason = await session(emit: emit, link: &link)
            if Task.isCancelled { return }
            if !link.isDown {
                link.isDown = true
                for stream in profile.measurementStreams {
                    await emit(.disconnected(stream, reason: reason))
                }
            }
            if link.deliveredInSession { backoff.reset() }
            do {
                try await Task.sleep(for: backoff.next())
            } catch {
                return
            }
        }
    }

    /// The bus address to use.
    func resolvedBusAddress() throws(DBusError) -> DBusAddress {
        if let busAddress {
            return try DBusAddress.parse(busAddress, environment: ProcessInfo.processInfo.environment)
        }
        return try DBusAddress.systemBus(environment: ProcessInfo.processInfo.environment)
    }
}

/// What the source remembers across sessions.
struct BluetoothLink {
    /// Whether ``SensorEvent/disconnected(_:reason:)`` was reported and not yet followed by a reconnection.
    var isDown = false
    /// Whether the last session delivered a notification (resets the backoff).
    var deliveredInSession = false
}
