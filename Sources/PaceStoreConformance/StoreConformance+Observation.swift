import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

extension StoreConformance {
    /// The long-running queries hear of every later change through the backend's commit
    /// notifications. A backend that never notifies makes these rules wait: run them under a time
    /// limit (`.timeLimit`).
    static let observationRules: [Rule] = [
        Rule(name: "an observer is notified of each later save and deletion of its type, and of no other type") { store in
            let early = TestObjects.heartRate(110)
            try await store.save(early)
            var notifications = try await store.observe(.quantity(.heartRate)).makeAsyncIterator()
            try await store.save(TestObjects.sleep(at: TestObjects.morning.addingTimeInterval(60)))
            let later = TestObjects.heartRate(120, at: TestObjects.morning.addingTimeInterval(1))
            try await store.save(later)
            let savedAt = try #require(try await store.anchor(of: later.id))
            let first = try await notifications.next()
            #expect(first?.anchor == savedAt, "the first notification is the heart rate's save, not the sleep's: \(String(describing: first))")
            try await store.delete(id: early.id)
            let second = try await notifications.next()
            #expect(second.map { $0.anchor > savedAt } == true, "then the deletion: \(String(describing: second))")
        },
        Rule(name: "the long-running anchored query gives what is stored, then each later addition and deletion once") { store in
            let stored = TestObjects.heartRate(110)
            try await store.save(stored)
            var results = store.anchoredObjectUpdates(AnchoredObjectQuery(type: .quantity(.heartRate))).makeAsyncIterator()
            let initial = try await results.next()
            #expect(initial?.added.map(\.id) == [stored.id] && initial?.deleted.isEmpty == true, "first, what is stored")
            let added = TestObjects.heartRate(120, at: TestObjects.morning.addingTimeInterval(1))
            try await store.save(TestObjects.sleep(at: TestObjects.morning.addingTimeInterval(60)))
            try await store.save(added)
            let addition = try await results.next()
            #expect(addition?.added.map(\.id) == [added.id] && addition?.deleted.isEmpty == true,
                    "then the addition alone (the sleep sample is another type): \(String(describing: addition))")
            try await store.delete(id: stored.id)
            let deletion = try await results.next()
            #expect(deletion?.added.isEmpty == true && deletion?.deleted.map(\.id) == [stored.id],
                    "then the deletion alone: \(String(describing: deletion))")
        },
        Rule(name: "activity summary updates give the range now, then again after a change inside it") { store in
            let day = DateComponents(year: 2026, month: 3, day: 2)
            var summary = ActivitySummary(day: day)
            summary.activeEnergyBurned = Quantity(value: 300, unit: .kilocalorie)
            var updates = try store.activitySummaryUpdates(from: day, through: day).makeAsyncIterator()
            let initial = try await updates.next()
            #expect(initial == [], "the range is empty at first")
            try await store.saveActivitySummaries([summary])
            let changed = try await updates.next()
            #expect(changed == [summary], "then the saved day: \(String(describing: changed))")
        },
    ]
}
