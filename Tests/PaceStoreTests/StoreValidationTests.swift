import Foundation
import GRDB
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

@Suite struct StoreValidationTests {
    @Test func quantityInAnIncompatibleUnitIsRefused() throws {
        let store = try HealthStore.inMemory()
        var sample = TestObjects.heartRate()
        sample.quantity = Quantity(value: 70, unit: .kilogram)

        let error = #expect(throws: StoreError.self) { try store.save(sample) }

        #expect(error?.code == .invalidObject)
        #expect(error?.message == "Invalid object \(sample.id.uuidString): quantity: unit 'kg' does not suit HKQuantityTypeIdentifierHeartRate; use a unit compatible with 'count/min'.")
    }

    @Test func sampleEndingBeforeItStartsIsRefused() throws {
        let store = try HealthStore.inMemory()
        let sample = QuantitySample(type: .stepCount, quantity: Quantity(value: 10, unit: .count),
                                    start: TestObjects.morning, end: TestObjects.morning.addingTimeInterval(-1))

        let error = #expect(throws: StoreError.self) { try store.save(sample) }

        #expect(error?.message == "Invalid object \(sample.id.uuidString): endDate: the end date is before the start date; swap them or fix the clock.")
    }

    @Test func categoryValueOutsideTheTypesValuesIsRefused() throws {
        let store = try HealthStore.inMemory()
        var sample = TestObjects.sleep()
        sample.value = 42

        let error = #expect(throws: StoreError.self) { try store.save(sample) }

        #expect(error?.code == .invalidObject)
        #expect(error?.message.contains("42 is not a value of HKCategoryTypeIdentifierSleepAnalysis") == true)
    }

    @Test func workoutWithDurationLongerThanItsSpanIsRefused() throws {
        let store = try HealthStore.inMemory()
        var workout = TestObjects.run()
        workout.duration = 99_999

        let error = #expect(throws: StoreError.self) { try store.save(workout) }

        #expect(error?.code == .invalidObject)
    }

    @Test func routeWithAnImpossibleCoordinateIsRefused() throws {
        let store = try HealthStore.inMemory()
        let workout = TestObjects.run()
        var route = TestObjects.route(for: workout)
        route.locations[2].latitude = 91
        try store.save(workout)

        let error = #expect(throws: StoreError.self) { try store.save(route) }

        #expect(error?.message == "Invalid object \(route.id.uuidString): locations[2]: latitude must be within ±90°, longitude within ±180°, and every value finite.")
    }

    @Test func batchWithOneBadObjectSavesNothing() throws {
        let store = try HealthStore.inMemory()
        let good = TestObjects.heartRate()
        let workout = TestObjects.run()
        let orphanRoute = TestObjects.route(for: TestObjects.run())

        #expect(throws: StoreError.self) {
            try store.save([.quantitySample(good), .workout(workout), .workoutRoute(orphanRoute)])
        }

        #expect(try store.object(id: good.id) == nil)
        #expect(try store.object(id: workout.id) == nil)
        #expect(try store.currentAnchor() == .initial)
    }

    @Test func duplicateUUIDIsRefused() throws {
        let store = try HealthStore.inMemory()
        let sample = TestObjects.heartRate()
        try store.save(sample)

        let error = #expect(throws: StoreError.self) { try store.save(sample) }

        #expect(error?.code == .duplicateObject)
    }
}
