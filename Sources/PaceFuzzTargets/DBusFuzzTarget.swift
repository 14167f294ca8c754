import Foundation
import PaceSensors

extension FuzzTarget {
    /// The D-Bus wire format: ``DBusMessage/decode(_:)`` on any bytes. A refusal is a
    /// ``DBusError/malformedMessage(_:offset:)`` whose offset lies in the bytes; a decoded message
    /// encodes again (in the same byte order), and that encoding decodes and encodes to the same bytes.
    static let dbus = FuzzTarget(
        name: "dbus",
        summary: "DBusMessage.decode: malformedMessage inside the bytes, decode/encode round trip",
        generatedSeeds: { DBusFuzzChecks.seeds() }
    ) { (data) throws(FuzzInvariantViolation) -> FuzzOutcome in
        let check = FuzzCheck(target: "dbus")
        let bytes = [UInt8](data)
        let message: DBusMessage
        do throws(DBusError) {
            message = try DBusMessage.decode(bytes)
        } catch {
            guard case .malformedMessage(_, let offset) = error else {
                throw FuzzInvariantViolation(target: "dbus", message: "refused with \(error), not malformedMessage")
            }
            try check.require((0...bytes.count).contains(offset), "malformedMessage at offset \(offset) of \(bytes.count)")
            return .refused(code: "malformedMessage")
        }
        let endianness = DBusEndianness(rawValue: bytes[0]) ?? .little
        let encoded = try DBusFuzzChecks(check: check).encode(message, endianness, "the decoded message")
        let again: DBusMessage
        do {
            again = try DBusMessage.decode(encoded)
        } catch {
            throw FuzzInvariantViolation(target: "dbus", message: "the re-encoded message is refused: \(error)")
        }
        try check.require(again.kind == message.kind && again.serial == message.serial && again.signature == message.signature,
                          "the re-encoded message decodes as another message")
        let reencoded = try DBusFuzzChecks(check: check).encode(again, endianness, "the decoded re-encoding")
        try check.require(reencoded == encoded, "encoding is not stable: \(encoded.count) then \(reencoded.count) bytes")
        return .decoded
    }
}

/// The D-Bus target's checks and seeds.
struct DBusFuzzChecks {
    let check: FuzzCheck

    /// Encodes a decoded message; a decoded message must be encodable.
    func encode(_ message: DBusMessage, _ endianness: DBusEndianness, _ place: String) throws(FuzzInvariantViolation) -> [UInt8] {
        do {
            return try message.encoded(serial: message.serial, endianness: endianness)
        } catch {
            throw FuzzInvariantViolation(target: check.target, message: "\(place) cannot be encoded: \(error)")
        }
    }

    /// Messages as BlueZ and the bus exchange them, in both byte orders.
    static func seeds() -> [Data] {
        let properties: DBusValue = .array(.dictEntry(key: .string, value: .variant), [
            .dictEntry(.string("Value"), .variant(.array(.byte, [.byte(0x10), .byte(0x48), .byte(0x00), .byte(0x04)]))),
            .dictEntry(.string("Notifying"), .variant(.boolean(true))),
        ])
        var reply = DBusMessage(kind: .methodReturn, replySerial: 7, destination: ":1.42",
                                body: [.structure([.int16(-3), .uint16(3), .int32(-70_000), .uint64(1 << 40), .double(2.5)]),
                                       .objectPath("/org/bluez/hci0"), .signature("a{sv}")])
        reply.sender = "org.bluez"
        let messages: [DBusMessage] = [
            .methodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                        member: "Hello"),
            .methodCall(destination: "org.bluez", path: "/org/bluez/hci0/dev_00_11_22_33_44_55", interface: "org.bluez.Device1",
                        member: "Connect", body: [.string("le"), .uint32(30)]),
            .signal(path: "/org/bluez/hci0/dev_00_11_22_33_44_55/service0010/char0011",
                    interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged",
                    body: [.string("org.bluez.GattCharacteristic1"), properties, .array(.string, [])]),
            reply,
            DBusMessage(kind: .error, errorName: "org.bluez.Error.Failed", replySerial: 3, body: [.string("Operation failed")]),
        ]
        return messages.enumerated().flatMap { index, message in
            [DBusEndianness.little, .big].compactMap { endianness in
                (try? message.encoded(serial: UInt32(index + 1), endianness: endianness)).map { Data($0) }
            }
        }
    }
}
