import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

extension StoreConformance {
    /// A client sees and writes only what the user allowed, and writes as itself.
    static let scopeRules: [Rule] = [
        Rule(name: "a client without read permission sees only its own objects, in every query") { store in
            let app = store.authorization(for: TestObjects.watch)
            try await app.requestAuthorization(toShare: [.quantity(.heartRate)], read: [.quantity(.heartRate)]) { _, access in
                access == .share
            }
            let own = TestObjects.heartRate(120)
            let others = QueryFixtures.heartRate(130, at: 0, source: QueryFixtures.phone)
            try await app.save(own)
            try await store.save(others)
            #expect(try await app.samples(matching: .quantity(.heartRate)).map(\.id) == [own.id])
            #expect(try await app.samples(of: .quantity(.heartRate)).map(\.id) == [own.id])
            let feed = try await app.anchoredObjects(AnchoredObjectQuery(type: .quantity(.heartRate)))
            #expect(feed.added.map(\.id) == [own.id])
            #expect(try await store.samples(matching: .quantity(.heartRate)).count == 2, "the owner sees both")
        },
        Rule(name: "a client without read permission learns of no deletion in the anchored feed") { (store: HealthStore) async throws in
            let app = store.authorization(for: TestObjects.watch)
            try await app.requestAuthorization(toShare: [], read: [.quantity(.heartRate)]) { _, _ in false }
            let others = QueryFixtures.heartRate(130, at: 0, source: QueryFixtures.phone)
            try await store.save(others)
            let first = try await app.anchoredObjects(AnchoredObjectQuery(type: .quantity(.heartRate)))
            #expect(first.added.isEmpty)
            try await store.delete(id: others.id)
            let next = try await app.anchoredObjects(AnchoredObjectQuery(type: .quantity(.heartRate), anchor: first.anchor))
            #expect(next.deleted.isEmpty, "another source's deletion is not revealed")
        },
        Rule(name: "a client without share permission writes nothing") { store in
            let app = store.authorization(for: TestObjects.watch)
            try await app.requestAuthorization(toShare: [.quantity(.heartRate)], read: []) { _, _ in false }
            let error = await #expect(throws: StoreError.self) { try await app.save(TestObjects.heartRate(120)) }
            #expect(error?.code == .notAuthorized)
            #expect(try await store.currentAnchor() == .initial)
        },
        Rule(name: "a client writes as itself: an object naming another source is refused") { store in
            let app = store.authorization(for: "com.example.other")
            try await app.requestAuthorization(toShare: [.quantity(.heartRate)], read: []) { _, _ in true }
            let error = await #expect(throws: StoreError.self) { try await app.save(TestObjects.heartRate(120)) }
            #expect(error?.code == .notAuthorized)
            #expect(try await store.currentAnchor() == .initial)
        },
    ]
}
