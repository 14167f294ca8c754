import PaceSensors
import Testing

@Suite struct DBusSignatureTests {
    @Test func parsesContainers() throws {
        #expect(try DBusType.parse("a{sv}") == [.array(.dictEntry(key: .string, value: .variant))])
        #expect(try DBusType.parse("ia(ov)") == [.int32, .array(.structure([.objectPath, .variant]))])
        #expect(try DBusType.parse("") == [])
        for signature in ["a{oa{sa{sv}}}", "yaaay(bnqiuxtdsogh)v", "a(s(ia{st}))"] {
            #expect(DBusType.signature(of: try DBusType.parse(signature)) == signature)
        }
    }

    @Test func alignments() throws {
        let types = try DBusType.parse("ybnqiuxtdsoghva{sv}(i)")
        #expect(types.map(\.alignment) == [1, 4, 2, 2, 4, 4, 8, 8, 8, 4, 4, 1, 4, 1, 4, 8])
    }

    @Test(arguments: [
        ("a", "ends in the middle"), ("{sv}", "outside an array"), ("a{vs}", "not a basic type"), ("()", "empty structure"),
        ("(i", "unclosed"), ("a{sss}", "exactly a key and a value"), ("z", "unexpected 'z'"), ("a{s}", "exactly a key and a value"),
    ])
    func rejectsInvalidSignatures(signature: String, reason: String) {
        do {
            _ = try DBusType.parse(signature)
            Issue.record("'\(signature)' parsed")
        } catch {
            guard case .invalidSignature(_, let detail) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(detail.contains(reason), "\(detail)")
        }
    }

    @Test func enforcesLengthAndNestingLimits() throws {
        #expect(throws: DBusError.self) { try DBusType.parse(String(repeating: "y", count: 256)) }
        #expect(try DBusType.parse(String(repeating: "y", count: 255)).count == 255)
        #expect(throws: DBusError.self) { try DBusType.parse(String(repeating: "a", count: 33) + "y") }
        #expect(try DBusType.parse(String(repeating: "a", count: 32) + "y").count == 1)
        #expect(throws: DBusError.self) {
            try DBusType.parse(String(repeating: "(", count: 33) + "y" + String(repeating: ")", count: 33))
        }
        #expect(throws: DBusError.self) { try DBusType.parseSingle("ii") }
    }
}
