import Foundation

/// Names and calls of the BlueZ D-Bus API (doc/org.bluez.*.rst in the BlueZ sources) that the
/// Bluetooth source uses.
enum BlueZ {
    static let service = "org.bluez"
    static let adapterInterface = "org.bluez.Adapter1"
    static let deviceInterface = "org.bluez.Device1"
    static let characteristicInterface = "org.bluez.GattCharacteristic1"
    static let propertiesInterface = "org.freedesktop.DBus.Properties"
    static let objectManagerInterface = "org.freedesktop.DBus.ObjectManager"

    /// Object path → interface → property → value (variants unwrapped).
    typealias ManagedObjects = [String: [String: [String: DBusValue]]]

    /// `ObjectManager.GetManagedObjects` on `/`: every BlueZ object with its interfaces and properties.
    static func managedObjects(_ bus: DBusConnection) async throws -> ManagedObjects {
        let reply: DBusMessage
        do {
            reply = try await bus.call(.methodCall(destination: service, path: "/", interface: objectManagerInterface,
                                                   member: "GetManagedObjects"))
        } catch DBusError.remote(let name, let message)
            where name == "org.freedesktop.DBus.Error.ServiceUnknown" || name == "org.freedesktop.DBus.Error.NameHasNoOwner" {
            throw BluetoothError.bluezUnavailable(detail: message.isEmpty ? name : message)
        }
        guard reply.signature == "a{oa{sa{sv}}}", let objects = reply.body.first?.dictionaryEntries else {
            throw DBusError.unexpectedReply(member: "GetManagedObjects", signature: reply.signature, expected: "a{oa{sa{sv}}}")
        }
        var result: ManagedObjects = [:]
        for (path, interfaces) in objects {
            guard let path = path.stringValue, let entries = interfaces.dictionaryEntries else { continue }
            var byInterface: [String: [String: DBusValue]] = [:]
            for (name, properties) in entries {
                guard let name = name.stringValue else { continue }
                byInterface[name] = properties.stringDictionary ?? [:]
            }
            result[path] = byInterface
        }
        return result
    }

    /// The conventional device path: `/org/bluez/hci0/dev_A0_9E_1A_12_34_56`.
    static func devicePath(adapter: String, address: String) -> String {
        "/org/bluez/\(adapter)/dev_" + address.uppercased().replacingOccurrences(of: ":", with: "_")
    }

    /// Whether `address` is six colon-separated hex pairs.
    static func isValidAddress(_ address: String) -> Bool {
        let parts = address.split(separator: ":", omittingEmptySubsequences: false)
        return parts.count == 6 && parts.allSatisfy { $0.count == 2 && UInt8($0, radix: 16) != nil }
    }

    /// The path of the characteristic with the 16-bit `uuid` under `devicePath`, if any.
    static func characteristic(_ uuid: UInt16, under devicePath: String, in objects: ManagedObjects) -> String? {
        objects.keys.sorted().first { path in
            guard path.hasPrefix(devicePath + "/"),
                  let properties = objects[path]?[characteristicInterface],
                  let value = properties["UUID"]?.stringValue else { return false }
            return BluetoothUUID.shortValue(value) == uuid
        }
    }

    /// `Properties.PropertiesChanged` decoded: the interface and the changed properties.
    static func propertiesChanged(_ signal: DBusMessage) -> (interface: String, changed: [String: DBusValue])? {
        guard signal.interface == propertiesInterface, signal.member == "PropertiesChanged", signal.body.count >= 2,
              let interface = signal.body[0].stringValue, let changed = signal.body[1].stringDictionary else { return nil }
        return (interface, changed)
    }

    /// A method call to a BlueZ object.
    static func call(_ path: String, _ interface: String, _ member: String, _ body: [DBusValue] = []) -> DBusMessage {
        .methodCall(destination: service, path: path, interface: interface, member: member, body: body)
    }
}
