import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

@Suite struct AnchoredObjectQueryTests {
    private let heartRate = HealthObjectType.quantity(.heartRate)

    private func beats(_ count: Int, from minute: Int = 0) -> [QuantitySample] {
        (0..<count).map { TestObjects.heartRate(Double(100 + $0), at: TestObjects.morning.addingTimeInterval(Double(60 * (minute + $0))), metadata: [:]) }
    }

    @Test func initialResultHoldsMatchingObjectsOnly() async throws {
        let store = try HealthStore.inMemory()
        let samples = beats(3)
        try await store.save(samples.map(HealthObject.quantitySample))
        try await store.save(TestObjects.sleep())

        let result = try await store.anchoredObjects(AnchoredObjectQuery(type: heartRate))

        #expect(result.added == samples.map(HealthObject.quantitySample))
        #expect(result.deleted.isEmpty && !result.hasMore)
        #expect(result.anchor == QueryAnchor(storeID: try await store.storeIdentifier(), anchor: try await store.currentAnchor()))
    }

    @Test func limitPagesThroughAdditionsAndDeletions() async throws {
        // Given 5 saves and 2 deletions of the type
        let store = try HealthStore.inMemory()
        let samples = beats(5)
        for sample in samples { try await store.save(sample) }
        try await store.delete(id: samples[1].id)
        try await store.delete(id: samples[3].id)

        // When paging 2 changes at a time
        var query = AnchoredObjectQuery(type: heartRate, limit: 2)
        var pages: [AnchoredObjectResult] = []
        repeat {
            let page = try await store.anchoredObjects(query)
            pages.append(page)
            query.anchor = page.anchor
        } while pages.last!.hasMore

        // Then every surviving addition and every deletion is seen exactly once
        #expect(pages.map { $0.added.count + $0.deleted.count } == [2, 2, 1])
        #expect(pages.flatMap(\.added).map(\.id) == [samples[0], samples[2], samples[4]].map(\.id))
        #expect(pages.flatMap(\.deleted).map(\.id) == [samples[1].id, samples[3].id])
        #expect(try await store.anchoredObjects(query).isEmpty)
    }

    @Test func resumingReturnsExactlyWhatChanged() async throws {
        let store = try HealthStore.inMemory()
        let samples = beats(3)
        try await store.save(samples.map(HealthObject.quantitySample))
        let first = try await store.anchoredObjects(AnchoredObjectQuery(type: heartRate))
        let later = beats(1, from: 10)[0]

        try await store.save(later)
        try await store.delete(id: samples[0].id)
        let next = try await store.anchoredObjects(AnchoredObjectQuery(type: heartRate, anchor: first.anchor))

        #expect(next.added == [.quantitySample(later)])
        #expect(next.deleted.map(\.id) == [samples[0].id])
    }

    @Test func syncReplacementIsADeletionAndAnAddition() async throws {
        let store = try HealthStore.inMemory()
        var old = TestObjects.heartRate(120, metadata: [:])
        old.metadata.syncIdentifier = "strap-1"
        old.metadata.syncVersion = 1
        try await store.save(old)
        let start = try await store.anchoredObjects(AnchoredObjectQuery(type: heartRate))
        var new = TestObjects.heartRate(125, metadata: [:])
        new.metadata.syncIdentifier = "strap-1"
        new.metadata.syncVersion = 2

        try await store.save(new)
        let result = try await store.anchoredObjects(AnchoredObjectQuery(type: heartRate, anchor: start.anchor))

        #expect(result.deleted.map(\.id) == [old.id])
        #expect(result.added == [.quantitySample(new)])
    }

    @Test func intervalAndSourceFilterAdditions() async throws {
        let store = try HealthStore.inMemory()
        let samples = beats(4)
        var foreign = beats(1, from: 1)[0]
        foreign.source = Source(name: "Other", bundleIdentifier: "com.example.other")
        try await store.save((samples + [foreign]).map(HealthObject.quantitySample))
        let interval = DateInterval(start: samples[1].startDate, end: samples[2].startDate)

        let result = try await store.anchoredObjects(AnchoredObjectQuery(
            type: heartRate, interval: interval, sourceBundleIdentifier: TestObjects.watch.bundleIdentifier))

        #expect(result.added.map(\.id) == [samples[1].id, samples[2].id])
    }

    @Test func resumesAcrossReopen() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("health.sqlite")
        let samples = beats(3)
        let saved: Data
        do {
            let store = try HealthStore(path: path)
            try await store.save(samples[0])
            saved = try JSONEncoder().encode(try await store.anchoredObjects(AnchoredObjectQuery(type: heartRate)).anchor)
            try await store.save(samples[1])
        }

        let reopened = try HealthStore(path: path)
        try await reopened.save(samples[2])
        let anchor = try JSONDecoder().decode(QueryAnchor.self, from: saved)
        let result = try await reopened.anchoredObjects(AnchoredObjectQuery(type: heartRate, anchor: anchor))

        #expect(result.added.map(\.id) == [samples[1].id, samples[2].id])
    }

    @Test func anchorFromAnotherStoreIsRefused() async throws {
        let store = try HealthStore.inMemory()
        let other = try HealthStore.inMemory()
        try await other.save(TestObjects.heartRate())
        let foreign = try await other.anchoredObjects(AnchoredObjectQuery(type: heartRate)).anchor

        let error = await #expect(throws: StoreError.self) {
            try await store.anchoredObjects(AnchoredObjectQuery(type: heartRate, anchor: foreign))
        }

        #expect(error?.code == .foreignAnchor)
        let storeID = try await store.storeIdentifier()
        #expect(error?.message == "The anchor \(foreign) was made by another store (this one is \(storeID.uuidString)). Start again without an anchor to read this store from the beginning.")
    }
}
