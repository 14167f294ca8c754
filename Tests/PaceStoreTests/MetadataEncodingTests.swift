import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

@Suite("Metadata survives the store's JSON writer")
struct MetadataEncodingTests {
    @Test("strings with quotes, controls and emoji, extreme numbers, dates and quantities round-trip exactly")
    func roundTrip() async throws {
        let store = try HealthStore.inMemory()
        let metadata: Metadata = [
            "quote": .string("say \"hi\" \\ back/slash\n\t\r\u{01}\u{1F} é 🏃‍♀️"),
            "empty": .string(""),
            "tiny": .double(1e-7), "tenth": .double(0.1), "huge": .double(1e300), "negativeZero": .double(-0.0),
            "min": .integer(Int64.min), "max": .integer(Int64.max),
            "yes": .bool(true), "no": .bool(false),
            "when": .date(Date(timeIntervalSince1970: 1_700_000_000.123_456)),
            "temperature": .quantity(Quantity(value: 21.5, unit: .degreeCelsius)),
            .syncIdentifier: .string("sync-1"), .syncVersion: .integer(2),
        ]
        let sample = QuantitySample(type: .heartRate, quantity: Quantity(value: 150, unit: .countPerMinute),
                                    start: TestObjects.morning, end: TestObjects.morning, metadata: metadata)
        try await store.save(sample)
        let stored = try #require(try await store.quantitySample(id: sample.id))
        #expect(stored.metadata == metadata)
        let plain: Metadata = ["a": .string("x"), "b": .integer(1)]
        let second = QuantitySample(type: .heartRate, quantity: Quantity(value: 151, unit: .countPerMinute),
                                    start: TestObjects.morning, end: TestObjects.morning, metadata: plain)
        try await store.save(second)
        #expect(try await store.quantitySample(id: second.id)?.metadata == plain)
    }

    @Test("time-ordered UUIDs are version 7, unique and increasing")
    func timeOrderedUUIDs() {
        let ids = (0..<20_000).map { _ in UUID.timeOrdered() }
        #expect(Set(ids).count == ids.count)
        #expect(ids.map(\.uuidString) == ids.map(\.uuidString).sorted(), "string order is creation order")
        #expect(ids.allSatisfy { $0.uuid.6 >> 4 == 7 && $0.uuid.8 >> 6 == 2 }, "version 7, RFC variant")
    }
}
