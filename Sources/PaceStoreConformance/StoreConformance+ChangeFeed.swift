import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

extension StoreConformance {
    /// Anchors grow with every change; deletions leave tombstones in the anchored feed.
    static let changeFeedRules: [Rule] = [
        Rule(name: "anchors only increase, one per saved object and per deletion") { store in
            let first = TestObjects.heartRate(120), second = TestObjects.heartRate(121, at: TestObjects.morning.addingTimeInterval(1))
            try await store.save(first)
            let afterFirst = try await store.currentAnchor()
            try await store.save(second)
            let afterSecond = try await store.currentAnchor()
            #expect(afterFirst > .initial && afterSecond > afterFirst)
            #expect(try await store.anchor(of: second.id) == afterSecond)
            try await store.delete(id: first.id)
            #expect(try await store.currentAnchor() > afterSecond)
        },
        Rule(name: "the anchored feed gives additions once and deletions as tombstones after the anchor") { store in
            let kept = TestObjects.heartRate(120), removed = TestObjects.heartRate(121, at: TestObjects.morning.addingTimeInterval(1))
            try await store.save([.quantitySample(kept), .quantitySample(removed)])
            let first = try await store.anchoredObjects(AnchoredObjectQuery(type: .quantity(.heartRate)))
            #expect(Set(first.added.map(\.id)) == [kept.id, removed.id] && first.deleted.isEmpty)
            try await store.delete(id: removed.id)
            let next = try await store.anchoredObjects(AnchoredObjectQuery(type: .quantity(.heartRate), anchor: first.anchor))
            #expect(next.added.isEmpty)
            #expect(next.deleted.map(\.id) == [removed.id])
            let again = try await store.anchoredObjects(AnchoredObjectQuery(type: .quantity(.heartRate), anchor: next.anchor))
            #expect(again.isEmpty)
        },
    ]
}
