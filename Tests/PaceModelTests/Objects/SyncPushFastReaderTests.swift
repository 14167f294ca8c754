import Foundation
import PaceModel
import PaceTestSupport
import Testing

/// The sync push's fast reader gives, for every body it reads, the batch `JSONDecoder` gives, and
/// leaves every other body to the decoder.
struct SyncPushFastReaderTests {
    @Test func theBenchmarkClientsBodyIsReadAsTheDecoderReadsIt() throws {
        // Given a push written as the benchmark's Python client writes it (spaces, its key order, upper-case UUIDs)
        let body = Data("""
            {"objects": [{"kind": "quantitySample", "object": {"id": "0B4E7F0A-3C2D-4E5F-8A9B-0C1D2E3F4A5B", \
            "type": "HKQuantityTypeIdentifierHeartRate", "quantity": {"value": 121, "unit": "count/min"}, \
            "startDate": 757000001.0, "endDate": 757000001.0, "source": {"name": "Bench", "bundleIdentifier": "org.pace.bench"}, \
            "metadata": {}}}]}
            """.utf8)

        // When the fast reader reads it, Then it reads the decoder's batch
        let fast = try #require(SyncPushFastReader.read(body))
        try Self.expectSame(fast, body)
        let sample = try #require(fast.objects.first.map(\.object))
        #expect(sample.id.uuidString == "0B4E7F0A-3C2D-4E5F-8A9B-0C1D2E3F4A5B")
    }

    @Test(arguments: 0..<200) func plainBatchesOfEveryFormAreReadAsTheDecoderReadsThem(seed: Int) throws {
        // Given a random batch in the reader's shape: optional fields present, null or absent,
        // every plain metadata kind, keys in any order, any whitespace, either case of UUIDs
        var random = SeededRandom(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1)
        let body = Data(PlainBatchWriter().batch(using: &random).utf8)

        // When the fast reader reads it, Then it reads exactly the decoder's batch
        let fast = try #require(SyncPushFastReader.read(body), "declined: \(String(decoding: body, as: UTF8.self))")
        try Self.expectSame(fast, body)
    }

    @Test(arguments: [
        // Other kinds, and metadata holding a quantity
        #"{"objects": [{"kind": "categorySample", "object": {}}]}"#,
        #"{"objects": [], "x": 1}"#,
        // An escape, the object before its kind, a key repeated
        #"{"objects": [], "deleted": ["0B4E7F0A-3C2D-4E5F-8A9B-0C1D2E3F4A5\u0042"]}"#,
        #"{"objects": [{"object": {}, "kind": "quantitySample"}]}"#,
        #"{"objects": [], "objects": []}"#,
        // Not JSON, or not a batch: the decoder's refusals
        #"{"objects": [}"#, #"{"objects": [], "deleted": ["not a UUID"]}"#, #"{}"#, #"[]"#, "",
        #"{"objects": [1e400]}"#, "\u{FEFF}{\"objects\": []}",
    ]) func otherBodiesAreLeftToTheDecoder(text: String) throws {
        // Given a body outside the reader's shape, When it is read
        let body = Data(text.utf8)

        // Then the fast reader declines, and decoding gives the decoder's batch or refusal
        #expect(SyncPushFastReader.read(body) == nil)
        let decoded = Result { try JSONDecoder().decode(SyncPushBatch.self, from: body) }
        let read = Result { try SyncPushBatch.decode(body) }
        switch (decoded, read) {
        case (.success(let expected), .success(let got)):
            #expect(got.objects.map(\.object) == expected.objects.map(\.object) && got.deleted == expected.deleted)
        case (.failure, .failure(let error)):
            #expect(error is DecodingError)
        default:
            Issue.record("SyncPushBatch.decode and JSONDecoder disagree on \(text)")
        }
    }

