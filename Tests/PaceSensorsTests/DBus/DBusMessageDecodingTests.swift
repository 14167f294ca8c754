import Foundation
import PaceSensors
import PaceTestSupport
import Testing

/// Decoding hostile input: every malformed message is a typed error, never a crash.
@Suite struct DBusMessageDecodingTests {
    /// A valid signal whose body is `b` then `s`, and where those fields sit.
    private func sample() throws -> [UInt8] {
        try DBusMessage.signal(path: "/org/pace", interface: "org.pace.Test", member: "Ping",
                               body: [.boolean(true), .string("hi")]).encoded(serial: 3)
    }

    private func expectMalformed(_ bytes: [UInt8], containing text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try DBusMessage.decode(bytes)
            Issue.record("decoded a malformed message", sourceLocation: sourceLocation)
        } catch {
            guard case .malformedMessage(let detail, _) = error else {
                Issue.record("expected malformedMessage, got \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(detail.contains(text), "\(detail)", sourceLocation: sourceLocation)
        }
    }

    @Test func decodesTheSample() throws {
        let message = try DBusMessage.decode(try sample())
        #expect(message.kind == .signal)
        #expect(message.path == "/org/pace")
        #expect(message.qualifiedMember == "org.pace.Test.Ping")
        #expect(message.body == [.boolean(true), .string("hi")])
    }

    @Test func truncatedAndOverlongInput() throws {
        let bytes = try sample()
        expectMalformed(Array(bytes.prefix(10)), containing: "shorter than the 16-byte fixed header")
        expectMalformed(Array(bytes.dropLast()), containing: "declares")
        expectMalformed(bytes + [0], containing: "declares")
    }

    @Test func badFixedHeader() throws {
        var bytes = try sample()
        bytes[0] = UInt8(ascii: "x")
        expectMalformed(bytes, containing: "endianness")
        bytes = try sample()
        bytes[1] = 9
        expectMalformed(bytes, containing: "unknown message type 9")
        bytes = try sample()
        bytes[3] = 2
        expectMalformed(bytes, containing: "protocol version 2")
        bytes = try sample()
        bytes[8...11] = [0, 0, 0, 0]
        expectMalformed(bytes, containing: "serial is 0")
    }

    @Test func badBodyValues() throws {
        let bytes = try sample()
        // Body: boolean (4 bytes), string length (4), "hi", NUL: 11 bytes.
        let bodyLength = Int(bytes[4])
        #expect(bodyLength == 11)
        let start = bytes.count - bodyLength
        var corrupted = bytes
        corrupted[start] = 2  // boolean 2
        expectMalformed(corrupted, containing: "boolean value 2")
        corrupted = bytes
        corrupted[start + 4] = 200  // string length past the end
        expectMalformed(corrupted, containing: "runs past the end")
        corrupted = bytes
        corrupted[bytes.count - 1] = UInt8(ascii: "!")  // string not NUL-terminated
        expectMalformed(corrupted, containing: "not NUL-terminated")
        corrupted = bytes
        corrupted[start + 8] = 0xFF  // invalid UTF-8 in the string
        expectMalformed(corrupted, containing: "UTF-8")
    }

    @Test func badHeaderFields() throws {
        // A method call without a member: build the header by hand.
        var writerMessage = DBusMessage.methodCall(destination: nil, path: "/", interface: nil, member: "M")
        var bytes = try writerMessage.encoded(serial: 1)
        // Rename header field 3 (MEMBER) to 200, an unknown field that must be ignored.
        let memberCode = bytes.firstIndex(of: 3)!
        bytes[memberCode] = 200
        expectMalformed(bytes, containing: "a method call needs a path and a member")

        writerMessage = DBusMessage.signal(path: "/", interface: "a.b", member: "C", body: [.uint32(1)])
        bytes = try writerMessage.encoded(serial: 1)
        // Change the SIGNATURE field from "u" to "s": the body no longer matches.
        let signatureIndex = bytes.lastIndex(of: UInt8(ascii: "u"))!
        bytes[signatureIndex] = UInt8(ascii: "y")
        expectMalformed(bytes, containing: "after the body's signature 'y' is complete")
    }

    @Test func nonZeroPaddingAndBadVariantSignature() throws {
        let padded = try DBusMessage.signal(path: "/", interface: "a.b", member: "C", body: [.byte(1), .uint32(2)]).encoded(serial: 1)
        var bytes = padded
        bytes[bytes.count - 5] = 7  // the padding byte before the uint32
        expectMalformed(bytes, containing: "non-zero alignment padding")

        let variant = try DBusMessage.signal(path: "/", interface: "a.b", member: "C", body: [.variant(.byte(1))]).encoded(serial: 1)
        bytes = variant
        bytes[bytes.count - 3] = UInt8(ascii: "{")  // variant signature "{"
        expectMalformed(bytes, containing: "'{' is invalid")
    }

    @Test func randomCorruptionNeverCrashes() throws {
        let valid = try DBusMessage(kind: .methodReturn, replySerial: 1, body: [
            .dictionary([("Value", .bytes([1, 2, 3])), ("Connected", .boolean(true)), ("Path", .objectPath("/a/b"))]),
            .array(.structure([.int16, .string]), [.structure([.int16(1), .string("x")])]),
        ]).encoded(serial: 5)
        var random = SeededRandom(seed: 0xB1E)
        var rejected = 0
        for _ in 0..<3000 {
            var bytes = valid
            for _ in 0..<(1 + Int(random.next() % 4)) {
                let index = Int(random.next() % UInt64(bytes.count))
                bytes[index] = UInt8(truncatingIfNeeded: random.next())
            }
            if random.next() % 4 == 0 { bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count)))) }
            do {
                _ = try DBusMessage.decode(bytes)
            } catch {
                rejected += 1
            }
        }
        // Most random corruptions are caught; the rest decoded to some valid message. Either way, no crash.
        #expect(rejected > 1000)
    }
}
