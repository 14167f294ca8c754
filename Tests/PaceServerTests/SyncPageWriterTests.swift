import Foundation
import PaceModel
import PaceTestSupport
import Testing
@testable import PaceServer

/// The sync page's own writer must write exactly what `JSONEncoder` with sorted keys writes: a
/// pulled object pushed back is a replay only if it is the same object to the last bit.
@Suite struct SyncPageWriterTests {
    static func encoded(_ page: SyncPageJSON) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try encoder.encode(page))
    }

    static func written(_ page: SyncPageJSON) throws -> [UInt8] {
        var writer = SyncPageWriter()
        try writer.write(page)
        return writer.bytes
    }

    /// Awkward numbers: whole, negative zero, tiny, huge, exponents either side, long fractions.
    static let numbers: [Double] = [0, -0.0, 1, 120, 0.1, -3.25, 1e-7, 2.5e-5, .leastNonzeroMagnitude, 1e15, 1e16, 1e21, 1.5e300,
                                    123_456_789_012_345_680, 757_000_000, 757_000_000.123456, 1_795_158_000.123_456, .pi]

    static func objects() -> [SyncObjectJSON] {
        let odd = Source(name: "Odd \"quoted\" / back\\slash\ttab\n\u{01}é😀\u{2028}", bundleIdentifier: "org.example/odd",
                         version: "1.0", productType: "Watch7,1", operatingSystemVersion: "11.0")
        let bare = Source(name: "Bare", bundleIdentifier: "org.example.bare")
        let device = Device(name: "Strap", manufacturer: "Acme", localIdentifier: "AA:BB")
        let metadata: Metadata = [.syncIdentifier: .string("sync/1"), .syncVersion: .integer(3), .externalUUID: .string("x"),
                                  "org.example.flag": .bool(true), "org.example.when": .date(TestObjects.morning),
                                  "org.example.ratio": .double(0.1), "org.example.speed": .quantity(Quantity(value: 3.5, unit: .meter))]
        var objects: [HealthObject] = []
        for (index, number) in numbers.enumerated() {
            let start = Date(timeIntervalSinceReferenceDate: numbers[(index + 5) % numbers.count])
            objects.append(.quantitySample(QuantitySample(type: .heartRate, quantity: Quantity(value: number, unit: .countPerMinute),
                                                          start: start, end: start, source: index.isMultiple(of: 2) ? odd : bare,
                                                          device: index.isMultiple(of: 3) ? device : nil,
                                                          metadata: index.isMultiple(of: 4) ? metadata : Metadata())))
        }
        objects.append(.quantitySample(QuantitySample(type: .bodyMass, quantity: Quantity(value: 72.4, unit: .kilogram),
                                                      start: TestObjects.morning, end: TestObjects.morning.addingTimeInterval(0.25))))
        objects.append(.quantitySample(TestObjects.heartRate()))
        objects.append(.categorySample(TestObjects.sleep()))
        objects.append(.categorySample(CategorySample(type: .sleepAnalysis, value: -2, start: TestObjects.morning,
                                                      end: TestObjects.morning.addingTimeInterval(60), source: odd, device: device,
                                                      metadata: metadata)))
        let run = TestObjects.run()
        objects.append(.workout(run))
        objects.append(.workoutRoute(TestObjects.route(for: run, count: 4)))
        // A route with the awkward numbers in every field, a device and metadata naming "locations".
        var awkward = TestObjects.route(for: run, count: numbers.count)
        for index in awkward.locations.indices {
            let value = { (shift: Int) in numbers[(index + shift) % numbers.count] }
            awkward.locations[index] = RouteLocation(timestamp: Date(timeIntervalSinceReferenceDate: value(0)), latitude: value(1),
                                                     longitude: value(2), altitude: value(3), speed: value(4), course: value(5),
                                                     horizontalAccuracy: value(6), verticalAccuracy: value(7),
                                                     speedAccuracy: value(8), courseAccuracy: value(9))
        }
        awkward.device = device
        awkward.metadata = ["locations": .string("\"locations\":[]"), .syncIdentifier: .string("route/1")]
        objects.append(.workoutRoute(awkward))
        return objects.map { SyncObjectJSON($0) }
    }

    @Test func aPageIsWrittenByteForByteAsJSONEncoderWritesIt() throws {
        let deletions = [SyncDeletionJSON(id: UUID(), type: "HKQuantityTypeIdentifierHeartRate", deletedAt: TestObjects.morning),
                         SyncDeletionJSON(id: UUID(), type: "HKWorkoutTypeIdentifier", deletedAt: Date(timeIntervalSince1970: 0))]
        for page in [SyncPageJSON(objects: Self.objects(), deleted: deletions, anchor: "abc/\"def", hasMore: true),
                     SyncPageJSON(objects: [], deleted: [], anchor: "", hasMore: false),
                     SyncPageJSON(objects: Self.objects() + Self.objects(), deleted: [], anchor: "x", hasMore: false)] {
            let written = try Self.written(page), encoded = try Self.encoded(page)
            #expect(written == encoded, "\(String(decoding: written, as: UTF8.self))\n≠\n\(String(decoding: encoded, as: UTF8.self))")
        }
    }

    @Test func whatIsWrittenDecodesToTheSameObjects() throws {
        let objects = Self.objects()
        let written = try Self.written(SyncPageJSON(objects: objects, deleted: [], anchor: "a", hasMore: false))
        struct Page: Decodable { var objects: [KindedHealthObject] }
        let decoded = try JSONDecoder().decode(Page.self, from: Data(written))
        #expect(decoded.objects.map(\.object) == objects.map(\.object))
    }
}
