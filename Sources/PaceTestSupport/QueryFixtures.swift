public import Foundation
public import PaceModel
public import PaceStore

/// Samples and sources shared by the query tests: two sources and an hour-free base date.
public enum QueryFixtures {
    /// A watch source, `com.example.watch`.
    public static let watch = Source(name: "Watch", bundleIdentifier: "com.example.watch")
    /// A phone source, `com.example.phone`.
    public static let phone = Source(name: "Phone", bundleIdentifier: "com.example.phone")
    /// 2026-01-01 00:00:00 UTC.
    public static let base = Date(timeIntervalSince1970: 1_767_225_600)

    /// ``base`` plus `seconds` seconds.
    public static func at(_ seconds: Double) -> Date { base.addingTimeInterval(seconds) }

    /// An instantaneous heart-rate sample of `value` beats per minute, `seconds` seconds after ``base``.
    public static func heartRate(_ value: Double, at seconds: Double, source: Source = watch, device: Device? = nil,
                                 metadata: Metadata = Metadata()) -> QuantitySample {
        QuantitySample(type: .heartRate, quantity: Quantity(value: value, unit: .countPerMinute),
                       start: at(seconds), end: at(seconds), source: source, device: device, metadata: metadata)
    }

    /// A step-count sample of `value` steps over `start`–`end`.
    public static func steps(_ value: Double, from start: Date, to end: Date, source: Source = watch) -> QuantitySample {
        QuantitySample(type: .stepCount, quantity: Quantity(value: value, unit: .count), start: start, end: end, source: source)
    }

    /// A new in-memory store holding `samples`.
    public static func store(_ samples: [QuantitySample]) async throws -> HealthStore {
        let store = try HealthStore.inMemory()
        try await store.save(samples.map { .quantitySample($0) })
        return store
    }
}
