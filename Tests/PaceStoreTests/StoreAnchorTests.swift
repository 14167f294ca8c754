import Foundation
import GRDB
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

@Suite struct StoreAnchorTests {
    @Test func everySaveAndDeletionTakesTheNextAnchor() throws {
        let store = try HealthStore.inMemory()
        #expect(try store.currentAnchor() == .initial)
        let first = TestObjects.heartRate()
        let second = TestObjects.sleep()

        try store.save(first)
        try store.save(second)
        try store.delete(id: first.id)

        #expect(try store.anchor(of: second.id) == Anchor(rawValue: 2))
        #expect(try store.anchor(of: first.id) == nil)
        #expect(try store.currentAnchor() == Anchor(rawValue: 3))
    }

    @Test func deletionLeavesATombstoneReportedAfterEarlierAnchors() throws {
        let store = try HealthStore.inMemory()
        let sample = TestObjects.heartRate()
        try store.save(sample)
        let afterSave = try store.currentAnchor()

        #expect(try store.delete(id: sample.id))

        let changes = try store.changes(after: afterSave)
        #expect(changes.saved.isEmpty)
        #expect(changes.deleted.map(\.id) == [sample.id])
        #expect(changes.deleted.first?.objectType == .quantity(.heartRate))
        #expect(changes.anchor > afterSave)
        #expect(try store.changes(after: changes.anchor).deleted.isEmpty)
        #expect(try store.object(id: sample.id) == nil)
    }

    @Test func deletingAWorkoutDeletesItsRoutesWithTombstones() throws {
        let store = try HealthStore.inMemory()
        let workout = TestObjects.run()
        let route = TestObjects.route(for: workout)
        try store.save([.workout(workout), .workoutRoute(route)])

        #expect(try store.delete(ids: [workout.id, UUID()]) == 1)

        let deleted = try store.changes(after: .initial).deleted
        #expect(Set(deleted.map(\.id)) == [workout.id, route.id])
        #expect(try store.route(id: route.id) == nil)
        let orphans = try store.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM routeLocation") }
        #expect(orphans == 0)
    }

    @Test func deletingAnUnknownObjectChangesNothing() throws {
        let store = try HealthStore.inMemory()
        #expect(try store.delete(id: UUID()) == false)
        #expect(try store.currentAnchor() == .initial)
    }

    @Test func deletedUUIDsAreNeverReused() throws {
        let store = try HealthStore.inMemory()
        let sample = TestObjects.heartRate()
        try store.save(sample)
        try store.delete(id: sample.id)

        let error = #expect(throws: StoreError.self) { try store.save(sample) }

        #expect(error?.code == .deletedObject)
        #expect(error?.message == "Object \(sample.id.uuidString) was deleted; UUIDs of deleted objects are never reused. Give the new object a new UUID.")
    }

    @Test func savedObjectsAreReportedInAnchorOrder() throws {
        let store = try HealthStore.inMemory()
        let objects: [HealthObject] = [.quantitySample(TestObjects.heartRate()), .categorySample(TestObjects.sleep()), .workout(TestObjects.run())]
        try store.save(objects)

        let changes = try store.changes(after: .initial)

        #expect(changes.saved.map(\.id) == objects.map(\.id))
        #expect(changes.saved.map(\.anchor.rawValue) == [1, 2, 3])
        #expect(try store.changes(after: Anchor(rawValue: 2)).saved.map(\.id) == [objects[2].id])
    }
}
