import Foundation
import PaceModel
import PaceTestSupport
import Testing

@Suite struct ObjectValidationTests {
    @Test func wellFormedObjectsAreValid() throws {
        let workout = TestObjects.run()
        try workout.validate()
        try TestObjects.heartRate().validate()
        try TestObjects.sleep().validate()
        try TestObjects.route(for: workout).validate()
    }

    @Test func heartRateInBeatsPerSecondIsCompatible() throws {
        let sample = QuantitySample(type: .heartRate, quantity: Quantity(value: 2.5, unit: try HealthUnit(parsing: "count/s")),
                                    start: TestObjects.morning, end: TestObjects.morning)
        try sample.validate()
    }

    @Test func eventOutsideTheWorkoutIsInvalid() {
        var workout = TestObjects.run()
        workout.events.append(WorkoutEvent(type: .marker, start: workout.endDate.addingTimeInterval(5)))

        let error = #expect(throws: InvalidObjectError.self) { try workout.validate() }

        #expect(error?.field == "events[3]")
        #expect(error?.description == "Invalid object \(workout.id.uuidString): events[3]: a marker event must lie inside the workout and have a duration of 0 s or more.")
    }

    @Test func totalDistanceMustBeALength() {
        var workout = TestObjects.run()
        workout.totalDistance = Quantity(value: 5, unit: .kilocalorie)

        let error = #expect(throws: InvalidObjectError.self) { try workout.validate() }

        #expect(error?.field == "totalDistance")
    }

    @Test func statisticsMustMatchTheirKeyAndUnit() {
        var workout = TestObjects.run()
        workout.statistics[.heartRate]?.average = Quantity(value: 150, unit: .meter)

        let error = #expect(throws: InvalidObjectError.self) { try workout.validate() }

        #expect(error?.field == "statistics[HKQuantityTypeIdentifierHeartRate].average")
    }

    @Test func routeMustBeInTimeOrderAndFinite() {
        let workout = TestObjects.run()
        var route = TestObjects.route(for: workout)
        route.locations.swapAt(1, 3)
        #expect((#expect(throws: InvalidObjectError.self) { try route.validate() })?.field == "locations[2]")

        route = TestObjects.route(for: workout)
        route.locations[0].speed = .nan
        #expect((#expect(throws: InvalidObjectError.self) { try route.validate() })?.field == "locations[0]")

        route.locations = []
        #expect((#expect(throws: InvalidObjectError.self) { try route.validate() })?.field == "locations")
    }

    @Test func nonFiniteQuantityIsInvalid() {
        var sample = TestObjects.heartRate()
        sample.quantity.value = .infinity
        #expect((#expect(throws: InvalidObjectError.self) { try sample.validate() })?.field == "quantity")
    }

    @Test func everyCatalogueUnitParsesAndSuitsItsAggregation() throws {
        for type in QuantityTypeIdentifier.allCases {
            let unit = try HealthUnit(parsing: type.descriptor.canonicalUnitString)
            #expect(type.canonicalUnit == unit)
        }
    }
}
