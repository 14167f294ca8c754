import Foundation
import HealthKit
import Testing

@Suite struct HKObjectTypeTests {
    @Test func typesAreEqualByIdentifierAndSetsUpcast() throws {
        let heartRate = try #require(HKObjectType.quantityType(forIdentifier: .heartRate))
        #expect(heartRate == HKQuantityType(.heartRate))
        #expect(heartRate.identifier == "HKQuantityTypeIdentifierHeartRate")
        let share: Set<HKSampleType> = [HKQuantityType(.heartRate), HKObjectType.workoutType(), HKSeriesType.workoutRoute()]
        let upcast: Set<HKObjectType> = share
        let read = upcast.union([HKObjectType.characteristicType(forIdentifier: .dateOfBirth)!,
                                 HKObjectType.activitySummaryType(), heartRate])
        #expect(read.count == 5, "the heart rate type is one element however it was made")
        #expect(read.contains(HKQuantityType(.heartRate)))
        #expect(HKObjectType.workoutType() != HKSeriesType.workoutRoute())
    }

    @Test func lookupsGiveNilForUnknownIdentifiersAndTheRightClasses() {
        #expect(HKObjectType.quantityType(forIdentifier: HKQuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierNope")) == nil)
        #expect(HKObjectType.categoryType(forIdentifier: .sleepAnalysis) == HKCategoryType(.sleepAnalysis))
        #expect(HKObjectType.seriesType(forIdentifier: HKWorkoutRouteTypeIdentifier) == HKSeriesType.workoutRoute())
        #expect(HKObjectType.seriesType(forIdentifier: "nope") == nil)
        #expect(HKObjectType.correlationType(forIdentifier: .bloodPressure)?.identifier == "HKCorrelationTypeIdentifierBloodPressure")
        #expect(HKObjectType.correlationType(forIdentifier: HKCorrelationTypeIdentifier("x")) == nil)
    }

    @Test func quantityTypesKnowTheirAggregationAndUnits() {
        #expect(HKQuantityType(.stepCount).aggregationStyle == .cumulative)
        #expect(HKQuantityType(.heartRate).aggregationStyle == .discreteTemporallyWeighted)
        #expect(HKQuantityType(.bodyMass).aggregationStyle == .discreteArithmetic)
        #expect(HKQuantityType(.heartRate).is(compatibleWith: HKUnit.count().unitDivided(by: .minute())))
        #expect(!HKQuantityType(.heartRate).is(compatibleWith: .meter()))
        #expect(HKQuantityType(.distanceWalkingRunning).is(compatibleWith: .mile()))
    }
}
