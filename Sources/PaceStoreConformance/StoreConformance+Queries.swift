import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

extension StoreConformance {
    /// Samples belong to their workout, whoever associated them.
    static let associationRules: [Rule] = [
        Rule(name: "samples associated with a workout are its samples until either is deleted") { store in
            let workout = TestObjects.run()
            let inside = TestObjects.heartRate(150, at: workout.startDate.addingTimeInterval(60))
            let other = TestObjects.heartRate(151, at: workout.startDate.addingTimeInterval(120))
            try await store.save([.workout(workout), .quantitySample(inside), .quantitySample(other)])
            #expect(try await store.quantitySamples(matching: .heartRate, predicate: .workout(workout.id)).isEmpty,
                    "overlapping in time is not belonging")
            try await store.add(samples: [inside.id], to: workout.id)
            #expect(try await store.quantitySamples(matching: .heartRate, predicate: .workout(workout.id)).map(\.id) == [inside.id])
            try await store.delete(id: workout.id)
            #expect(try await store.quantitySample(id: inside.id) == inside, "deleting a workout keeps its samples")
        },
    ]

    /// Queries keep HealthKit's rules: half-open intervals, one error vocabulary.
    static let queryRules: [Rule] = [
        Rule(name: "a date interval is half-open: an instant at its start is in, one at its end is out") { store in
            let atStart = TestObjects.heartRate(120, at: TestObjects.morning)
            let atEnd = TestObjects.heartRate(121, at: TestObjects.morning.addingTimeInterval(60))
            try await store.save([.quantitySample(atStart), .quantitySample(atEnd)])
            let found = try await store.quantitySamples(matching: .heartRate, predicate: .date(
                from: TestObjects.morning, to: TestObjects.morning.addingTimeInterval(60)))
            #expect(found.map(\.id) == [atStart.id])
            #expect(try await store.quantitySamples(of: .heartRate, from: TestObjects.morning,
                                                    to: TestObjects.morning.addingTimeInterval(60)) == found)
        },
        Rule(name: "an interval that ends before it starts is refused with a typed error") { store in
            let error = await #expect(throws: StoreError.self) {
                _ = try await store.samples(matching: .quantity(.heartRate), predicate: .date(
                    from: TestObjects.morning, to: TestObjects.morning.addingTimeInterval(-1)))
            }
            #expect(error?.code == .invalidDateRange)
        },
    ]
}
