import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

@Suite struct StoreValidationTests {
    @Test func quantityInAnIncompatibleUnitIsRefused() async throws {
        let store = try HealthStore.inMemory()
        var sample = TestObjects.heartRate()
        sample.quantity = Quantity(value: 70, unit: .kilogram)

        let error = await #expect(throws: StoreError.self) { try await store.save(sample) }

        #expect(error?.code == .invalidObject)
        #expect(error?.message == "Invalid object \(sample.id.uuidString): quantity: unit 'kg' does not suit HKQuantityTypeIdentifierHeartRate; use a unit compatible with 'count/min'.")
    }

    @Test func sampleEndingBeforeItStartsIsRefused() async throws {
        let store = try HealthStore.inMemory()
        let sample = QuantitySample(type: .stepCount, quantity: Quantity(value: 10, unit: .count),
                                    start: TestObjects.morning, end: TestObjects.morning.addingTimeInterval(-1))

        let error = await #expect(throws: StoreError.self) { try await store.save(sample) }

        #expect(error?.message == "Invalid object \(sample.id.uuidString): endDate: the end date is before the start date; swap them or fix the clock.")
    }

    @Test func categoryValueOutsideTheTypesValuesIsRefused() async throws {
        let store = try HealthStore.inMemory()
        var sample = TestObjects.sleep()
        sample.value = 42

        let error = await #expect(throws: StoreError.self) { try await store.save(sample) }

        #expect(error?.code == .invalidObject)
        #expect(error?.message.contains("42 is not a value of HKCategoryTypeIdentifierSleepAnalysis") == true)
    }

    @Test func workoutWithDurationLongerThanItsSpanIsRefused() async throws {
        let store = try HealthStore.inMemory()
        var workout = TestObjects.run()
        workout.duration = 99_999

        let error = await #expect(throws: StoreError.self) { try await store.save(workout) }

        #expect(error?.code == .invalidObject)
    }

    @Test func routeWithAnImpossibleCoordinateIsRefused() async throws {
        let store = try HealthStore.inMemory()
        let workout = TestObjects.run()
        var route = TestObjects.route(for: workout)
        route.locations[2].latitude = 91
        try await store.save(workout)

        let error = await #expect(throws: StoreError.self) { try await store.save(route) }

        #expect(error?.message == "Invalid object \(route.id.uuidString): locations[2]: latitude must be within ±90°, longitude within ±180°, and every value finite.")
    }

    @Test func batchWithOneBadObjectSavesNothing() async throws {
        let store = try HealthStore.inMemory()
        let good = TestObjects.heartRate()
        let workout = TestObjects.run()
        let orphanRoute = TestObjects.route(for: TestObjects.run())

        await #expect(throws: StoreError.self) {
            try await store.save([.quantitySample(good), .workout(workout), .workoutRoute(orphanRoute)])
        }

        #expect(try await store.object(id: good.id) == nil)
        #expect(try await store.object(id: workout.id) == nil)
        #expect(try await store.currentAnchor() == .initial)
    }

    @Test func duplicateUUIDIsRefused() async throws {
        let store = try HealthStore.inMemory()
        let sample = TestObjects.heartRate()
        try await store.save(sample)

        let error = await #expect(throws: StoreError.self) { try await store.save(sample) }

        #expect(error?.code == .duplicateObject)
    }
}
