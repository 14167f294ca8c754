import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// `HealthStore.sources(of:predicate:)` and its `AuthorizedStore` counterpart (HealthKit's `HKSourceQuery`).
@Suite struct SourceQueryTests {
    private let heartRate = HealthObjectType.quantity(.heartRate)
    private let runner = Source(name: "Runner", bundleIdentifier: "com.example.runner", version: "1.0")

    /// Heart rates of the watch (two versions), the phone and the runner app, and steps of the phone.
    private func makeStore() async throws -> HealthStore {
        var newerWatch = QueryFixtures.watch
        newerWatch.version = "2.0"
        newerWatch.name = "Alex's Watch"
        return try await QueryFixtures.store([
            QueryFixtures.heartRate(60, at: 0, source: QueryFixtures.watch),
            QueryFixtures.heartRate(70, at: 600, source: QueryFixtures.phone),
            QueryFixtures.heartRate(80, at: 1200, source: runner),
            // Saved last but measured first: the most recently saved object names the source.
            QueryFixtures.heartRate(65, at: -600, source: newerWatch),
            QueryFixtures.steps(100, from: QueryFixtures.at(0), to: QueryFixtures.at(60), source: QueryFixtures.phone),
        ])
    }

    @Test func listsEachSourceOnceByNameWithItsLatestDetails() async throws {
        // Given
        let store = try await makeStore()

        // When
        let sources = try await store.sources(of: heartRate)

        // Then
        #expect(sources.map(\.bundleIdentifier) == ["com.example.watch", "com.example.phone", "com.example.runner"])
        #expect(sources.map(\.name) == ["Alex's Watch", "Phone", "Runner"])
        #expect(sources.first?.version == "2.0")
        #expect(sources.last == runner)
    }

    @Test func appliesThePredicate() async throws {
        let store = try await makeStore()

        let late = try await store.sources(of: heartRate, predicate: .date(from: QueryFixtures.at(300), to: nil))
        let fast = try await store.sources(of: heartRate, predicate: .quantity(.greaterThan, Quantity(value: 75, unit: .countPerMinute)))
        let steps = try await store.sources(of: .quantity(.stepCount))

        #expect(late.map(\.name) == ["Phone", "Runner"])
        #expect(fast == [runner])
        #expect(steps == [QueryFixtures.phone])
        #expect(try await store.sources(of: .workout).isEmpty)
    }

    @Test func aPredicateThatDoesNotFitTheTypeIsAStoreError() async throws {
        let store = try await makeStore()

        let error = await #expect(throws: StoreError.self) {
            try await store.sources(of: .workout, predicate: .quantity(.greaterThan, Quantity(value: 1, unit: .count)))
        }

        #expect(error?.code == .invalidPredicate)
    }

    @Test func aClientWithoutReadPermissionSeesOnlyItself() async throws {
        // Given a store with three sources, a client that wrote heart rates and one that did not
        let store = try await makeStore()
        let app = store.authorization(for: runner)
        let stranger = store.authorization(for: "com.example.stranger")

        // When / Then: without read permission
        #expect(try await app.sources(of: heartRate) == [runner])
        #expect(try await app.sources(of: heartRate, predicate: .date(from: nil, to: QueryFixtures.at(300))).isEmpty)
        #expect(try await stranger.sources(of: heartRate).isEmpty)

        // When / Then: with read permission
        try await app.requestAuthorization(toShare: [], read: [heartRate]) { _, _ in true }
        #expect(try await app.sources(of: heartRate) == store.sources(of: heartRate))
    }
}
