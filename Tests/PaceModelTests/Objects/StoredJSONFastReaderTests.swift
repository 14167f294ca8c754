import Foundation
import PaceModel
import PaceTestSupport
import Testing

/// The fast reader's entry points for the stores' rows (metadata, a device, a whole quantity sample)
/// give what `JSONDecoder` gives for the JSON `JSONEncoder` writes, and decline the rest.
struct StoredJSONFastReaderTests {
    @Test(arguments: 0..<100) func encodedSamplesAreReadAsTheDecoderReadsThem(seed: Int) throws {
        // Given a random quantity sample with every kind of metadata value, a device or none, and
        // units with a slash (which JSONEncoder writes as `\/`)
        var random = SeededRandom(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1)
        let sample = try Self.sample(&random)
        let encoder = JSONEncoder()
        if Bool.random(using: &random) { encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes] }

        // When each part is encoded and read back by the fast reader
        let body = String(decoding: try encoder.encode(sample), as: UTF8.self)
        let metadata = String(decoding: try encoder.encode(sample.metadata), as: UTF8.self)

        // Then it reads exactly the sample, metadata and device that were written, as the decoder does
        let read = try #require(SyncPushFastReader.quantitySample(body), "declined: \(body)")
        #expect(read == sample)
        #expect(read == (try JSONDecoder().decode(QuantitySample.self, from: Data(body.utf8))))
        #expect(SyncPushFastReader.metadata(metadata) == sample.metadata)
        if let device = sample.device {
            #expect(SyncPushFastReader.device(String(decoding: try encoder.encode(device), as: UTF8.self)) == device)
        }
    }

    @Test(arguments: 0..<50) func encodedWorkoutStatisticsAreReadAsTheDecoderReadsThem(seed: Int) throws {
        // Given a workout's statistics: sums, averages, extremes, absent and null quantities
        var random = SeededRandom(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1)
        let start = Date(timeIntervalSinceReferenceDate: Double.random(in: 0...1e9, using: &random))
        let quantity = { (random: inout SeededRandom, unit: HealthUnit) -> Quantity? in
            Bool.random(using: &random) ? Quantity(value: Double.random(in: 0...1e5, using: &random), unit: unit) : nil
        }
        let statistics = try (0..<Int.random(in: 0...3, using: &random)).map { _ in
            WorkoutStatistics(type: [.heartRate, .distanceWalkingRunning, .activeEnergyBurned].randomElement(using: &random)!,
                              start: start, end: start.addingTimeInterval(Double.random(in: 0...1e4, using: &random)),
                              sum: quantity(&random, try HealthUnit(parsing: "m")), average: quantity(&random, try HealthUnit(parsing: "count/min")),
                              minimum: quantity(&random, .count), maximum: quantity(&random, .count),
                              mostRecent: quantity(&random, try HealthUnit(parsing: "kcal")))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(statistics), as: UTF8.self)

        // When the fast reader reads it, Then it reads what was written, as the decoder does
        let read = try #require(SyncPushFastReader.workoutStatistics(text), "declined: \(text)")
        #expect(read == statistics)
        #expect(read == (try JSONDecoder().decode([WorkoutStatistics].self, from: Data(text.utf8))))
    }

    @Test func statisticsWithANullQuantityAreReadAndWithAnUnknownKeyDeclined() throws {
        let null = #"[{"type": "HKQuantityTypeIdentifierHeartRate", "startDate": 1, "endDate": 2, "sum": null}]"#
        let read = try #require(SyncPushFastReader.workoutStatistics(null))
        #expect(read == (try JSONDecoder().decode([WorkoutStatistics].self, from: Data(null.utf8))) && read.first?.sum == nil)
        #expect(SyncPushFastReader.workoutStatistics(#"[{"type": "HKQuantityTypeIdentifierHeartRate", "startDate": 1, "endDate": 2, "x": 1}]"#) == nil)
        #expect(SyncPushFastReader.workoutStatistics(#"[{"type": "HKQuantityTypeIdentifierHeartRate", "startDate": 1}]"#) == nil)
    }

    @Test(arguments: [
        #"{"a": {"string": "x\ny"}}"#,                // an escape other than \/
        #"{"a": {"string": "x"}} {}"#,               // more after the object
        #"{"a": {"string": "x\/"#,                   // cut short
        #"{"a": {"quantity": {"value": 1, "unit": "bananas"}}}"#, // a unit outside the catalogue
        #"{"a": {"colour": "red"}}"#,                 // a kind of value Metadata does not have
        #"{"a": {"string": "x"}, "a": {"integer": 1}}"#,         // a key twice
    ]) func otherMetadataIsLeftToTheDecoder(text: String) {
        #expect(SyncPushFastReader.metadata(text) == nil)
    }

    @Test func aSlashEscapeIsReadAsTheSlash() throws {
        // Given metadata whose string holds escaped slashes, as JSONEncoder writes them
        let text = #"{"org.pace.path": {"string": "a\/b\/\/c"}, "k\/": {"bool": true}}"#

        // Then the fast reader reads the slashes, as the decoder does
        let read = try #require(SyncPushFastReader.metadata(text))
        #expect(read == (try JSONDecoder().decode(Metadata.self, from: Data(text.utf8))))
        #expect(read["org.pace.path"] == .string("a/b//c"))
    }

    static func sample(_ random: inout SeededRandom) throws -> QuantitySample {
        let types: [(QuantityTypeIdentifier, String)] = [(.heartRate, "count/min"), (.stepCount, "count"),
                                                         (.distanceWalkingRunning, "km"), (.bodyMass, "kg")]
        let (type, unit) = types.randomElement(using: &random)!
        let start = Date(timeIntervalSinceReferenceDate: Double.random(in: 0...1e9, using: &random))
        var metadata = Metadata()
        for key in ["org.pace.a", "HKMetadataKeySyncIdentifier", "org.pace/slash"] where Bool.random(using: &random) {
            metadata[MetadataKey(rawValue: key)] = switch Int.random(in: 0...5, using: &random) {
            case 0: .string("text/\(Int.random(in: 0...9, using: &random)) é")
            case 1: .double(Double.random(in: -1e6...1e6, using: &random))
            case 2: .integer(Int64.random(in: -1_000_000...1_000_000, using: &random))
            case 3: .bool(Bool.random(using: &random))
            case 4: .date(Date(timeIntervalSince1970: Double.random(in: 0...2e9, using: &random)))
            default: .quantity(Quantity(value: Double.random(in: 0...5000, using: &random), unit: try HealthUnit(parsing: "m/s")))
            }
        }
        var device: Device?
        if Bool.random(using: &random) {
            device = Device(name: "Strap/\(Int.random(in: 1...9, using: &random))")
            device?.firmwareVersion = Bool.random(using: &random) ? "1.2" : nil
        }
        return QuantitySample(type: type, quantity: Quantity(value: Double(Int.random(in: 40...200, using: &random)),
                                                             unit: try HealthUnit(parsing: unit)),
                              start: start, end: start.addingTimeInterval(Double(Int.random(in: 0...60, using: &random))),
                              source: Source(name: "Wätch", bundleIdentifier: "org.example/app",
                                             version: Bool.random(using: &random) ? "2" : nil),
                              device: device, metadata: metadata)
    }
}
