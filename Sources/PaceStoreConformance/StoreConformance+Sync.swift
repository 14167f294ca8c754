import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

extension StoreConformance {
    static func synced(_ value: Double, identifier: String, version: Int64, source: Source = TestObjects.watch,
                       after seconds: Double = 0) -> QuantitySample {
        var sample = QuantitySample(type: .heartRate, quantity: Quantity(value: value, unit: .countPerMinute),
                                    start: TestObjects.morning.addingTimeInterval(seconds),
                                    end: TestObjects.morning.addingTimeInterval(seconds), source: source)
        sample.metadata = [.syncIdentifier: .string(identifier), .syncVersion: .integer(version)]
        return sample
    }

    /// Sync identifiers and versions replace objects per source (HealthKit's `HKMetadataKeySyncIdentifier`).
    static let syncRules: [Rule] = [
        Rule(name: "a higher sync version of the same source replaces the stored object; a lower or equal one is refused") { store in
            let first = synced(120, identifier: "reading-1", version: 1)
            let second = synced(125, identifier: "reading-1", version: 2)
            try await store.save(first)
            try await store.save(second)
            #expect(try await store.object(id: first.id) == nil, "the replaced object is gone")
            #expect(try await store.quantitySample(id: second.id) == second)
            let stale = synced(130, identifier: "reading-1", version: 2)
            let error = await #expect(throws: StoreError.self) { try await store.save(stale) }
            #expect(error?.code == .syncVersionNotHigher)
            #expect(try await store.quantitySamples(matching: .heartRate).map(\.id) == [second.id])
        },
        Rule(name: "the same sync identifier from another source is another object") { store in
            let watch = synced(120, identifier: "reading-1", version: 5)
            let phone = synced(121, identifier: "reading-1", version: 1, source: QueryFixtures.phone, after: 1)
            try await store.save(watch)
            try await store.save(phone)
            #expect(Set(try await store.quantitySamples(matching: .heartRate).map(\.id)) == [watch.id, phone.id])
        },
        Rule(name: "replacing a workout by sync identifier deletes the replaced workout's routes") { store in
            let old = TestObjects.run(metadata: [.syncIdentifier: .string("w-1"), .syncVersion: .integer(1)])
            let route = TestObjects.route(for: old)
            try await store.save([.workout(old), .workoutRoute(route)])
            let new = TestObjects.run(metadata: [.syncIdentifier: .string("w-1"), .syncVersion: .integer(2)])
            try await store.save(new)
            #expect(try await store.workout(id: old.id) == nil)
            #expect(try await store.route(id: route.id) == nil)
            #expect(try await store.workout(id: new.id) == new)
        },
    ]
}
