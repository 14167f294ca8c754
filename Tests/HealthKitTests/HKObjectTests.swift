import Foundation
import HealthKit
import Testing

@Suite struct HKObjectTests {
    let start = Date(timeIntervalSince1970: 1_795_158_000)

    @Test func aQuantitySampleKeepsWhatItWasMadeWith() {
        let bpm = HKUnit.count().unitDivided(by: .minute())
        let device = HKDevice(name: "Strap", manufacturer: "Acme", model: "HR-9", hardwareVersion: nil, firmwareVersion: nil,
                              softwareVersion: nil, localIdentifier: nil, udiDeviceIdentifier: nil)
        let sample = HKQuantitySample(type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: bpm, doubleValue: 152),
                                      start: start, end: start.addingTimeInterval(5), device: device,
                                      metadata: [HKMetadataKeyWasUserEntered: true, "lap": 3, "note": "easy"])
        #expect(sample.quantityType == HKQuantityType(.heartRate))
        #expect(sample.sampleType == HKQuantityType(.heartRate))
        #expect(sample.quantity.doubleValue(for: bpm) == 152)
        #expect(sample.startDate == start && sample.endDate == start.addingTimeInterval(5) && sample.count == 1)
        #expect(!sample.hasUndeterminedDuration)
        #expect(sample.device == device)
        #expect(sample.metadata?[HKMetadataKeyWasUserEntered] as? Bool == true, "booleans come back as NSNumber, castable to Bool")
        #expect(sample.metadata?["lap"] as? Int == 3)
        #expect(sample.metadata?["note"] as? String == "easy")
        #expect(sample.sourceRevision.source == HKSource.default(), "an unsaved object's source is this app")
        #expect(sample == sample && sample != HKQuantitySample(type: HKQuantityType(.heartRate),
                                                               quantity: HKQuantity(unit: bpm, doubleValue: 152), start: start, end: start))
    }

    @Test func theAppIsNamedByItsBundleTheEnvironmentOrItsExecutable() {
        let expected = ProcessInfo.processInfo.environment["PACE_BUNDLE_IDENTIFIER"] ?? ProcessInfo.processInfo.processName
        #expect(HKSource.default().bundleIdentifier == expected)
    }

    @Test func aCategorySampleAndAQuantityMetadataValue() {
        let sleep = HKCategorySample(type: HKCategoryType(.sleepAnalysis), value: 3, start: start, end: start.addingTimeInterval(3600),
                                     metadata: [HKMetadataKeyWeatherTemperature: HKQuantity(unit: .degreeCelsius(), doubleValue: 21)])
        #expect(sleep.categoryType == HKCategoryType(.sleepAnalysis) && sleep.value == 3)
        let temperature = sleep.metadata?[HKMetadataKeyWeatherTemperature] as? HKQuantity
        #expect(temperature?.doubleValue(for: .degreeCelsius()) == 21)
    }

    @Test func aWorkoutsActiveTimeIsItsIntervalLessItsPauses() {
        let end = start.addingTimeInterval(3600)
        let events = [
            HKWorkoutEvent(type: .pause, dateInterval: DateInterval(start: start.addingTimeInterval(600), duration: 0), metadata: nil),
            HKWorkoutEvent(type: .resume, dateInterval: DateInterval(start: start.addingTimeInterval(900), duration: 0), metadata: nil),
        ]
        let workout = (DeprecatedWorkouts() as any DeprecatedWorkoutMaking).run(start: start, end: end, events: events)
        #expect(workout.workoutActivityType == .running)
        #expect(workout.duration == 3300, "an hour less the five-minute pause")
        #expect(workout.workoutEvents?.map(\.type) == [.pause, .resume])
        #expect(workout.totalDistance?.doubleValue(for: .meter()) == 10_000)
        #expect(workout.totalEnergyBurned?.doubleValue(for: .kilocalorie()) == 500)
        #expect(workout.metadata?[HKMetadataKeyIndoorWorkout] as? Bool == false)
        #expect(workout.sampleType == HKObjectType.workoutType())
        let swim = (DeprecatedWorkouts() as any DeprecatedWorkoutMaking).swim(start: start, end: end)
        #expect(swim.totalSwimmingStrokeCount?.doubleValue(for: .count()) == 800 && swim.duration == 3600)
    }
}

/// Apple's deprecated workout initialisers, which apps still call, reached through a protocol so
/// the tests build without deprecation warnings.
protocol DeprecatedWorkoutMaking {
    func run(start: Date, end: Date, events: [HKWorkoutEvent]) -> HKWorkout
    func swim(start: Date, end: Date) -> HKWorkout
}

struct DeprecatedWorkouts: DeprecatedWorkoutMaking {
    @available(*, deprecated)
    func run(start: Date, end: Date, events: [HKWorkoutEvent]) -> HKWorkout {
        HKWorkout(activityType: .running, start: start, end: end, workoutEvents: events,
                  totalEnergyBurned: HKQuantity(unit: .kilocalorie(), doubleValue: 500),
                  totalDistance: HKQuantity(unit: .meterUnit(with: .kilo), doubleValue: 10), metadata: [HKMetadataKeyIndoorWorkout: false])
    }

    @available(*, deprecated)
    func swim(start: Date, end: Date) -> HKWorkout {
        HKWorkout(activityType: .swimming, start: start, end: end, workoutEvents: nil, totalEnergyBurned: nil,
                  totalDistance: nil, totalSwimmingStrokeCount: HKQuantity(unit: .count(), doubleValue: 800),
                  device: nil, metadata: nil)
    }
}