    @Test(arguments: [
        (#"{"value": 1e-400, "unit": "count"}"#, "a value that rounds to zero"),
        (#"{"value": 01, "unit": "count"}"#, "a leading zero"),
        (#"{"value": 1., "unit": "count"}"#, "a point without digits"),
        (#"{"value": 1, "unit": "bananas"}"#, "an unknown unit"),
    ]) func numbersAndUnitsOutsideJSONOrTheCatalogueAreDeclined(quantity: String, what: String) {
        // Given an otherwise plain sample whose quantity has `what`
        let body = Data("""
            {"objects": [{"kind": "quantitySample", "object": {"id": "0B4E7F0A-3C2D-4E5F-8A9B-0C1D2E3F4A5B", \
            "type": "HKQuantityTypeIdentifierStepCount", "quantity": \(quantity), "startDate": 1, "endDate": 2, \
            "source": {"name": "A", "bundleIdentifier": "a"}, "metadata": {}}}]}
            """.utf8)

        // Then the fast reader declines it
        #expect(SyncPushFastReader.read(body) == nil, "\(what)")
    }

    /// Expects `fast` to be the batch `JSONDecoder` reads from `body`.
    static func expectSame(_ fast: SyncPushBatch, _ body: Data) throws {
        let decoded = try JSONDecoder().decode(SyncPushBatch.self, from: body)
        #expect(fast.objects.map(\.object) == decoded.objects.map(\.object))
        #expect(fast.deleted == decoded.deleted)
    }
}

/// Writes random batches in the fast reader's shape as JSON text, varying everything JSON and
/// the decoder allow.
private struct PlainBatchWriter {
    let types: [(String, String)] = [("HKQuantityTypeIdentifierHeartRate", "count/min"), ("HKQuantityTypeIdentifierStepCount", "count"),
                                     ("HKQuantityTypeIdentifierDistanceWalkingRunning", "km"),
                                     ("HKQuantityTypeIdentifierActiveEnergyBurned", "kcal"),
                                     ("HKQuantityTypeIdentifierBodyMass", "kg")]

    func batch(using random: inout SeededRandom) -> String {
        let samples = (0..<Int.random(in: 0...4, using: &random)).map { _ in kinded(using: &random) }
        var members = [("objects", "[" + samples.joined(separator: comma(&random)) + "]")]
        switch Int.random(in: 0...2, using: &random) {
        case 0: members.append(("deleted", "null"))
        case 1: members.append(("deleted", "[" + (0..<Int.random(in: 0...3, using: &random)).map { _ in uuid(&random) }
            .joined(separator: comma(&random)) + "]"))
        default: break
        }
        return space(&random) + object(members, &random) + space(&random)
    }

    func kinded(using random: inout SeededRandom) -> String {
        let (type, unit) = types.randomElement(using: &random)!
        let start = number(&random)
        var members = [("id", uuid(&random)), ("type", quoted(type)),
                       ("quantity", object([("value", number(&random)), ("unit", quoted(unit))].shuffled(using: &random), &random)),
                       ("startDate", start), ("endDate", start),
                       ("source", object(source(&random), &random)), ("metadata", metadata(&random))]
        switch Int.random(in: 0...2, using: &random) {
        case 0: members.append(("device", "null"))
        case 1: members.append(("device", object(device(&random), &random)))
        default: break
        }
        let sample = object(members.shuffled(using: &random), &random)
        return "{" + space(&random) + "\"kind\":" + space(&random) + "\"quantitySample\"," + space(&random) + "\"object\":" + sample + "}"
    }

    func source(_ random: inout SeededRandom) -> [(String, String)] {
        var members = [("name", quoted("Wätch \(Int.random(in: 1...9, using: &random))")), ("bundleIdentifier", quoted("org.example.app"))]
        for key in ["version", "productType", "operatingSystemVersion"] {
            switch Int.random(in: 0...2, using: &random) {
            case 0: members.append((key, "null"))
            case 1: members.append((key, quoted("v\(Int.random(in: 1...20, using: &random))")))
            default: break
            }
        }
        return members.shuffled(using: &random)
    }

    func device(_ random: inout SeededRandom) -> [(String, String)] {
        ["name", "manufacturer", "model", "hardwareVersion", "firmwareVersion", "softwareVersion", "localIdentifier", "udiDeviceIdentifier"]
            .filter { _ in Bool.random(using: &random) }
            .map { ($0, Bool.random(using: &random) ? "null" : quoted("\($0)-\(Int.random(in: 0...99, using: &random))")) }
    }

    func metadata(_ random: inout SeededRandom) -> String {
        let values = ["org.pace.a", "org.pace.b", "HKMetadataKeySyncIdentifier", "HKMetadataKeySyncVersion"]
            .filter { _ in Bool.random(using: &random) }
            .map { key -> (String, String) in
                let value = switch Int.random(in: 0...4, using: &random) {
                case 0: object([("string", quoted("text \(Int.random(in: 0...9, using: &random))"))], &random)
                case 1: object([("double", number(&random))], &random)
                case 2: object([("integer", String(Int64.random(in: -1_000_000...1_000_000, using: &random)))], &random)
                case 3: object([("bool", Bool.random(using: &random) ? "true" : "false")], &random)
                default: object([("date", number(&random))], &random)
                }
                return (key, value)
            }
        return object(values, &random)
    }

    func object(_ members: [(String, String)], _ random: inout SeededRandom) -> String {
        "{" + members.map { space(&random) + quoted($0.0) + space(&random) + ":" + space(&random) + $0.1 + space(&random) }
            .joined(separator: ",") + "}"
    }

    func uuid(_ random: inout SeededRandom) -> String {
        let text = UUID().uuidString
        return quoted(Bool.random(using: &random) ? text : text.lowercased())
    }

    func number(_ random: inout SeededRandom) -> String {
        switch Int.random(in: 0...4, using: &random) {
        case 0: String(Int.random(in: -5...1_000_000_000, using: &random))
        case 1: String(Double.random(in: -1e6...1e9, using: &random))
        case 2: "\(Int.random(in: 1...9, using: &random)).\(Int.random(in: 0...999, using: &random))e\(Int.random(in: -20...20, using: &random))"
        case 3: "-0.0"
        default: "0.1"
        }
    }

    func quoted(_ text: String) -> String { "\"" + text + "\"" }
    func comma(_ random: inout SeededRandom) -> String { space(&random) + "," + space(&random) }
    func space(_ random: inout SeededRandom) -> String { ["", " ", "\n", "\t ", "\r\n"].randomElement(using: &random)! }
}
