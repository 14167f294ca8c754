import Foundation
import PaceModel
@testable import PaceStore
import PaceTestSupport
import Testing

/// Samples belong to their workout (HealthKit's `add(_:to:)` and `predicateForObjects(from:)`):
/// by a batch's association, by `add(samples:to:)`, by the time rule, and in migrated stores.
@Suite struct WorkoutAssociationTests {
    typealias T = TestObjects
    static let phone = Source(name: "Phone", bundleIdentifier: "org.pace.tests.phone")

    static func heartRate(_ value: Double, after seconds: Double, source: Source = T.watch,
                          metadata: Metadata = [:]) -> QuantitySample {
        QuantitySample(type: .heartRate, quantity: Quantity(value: value, unit: .countPerMinute),
                       start: T.morning.addingTimeInterval(seconds), end: T.morning.addingTimeInterval(seconds),
                       source: source, metadata: metadata)
    }

    static func values(_ store: HealthStore, of workout: Workout) async throws -> [Double] {
        try await store.quantitySamples(matching: .heartRate, predicate: .workout(workout.id)).map(\.quantity.value)
    }

    @Test func aBatchAssociatesItsSamplesAndNothingElse() async throws {
        let run = T.run()
        let during = Self.heartRate(150, after: 60), alsoDuring = Self.heartRate(151, after: 120)
        let store = try HealthStore.inMemory()
        try await store.save(HealthObjectBatch([.workout(run), .quantitySample(during), .quantitySample(alsoDuring)],
                                         associations: [WorkoutAssociation(workoutID: run.id, sampleIDs: [during.id])]))
        #expect(try await Self.values(store, of: run) == [150], "only the sample the batch names")
    }

    @Test func aBatchWhoseAssociationCannotBeMadeSavesNothing() async throws {
        let run = T.run(), sample = Self.heartRate(150, after: 60)
        let store = try HealthStore.inMemory()
        let missingWorkout = UUID()
        await #expect { try await store.save(HealthObjectBatch([.quantitySample(sample)],
                                                   associations: [WorkoutAssociation(workoutID: missingWorkout, sampleIDs: [sample.id])])) }
            throws: { ($0 as? StoreError)?.code == .workoutNotFound }
        #expect(try await store.quantitySamples(of: .heartRate).isEmpty, "the batch is all or nothing")
        // A route is not a sample; an unknown UUID is not one either.
        let route = T.route(for: run)
        for id in [route.id, UUID()] {
            await #expect { try await store.save(HealthObjectBatch([.workout(run), .workoutRoute(route)],
                                                       associations: [WorkoutAssociation(workoutID: run.id, sampleIDs: [id])])) }
                throws: { ($0 as? StoreError)?.code == .objectNotFound }
        }
        #expect(try await store.workouts().isEmpty)
    }

    @Test func addingStoredSamplesToAStoredWorkout() async throws {
        let run = T.run(), first = Self.heartRate(150, after: 60), second = Self.heartRate(160, after: 90)
        let store = try HealthStore.inMemory()
        try await store.save([.workout(run), .quantitySample(first), .quantitySample(second)])
        #expect(try await Self.values(store, of: run).isEmpty)
        try await store.add(samples: [first.id, second.id], to: run.id)
        try await store.add(samples: [first.id], to: run.id)   // again: no change, no error
        #expect(try await Self.values(store, of: run) == [150, 160])
        await #expect { try await store.add(samples: [first.id], to: UUID()) } throws: { ($0 as? StoreError)?.code == .workoutNotFound }
        await #expect { try await store.add(samples: [UUID()], to: run.id) } throws: { ($0 as? StoreError)?.code == .objectNotFound }
        // Deleting a sample ends its association; deleting the workout keeps its samples.
        try await store.delete(id: first.id)
        #expect(try await Self.values(store, of: run) == [160])
        try await store.delete(id: run.id)
        #expect(try await store.quantitySamples(of: .heartRate).map(\.id) == [second.id])
    }

    @Test func theTimeRuleTakesTheWorkoutSourcesSamplesInsideItsInterval() async throws {
        let run = T.run()   // 1860 s from T.morning, source T.watch
        let inside = Self.heartRate(150, after: 60), atTheEnd = Self.heartRate(151, after: 1860)
        let before = Self.heartRate(90, after: -1), after = Self.heartRate(91, after: 1861)
        let otherSource = Self.heartRate(152, after: 60, source: Self.phone)
        let sleep = CategorySample(type: .sleepAnalysis, value: 1, start: T.morning.addingTimeInterval(-10),
                                   end: T.morning.addingTimeInterval(100), source: T.watch)
        let store = try HealthStore.inMemory()
        try await store.save([.workout(run), .quantitySample(inside), .quantitySample(atTheEnd), .quantitySample(before),
                        .quantitySample(after), .quantitySample(otherSource), .categorySample(sleep)])
        #expect(try await store.associateSamplesByTime(withWorkouts: [run.id, UUID()]) == 2)
        #expect(try await Self.values(store, of: run) == [150, 151])
        #expect(try await store.samples(matching: .category(.sleepAnalysis), predicate: .workout(run.id)).isEmpty,
                "a sample that starts before the workout is not its own")
        #expect(try await store.associateSamplesByTime(withWorkouts: [run.id]) == 0, "linking again adds nothing")
    }

    @Test func aBuilderSavesItsSamplesAsTheWorkouts() async throws {
        let store = try HealthStore.inMemory()
        var builder = WorkoutBuilder(store: store, activityType: .running, source: T.watch)
        try builder.beginCollection(at: T.morning)
        let sample = Self.heartRate(140, after: 30)
        try builder.add([sample])
        try builder.endCollection(at: T.morning.addingTimeInterval(600))
        let workout = try await builder.finishWorkout()
        #expect(try await Self.values(store, of: workout) == [140])
    }
}
