import Foundation
import PaceModel
@testable import PaceStore
import PaceTestSupport
import Testing

/// Anchored queries of several types at once: one anchor order, each change once, pages by limit.
@Suite struct AnchoredObjectQueryTypesTests {
    private func beat(_ value: Double, minute: Int) -> HealthObject {
        .quantitySample(TestObjects.heartRate(value, at: TestObjects.morning.addingTimeInterval(Double(60 * minute)), metadata: [:]))
    }

    private func steps(_ count: Double, minute: Int) -> HealthObject {
        let start = TestObjects.morning.addingTimeInterval(Double(60 * minute))
        return .quantitySample(QuantitySample(type: .stepCount, quantity: Quantity(value: count, unit: .count), start: start,
                                              end: start.addingTimeInterval(60), source: TestObjects.watch))
    }

    @Test func twoTypesPageInAnchorOrderWithDeletions() async throws {
        let store = try HealthStore.inMemory()
        let saved = [beat(100, minute: 0), steps(10, minute: 0), beat(101, minute: 1), steps(11, minute: 1), beat(102, minute: 2)]
        for object in saved { try await store.save([object]) }
        try await store.save(TestObjects.sleep())
        _ = try await store.delete(id: saved[1].id)
        var queries = [AnchoredObjectQuery(type: .quantity(.heartRate)), AnchoredObjectQuery(type: .quantity(.stepCount))]

        var pages: [AnchoredObjectResult] = []
        repeat {
            let page = try await store.anchoredObjects(queries, limit: 2)
            pages.append(page)
            for index in queries.indices { queries[index].anchor = page.anchor }
        } while pages.last!.hasMore && pages.count < 10
        // Changes by anchor: beat 100, steps 10 (deleted, so not added), beat 101, steps 11, beat 102, steps 10's deletion.
        #expect(pages.map { $0.added.count + $0.deleted.count } == [2, 2, 1], "\(pages.map { ($0.added.count, $0.deleted.count) })")
        #expect(pages.flatMap(\.added).map(\.id) == [saved[0], saved[2], saved[3], saved[4]].map(\.id))
        #expect(pages.flatMap(\.deleted).map(\.id) == [saved[1].id])
        #expect(pages.last?.anchor.anchor == (try await store.currentAnchor()))

        let later = try await store.anchoredObjects(queries, limit: nil)
        #expect(later.isEmpty && !later.hasMore, "nothing is reported twice")
        await #expect(throws: StoreError.self) { try await store.anchoredObjects([], limit: nil) }
    }

    @Test func mergingStopsAtTheLowestAnchorEveryTypeReached() throws {
        let anchor = { (value: Int64) in QueryAnchor(storeID: UUID(), anchor: Anchor(rawValue: value)) }
        let first = AnchoredObjectResult(added: [beat(1, minute: 0), beat(2, minute: 1)], deleted: [], anchor: anchor(10), hasMore: false,
                                         addedAnchors: [3, 7])
        let tombstone = Tombstone(id: UUID(), objectType: .quantity(.stepCount), deletedAt: Date(), anchor: Anchor(rawValue: 9))
        // The second type was read later: it saw changes up to 12, beyond what the first read saw.
        let second = AnchoredObjectResult(added: [steps(5, minute: 0), steps(11, minute: 1)], deleted: [tombstone], anchor: anchor(12),
                                          hasMore: false, addedAnchors: [5, 11])
        let merged = try #require(AnchoredObjectResult.merged([first, second], limit: nil))
        #expect(merged.addedAnchors == [3, 5, 7] && merged.deleted == [tombstone])
        #expect(merged.anchor.anchor.rawValue == 10 && merged.hasMore, "11 waits for the next read, from 10")
        let limited = try #require(AnchoredObjectResult.merged([first, second], limit: 2))
        #expect(limited.addedAnchors == [3, 5] && limited.deleted.isEmpty && limited.anchor.anchor.rawValue == 5 && limited.hasMore)
    }
}
