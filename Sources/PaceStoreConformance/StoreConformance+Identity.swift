import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

extension StoreConformance {
    /// Objects are immutable and their UUIDs are never reused; a batch is all or nothing.
    static let identityRules: [Rule] = [
        Rule(name: "a stored object is immutable: saving its UUID again is refused and changes nothing") { store in
            let sample = TestObjects.heartRate(140)
            try await store.save(sample)
            var changed = sample
            changed.quantity = Quantity(value: 99, unit: .countPerMinute)
            let error = await #expect(throws: StoreError.self) { try await store.save(changed) }
            #expect(error?.code == .duplicateObject)
            #expect(try await store.quantitySample(id: sample.id) == sample)
        },
        Rule(name: "a task cancelled before it saves is refused and changes nothing") { (store: HealthStore) async throws in
            let sample = TestObjects.heartRate(140)
            let task = Task { () async -> StoreError? in
                withUnsafeCurrentTask { $0?.cancel() }
                do throws(StoreError) { try await store.save(sample) } catch { return error }
                return nil
            }
            #expect(await task.value?.code == .cancelled)
            #expect(try await store.object(id: sample.id) == nil)
            #expect(try await store.currentAnchor() == .initial)
        },
        Rule(name: "objects are read by UUID in one call, in the order asked, the unknown ones left out") { (store: HealthStore) async throws in
            let run = TestObjects.run()
            let route = TestObjects.route(for: run, count: 3)
            let sample = TestObjects.heartRate(140), sleep = TestObjects.sleep()
            try await store.save([.workout(run), .workoutRoute(route), .quantitySample(sample), .categorySample(sleep)])
            let unknown = UUID()
            let found = try await store.objects(ids: [sleep.id, unknown, route.id, sample.id, run.id])
            #expect(found == [.categorySample(sleep), .workoutRoute(route), .quantitySample(sample), .workout(run)])
            let none = try await store.objects(ids: [])
            #expect(none.isEmpty)
        },
        Rule(name: "a deleted UUID is never stored again") { store in
            let sample = TestObjects.heartRate(140)
            try await store.save(sample)
            #expect(try await store.delete(id: sample.id))
            let error = await #expect(throws: StoreError.self) { try await store.save(sample) }
            #expect(error?.code == .deletedObject)
            #expect(try await store.object(id: sample.id) == nil)
        },
        Rule(name: "in a batch of thousands of samples, a stored, a deleted or a repeated UUID is refused by name and nothing is saved") {
            (store: HealthStore) async throws in
            let stored = TestObjects.heartRate(140), deleted = TestObjects.heartRate(141)
            try await store.save([.quantitySample(stored), .quantitySample(deleted)])
            #expect(try await store.delete(id: deleted.id))
            let before = try await store.currentAnchor()
            // Fresh samples around the colliding one, more than one backend statement holds.
            let fresh = (0..<2500).map { index in
                QuantitySample(type: .heartRate, quantity: Quantity(value: 120 + Double(index % 40), unit: .countPerMinute),
                               start: TestObjects.morning.addingTimeInterval(Double(index)), end: TestObjects.morning.addingTimeInterval(Double(index)))
            }
            for (colliding, code) in [(stored, StoreError.Code.duplicateObject), (deleted, .deletedObject), (fresh[10], .duplicateObject)] {
                var batch = fresh.map(HealthObject.quantitySample)
                batch.insert(.quantitySample(colliding), at: 1800)
                let error = await #expect(throws: StoreError.self) { try await store.save(batch) }
                #expect(error?.code == code)
                #expect(error?.message.contains(colliding.id.uuidString) == true, "the error names the object")
                #expect(try await store.object(id: fresh[0].id) == nil)
                #expect(try await store.object(id: fresh[2499].id) == nil)
                #expect(try await store.currentAnchor() == before)
            }
            try await store.save(fresh.map(HealthObject.quantitySample))
            let saved = try await store.objects(ids: fresh.map(\.id))
            #expect(saved == fresh.map(HealthObject.quantitySample), "all saved, in order, once nothing collides")
        },
        Rule(name: "a batch with one invalid object saves nothing and allocates no anchor") { (store: HealthStore) async throws in
            let good = TestObjects.heartRate(140)
            let bad = QuantitySample(type: .heartRate, quantity: Quantity(value: 150, unit: .countPerMinute),
                                     start: TestObjects.morning, end: TestObjects.morning.addingTimeInterval(-1))
            let batch: [HealthObject] = [.quantitySample(good), .quantitySample(bad)]
            let error = await #expect(throws: StoreError.self) { try await store.save(batch) }
            #expect(error?.code == .invalidObject)
            #expect(try await store.object(id: good.id) == nil)
            #expect(try await store.currentAnchor() == .initial)
        },
    ]
}
