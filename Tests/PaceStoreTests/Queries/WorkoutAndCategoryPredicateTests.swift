import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// Predicates on workout totals and durations and on category values, run in the query.
@Suite struct WorkoutAndCategoryPredicateTests {
    @Test func workoutTotalsAndDurationsCompareInTheirUnits() async throws {
        let store = try HealthStore.inMemory()
        var short = TestObjects.run()
        short.id = UUID()
        short.events = []
        short.duration = 600
        short.endDate = short.startDate.addingTimeInterval(600)
        for type in Array(short.statistics.keys) { short.statistics[type]?.endDate = short.endDate }
        short.totalDistance = Quantity(value: 2, unit: .kilometer)
        var long = TestObjects.run(start: TestObjects.morning.addingTimeInterval(86_400))
        long.totalDistance = Quantity(value: 10, unit: .kilometer)
        long.totalEnergyBurned = Quantity(value: 600, unit: .kilocalorie)
        try await store.save([.workout(short), .workout(long)])
        let far = try await store.samples(matching: .workout, predicate: .totalDistance(.greaterThan, Quantity(value: 5000, unit: .meter)))
        #expect(far.map(\.id) == [long.id])
        let quick = try await store.samples(matching: .workout, predicate: .workoutDuration(.lessThanOrEqual, seconds: 900))
        #expect(quick.map(\.id) == [short.id])
        let energetic = try await store.samples(matching: .workout, predicate: .totalEnergyBurned(.greaterThanOrEqual, Quantity(value: 2000, unit: .kilojoule)))
        #expect(energetic.map(\.id) == [long.id], "2,000 kJ is 478 kcal")
        let wrongUnit = await #expect(throws: StoreError.self) {
            try await store.samples(matching: .workout, predicate: .totalDistance(.greaterThan, Quantity(value: 1, unit: .kilocalorie)))
        }
        #expect(wrongUnit?.code == .incompatibleUnit)
        let wrongType = await #expect(throws: StoreError.self) {
            try await store.samples(matching: .quantity(.heartRate), predicate: .workoutDuration(.greaterThan, seconds: 1))
        }
        #expect(wrongType?.code == .invalidPredicate)
    }

    @Test func categoryValuesCompareOnCategoryTypesOnly() async throws {
        let store = try HealthStore.inMemory()
        let awake = TestObjects.sleep(at: TestObjects.morning)
        var deep = TestObjects.sleep(at: TestObjects.morning.addingTimeInterval(3600))
        deep.value = 4
        try await store.save([.categorySample(awake), .categorySample(deep)])
        let found = try await store.samples(matching: .category(.sleepAnalysis), predicate: .categoryValue(.equal, 4))
        #expect(found.map(\.id) == [deep.id])
        let refused = await #expect(throws: StoreError.self) {
            try await store.samples(matching: .quantity(.heartRate), predicate: .categoryValue(.equal, 1))
        }
        #expect(refused?.code == .invalidPredicate)
    }
}
