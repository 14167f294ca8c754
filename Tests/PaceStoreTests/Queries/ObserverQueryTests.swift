import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

@Suite struct ObserverQueryTests {
    private func beat(_ minute: Int) -> QuantitySample {
        TestObjects.heartRate(Double(100 + minute), at: TestObjects.morning.addingTimeInterval(Double(60 * minute)), metadata: [:])
    }

    @Test func notifiesSavesAndDeletionsOfTheTypeOnly() async throws {
        let store = try HealthStore.inMemory()
        try await store.save(beat(0))   // before observing: not notified
        let updates = try await store.observe(.quantity(.heartRate))
        let saved = beat(1)

        let anchors = try await withTimeout {
            var iterator = updates.makeAsyncIterator()
            try await store.save(TestObjects.sleep())   // another type
            try await store.save(saved)
            let first = try await iterator.next()
            try await store.delete(id: saved.id)
            let second = try await iterator.next()
            return [first?.anchor, second?.anchor]
        }

        #expect(anchors == [Anchor(rawValue: 3), Anchor(rawValue: 4)])
    }

    @Test func quickSavesAreCoalesced() async throws {
        let store = try HealthStore.inMemory()
        let updates = try await store.observe(.quantity(.heartRate))

        let count = try await withTimeout {
            var iterator = updates.makeAsyncIterator()
            for minute in 0..<5 { try await store.save(beat(minute)) }
            let latest = try await store.currentAnchor()
            var count = 0
            while let notification = try await iterator.next() {
                count += 1
                if notification.anchor == latest { break }
            }
            return count
        }

        #expect((1...5).contains(count))
    }

    @Test func endsWhenTheTaskIsCancelled() async throws {
        let store = try HealthStore.inMemory()
        let updates = try await store.observe(.quantity(.heartRate))
        let consumer = Task {
            for try await _ in updates {}
            return true
        }

        let ended = try await withTimeout {
            consumer.cancel()
            return try await consumer.value
        }

        #expect(ended)
    }
}
