import Foundation
@testable import HealthKit
import PaceTestSupport
import Testing

/// Workout and category predicates run in the store's query.
@Suite(.timeLimit(.minutes(3 * TestTime.scale))) struct HKPredicateTests {
    let start = Date(timeIntervalSince1970: 1_795_158_000)

    func store(_ directory: TemporaryDirectory, _ types: Set<HKSampleType>) async throws -> HKHealthStore {
        let store = HKHealthStore.granted(in: directory)
        try await store.requestAuthorization(toShare: types, read: types)
        return store
    }

    @Test func workoutsByDurationDistanceAndEnergy() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await store(directory, [HKObjectType.workoutType()])
        var saved: [HKWorkout] = []
        for (minutes, kilometres) in [(30.0, 5.0), (60.0, 12.0)] {
            let builder = HKWorkoutBuilder(healthStore: store, configuration: HKWorkoutConfiguration(), device: nil)
            try await builder.beginCollection(at: start)
            try await builder.endCollection(at: start.addingTimeInterval(minutes * 60))
            saved.append(try #require(try await builder.finishWorkout()))
            _ = kilometres
        }
        let long: [HKWorkout] = try await HKSampleQueryDescriptor(
            predicates: [.workout(HKQuery.predicateForWorkouts(with: .greaterThan, duration: 45 * 60))], sortDescriptors: []).result(for: store)
        #expect(long.map(\.uuid) == [saved[1].uuid])
        let noDistance: [HKWorkout] = try await HKSampleQueryDescriptor(
            predicates: [.workout(HKQuery.predicateForWorkouts(with: .greaterThan, totalDistance: HKQuantity(unit: .meter(), doubleValue: 0)))],
            sortDescriptors: []).result(for: store)
        #expect(noDistance.isEmpty, "workouts without a distance never match a distance comparison")
        do {
            _ = try await HKSampleQueryDescriptor(
                predicates: [.workout(HKQuery.predicateForWorkouts(with: .equalTo, totalEnergyBurned: HKQuantity(unit: .meter(), doubleValue: 1)))],
                sortDescriptors: []).result(for: store)
            Issue.record("an energy in metres is refused")
        } catch HKError.errorInvalidArgument {}
    }

    @Test func samplesWithAMetadataKeyWhateverItsValue() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let heartRate = HKQuantityType(.heartRate)
        let store = try await store(directory, [heartRate])
        let bpm = HKUnit.count().unitDivided(by: .minute())
        let samples = [["org.example.zone": 2], ["org.example.zone": "tempo"], [:]].enumerated().map { index, metadata in
            HKQuantitySample(type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 140 + Double(index)),
                             start: start.addingTimeInterval(Double(index)), end: start.addingTimeInterval(Double(index)), metadata: metadata)
        }
        try await store.save(samples)
        let tagged: [HKQuantitySample] = try await HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: heartRate, predicate: HKQuery.predicateForObjects(withMetadataKey: "org.example.zone"))],
            sortDescriptors: [SortDescriptor(\.startDate)]).result(for: store)
        #expect(tagged.map(\.uuid) == samples.prefix(2).map(\.uuid), "a number and a string both count")
        let untagged: [HKQuantitySample] = try await HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: heartRate, predicate: NSCompoundPredicate(notPredicateWithSubpredicate:
                HKQuery.predicateForObjects(withMetadataKey: "org.example.zone")))],
            sortDescriptors: []).result(for: store)
        #expect(untagged.map(\.uuid) == [samples[2].uuid])
    }

    @Test func sleepSamplesByValue() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let sleep = HKCategoryType(.sleepAnalysis)
        let store = try await store(directory, [sleep])
        let stages: [HKCategoryValueSleepAnalysis] = [.inBed, .asleepCore, .awake, .asleepDeep, .asleepREM]
        let samples = stages.enumerated().map { index, stage in
            HKCategorySample(type: sleep, value: stage.rawValue, start: start.addingTimeInterval(Double(index) * 600),
                             end: start.addingTimeInterval(Double(index + 1) * 600))
        }
        try await store.save(samples)
        let asleep: [HKCategorySample] = try await HKSampleQueryDescriptor(
            predicates: [.categorySample(type: sleep, predicate: HKCategoryValueSleepAnalysis.predicateForSamples(equalTo: HKCategoryValueSleepAnalysis.allAsleepValues))],
            sortDescriptors: []).result(for: store)
        #expect(asleep.map(\.value) == [3, 4, 5])
        let awake: [HKCategorySample] = try await HKSampleQueryDescriptor(
            predicates: [.categorySample(type: sleep, predicate: HKQuery.predicateForCategorySamples(with: .equalTo, value: HKCategoryValueSleepAnalysis.awake.rawValue))],
            sortDescriptors: []).result(for: store)
        #expect(awake.map(\.uuid) == [samples[2].uuid])
    }
}
