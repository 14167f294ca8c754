import Foundation
import PaceModel
import PaceStore

/// Samples and sources shared by the query tests.
enum QueryFixtures {
    static let watch = Source(name: "Watch", bundleIdentifier: "com.example.watch")
    static let phone = Source(name: "Phone", bundleIdentifier: "com.example.phone")
    /// 2026-01-01 00:00:00 UTC.
    static let base = Date(timeIntervalSince1970: 1_767_225_600)

    static func at(_ seconds: Double) -> Date { base.addingTimeInterval(seconds) }

    static func heartRate(_ value: Double, at seconds: Double, source: Source = watch, device: Device? = nil,
                          metadata: Metadata = Metadata()) -> QuantitySample {
        QuantitySample(type: .heartRate, quantity: Quantity(value: value, unit: .countPerMinute),
                       start: at(seconds), end: at(seconds), source: source, device: device, metadata: metadata)
    }

    static func steps(_ value: Double, from start: Date, to end: Date, source: Source = watch) -> QuantitySample {
        QuantitySample(type: .stepCount, quantity: Quantity(value: value, unit: .count), start: start, end: end, source: source)
    }

    static func store(_ samples: [QuantitySample]) async throws -> HealthStore {
        let store = try HealthStore.inMemory()
        try await store.save(samples.map { .quantitySample($0) })
        return store
    }
}
