import Foundation
import PaceSensors
import PaceTestSupport
import Testing

/// Marshalling against byte layouts worked out by hand from the D-Bus specification's alignment rules.
@Suite struct DBusMarshallingTests {
    /// Encodes `body` as the body of a signal and returns just the body bytes.
    private func bodyBytes(_ body: [DBusValue], _ endianness: DBusEndianness = .little) throws -> [UInt8] {
        let message = DBusMessage.signal(path: "/p", interface: "a.b", member: "C", body: body)
        let bytes = try message.encoded(serial: 1, endianness: endianness)
        let bodyLength = endianness == .little
            ? Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
            : Int(bytes[7]) | Int(bytes[6]) << 8 | Int(bytes[5]) << 16 | Int(bytes[4]) << 24
        return Array(bytes.suffix(bodyLength))
    }

    @Test func dictionaryOfVariantsLittleEndian() throws {
        // a{sv} {"a": <uint32 7>}: length 16, pad to 8, "a", signature "u", pad to 4, 7.
        let bytes = try bodyBytes([.dictionary([("a", .uint32(7))])])
        #expect(bytes == [0x10, 0, 0, 0, 0, 0, 0, 0,
                          0x01, 0, 0, 0, 0x61, 0x00,
                          0x01, 0x75, 0x00, 0, 0, 0,
                          0x07, 0, 0, 0])
    }

    @Test func dictionaryOfVariantsBigEndian() throws {
        let bytes = try bodyBytes([.dictionary([("a", .uint32(7))])], .big)
        #expect(bytes == [0, 0, 0, 0x10, 0, 0, 0, 0,
                          0, 0, 0, 0x01, 0x61, 0x00,
                          0x01, 0x75, 0x00, 0, 0, 0,
                          0, 0, 0, 0x07])
    }

    @Test func structureAlignsToEightAndDoubleIsIEEE() throws {
        let bytes = try bodyBytes([.byte(1), .structure([.int16(-2), .double(1.5)])])
        #expect(bytes == [0x01, 0, 0, 0, 0, 0, 0, 0,
                          0xFE, 0xFF, 0, 0, 0, 0, 0, 0,
                          0, 0, 0, 0, 0, 0, 0xF8, 0x3F])
    }

    @Test func emptyArrayStillPadsToItsElementAlignment() throws {
        // 'y' then 'ax' with no elements: byte, pad to 4, length 0, pad to 8.
        let bytes = try bodyBytes([.byte(9), .array(.int64, [])])
        #expect(bytes == [0x09, 0, 0, 0, 0, 0, 0, 0])
    }

    @Test func basicTypes() throws {
        let bytes = try bodyBytes([.boolean(true), .signature("a{sv}"), .objectPath("/o"), .uint64(0x0102_0304_0506_0708)])
        #expect(bytes == [0x01, 0, 0, 0,
                          0x05, 0x61, 0x7B, 0x73, 0x76, 0x7D, 0x00,
                          0x00,
                          0x02, 0, 0, 0, 0x2F, 0x6F, 0x00,
                          0, 0, 0, 0, 0,
                          0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01])
    }

    @Test func everyTypeRoundTripsInBothByteOrders() throws {
        let body: [DBusValue] = [
            .byte(0xFF), .boolean(false), .int16(.min), .uint16(.max), .int32(-123_456), .uint32(.max),
            .int64(.min), .uint64(.max), .double(-0.25), .string("grüße ❤️"), .objectPath("/org/bluez/hci0"),
            .signature("a{oa{sa{sv}}}"), .unixFD(0),
            .array(.dictEntry(key: .objectPath, value: .array(.dictEntry(key: .string, value: .array(.dictEntry(key: .string, value: .variant))))), [
                .dictEntry(.objectPath("/org/bluez/hci0/dev_A0"), .array(.dictEntry(key: .string, value: .array(.dictEntry(key: .string, value: .variant))), [
                    .dictEntry(.string("org.bluez.Device1"), .dictionary([
                        ("Connected", .boolean(true)), ("RSSI", .int16(-58)), ("UUIDs", .array(.string, [.string("180d")])),
                        ("Value", .bytes([0x16, 0x48])), ("Nested", .variant(.variant(.structure([.int32(1), .string("x")])))),
                    ])),
                ])),
            ]),
            .array(.array(.byte), [.bytes([1, 2, 3]), .bytes([])]),
        ]
        for endianness in [DBusEndianness.little, .big] {
            let message = DBusMessage(kind: .methodReturn, flags: [.noAutoStart], replySerial: 42, destination: ":1.7",
                                      sender: "org.bluez", body: body)
            let bytes = try message.encoded(serial: 9, endianness: endianness)
            #expect(bytes[0] == endianness.rawValue)
            let decoded = try DBusMessage.decode(bytes)
            #expect(decoded.body == body)
            #expect(decoded.serial == 9)
            #expect(decoded.replySerial == 42)
            #expect(decoded.flags == [.noAutoStart])
            #expect(decoded.sender == "org.bluez")
            #expect(decoded.signature == message.signature)
        }
    }

    @Test func rejectsValuesThatCannotBeMarshalled() {
        let bad: [DBusValue] = [
            .objectPath("no/leading/slash"), .objectPath("/trailing/"), .objectPath("/double//slash"), .objectPath("/bad-char"),
            .string("nul\u{0}inside"), .signature("a{vs}"), .array(.string, [.int32(1)]),
        ]
        for value in bad {
            #expect(throws: DBusError.self, "\(value)") {
                _ = try DBusMessage.signal(path: "/p", interface: "a.b", member: "C", body: [value]).encoded(serial: 1)
            }
        }
    }

    @Test func requiredHeaderFieldsAndSerial() {
        #expect(throws: DBusError.self) { _ = try DBusMessage(kind: .methodCall, path: "/").encoded(serial: 1) }
        #expect(throws: DBusError.self) { _ = try DBusMessage(kind: .error, errorName: "x.Y").encoded(serial: 1) }
        #expect(throws: DBusError.self) { _ = try DBusMessage.signal(path: "/", interface: "a.b", member: "C").encoded(serial: 0) }
    }

    @Test func valueAccessors() {
        let properties = DBusValue.dictionary([("Name", .string("Polar")), ("RSSI", .int16(-60)), ("UUIDs", .array(.string, [.string("a")]))])
        let dictionary = properties.stringDictionary
        #expect(dictionary?["Name"]?.stringValue == "Polar")
        #expect(dictionary?["RSSI"]?.intValue == -60)
        #expect(dictionary?["UUIDs"]?.stringArray == ["a"])
        #expect(DBusValue.variant(.bytes([1, 2])).byteArray == [1, 2])
        #expect(DBusValue.int32(5).stringValue == nil)
        #expect(DBusValue.uint64(.max).intValue == nil)
    }
}
