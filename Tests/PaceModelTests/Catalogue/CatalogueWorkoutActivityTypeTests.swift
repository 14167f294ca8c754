import Foundation
import PaceModel
import Testing

@Suite struct CatalogueWorkoutActivityTypeTests {
    @Test func catalogueIsComplete() {
        let all = WorkoutActivityType.allCases
        #expect(all.count > 75)
        #expect(all.count == 84)
        #expect(Set(all.map(\.rawValue)).count == all.count)
        #expect(Set(all.map(\.hkIdentifier)).count == all.count)
        #expect(Set(all.map(\.displayName)).count == all.count)
        // 1…80, 82…84, 3000: HealthKit never assigned 81.
        #expect(WorkoutActivityType(rawValue: 81) == nil)
        #expect(WorkoutActivityType(rawValue: 0) == nil)
        #expect(Set(all.map(\.rawValue)) == Set(Array(1...80) + [82, 83, 84, 3000]))
    }

    @Test func healthKitRawValues() {
        #expect(WorkoutActivityType.americanFootball.rawValue == 1)
        #expect(WorkoutActivityType.archery.rawValue == 2)
        #expect(WorkoutActivityType.cycling.rawValue == 13)
        #expect(WorkoutActivityType.danceInspiredTraining.rawValue == 15)
        #expect(WorkoutActivityType.functionalStrengthTraining.rawValue == 20)
        #expect(WorkoutActivityType.hiking.rawValue == 24)
        #expect(WorkoutActivityType.mixedMetabolicCardioTraining.rawValue == 30)
        #expect(WorkoutActivityType.rowing.rawValue == 35)
        #expect(WorkoutActivityType.running.rawValue == 37)
        #expect(WorkoutActivityType.swimming.rawValue == 46)
        #expect(WorkoutActivityType.traditionalStrengthTraining.rawValue == 50)
        #expect(WorkoutActivityType.walking.rawValue == 52)
        #expect(WorkoutActivityType.yoga.rawValue == 57)
        #expect(WorkoutActivityType.barre.rawValue == 58)
        #expect(WorkoutActivityType.highIntensityIntervalTraining.rawValue == 63)
        #expect(WorkoutActivityType.wheelchairRunPace.rawValue == 71)
        #expect(WorkoutActivityType.pickleball.rawValue == 79)
        #expect(WorkoutActivityType.cooldown.rawValue == 80)
        #expect(WorkoutActivityType.swimBikeRun.rawValue == 82)
        #expect(WorkoutActivityType.transition.rawValue == 83)
        #expect(WorkoutActivityType.underwaterDiving.rawValue == 84)
        #expect(WorkoutActivityType.other.rawValue == 3000)
    }

    @Test func hkIdentifierRoundTrips() {
        for type in WorkoutActivityType.allCases {
            #expect(type.hkIdentifier.hasPrefix("HKWorkoutActivityType"))
            #expect(WorkoutActivityType(hkIdentifier: type.hkIdentifier) == type)
        }
        #expect(WorkoutActivityType.running.hkIdentifier == "HKWorkoutActivityTypeRunning")
        #expect(
            WorkoutActivityType.highIntensityIntervalTraining.hkIdentifier
                == "HKWorkoutActivityTypeHighIntensityIntervalTraining")
        #expect(WorkoutActivityType.other.hkIdentifier == "HKWorkoutActivityTypeOther")
        #expect(WorkoutActivityType(hkIdentifier: "HKWorkoutActivityTypeUnderwaterDiving") == .underwaterDiving)
        #expect(WorkoutActivityType(hkIdentifier: "running") == nil)
        #expect(WorkoutActivityType(hkIdentifier: "HKWorkoutActivityTypeRunnin") == nil)
    }

    @Test func nameRoundTrips() {
        for type in WorkoutActivityType.allCases {
            #expect(type.name == String(describing: type))
            #expect(WorkoutActivityType(name: type.name) == type)
            #expect(WorkoutActivityType(name: type.name.uppercased()) == type)
            #expect(WorkoutActivityType(name: kebab(type.name)) == type, "\(kebab(type.name))")
            #expect(WorkoutActivityType(name: kebab(type.name).replacingOccurrences(of: "-", with: "_")) == type)
            #expect(WorkoutActivityType(name: type.displayName) == type)
        }
        #expect(WorkoutActivityType(name: "high-intensity-interval-training") == .highIntensityIntervalTraining)
        #expect(WorkoutActivityType(name: "HIGH_INTENSITY_INTERVAL_TRAINING") == .highIntensityIntervalTraining)
        #expect(WorkoutActivityType(name: "Running") == .running)
        #expect(WorkoutActivityType(name: "tai-chi") == .taiChi)
        #expect(WorkoutActivityType(name: "jogging") == nil)
        #expect(WorkoutActivityType(name: "") == nil)
    }

    @Test func displayNames() {
        #expect(WorkoutActivityType.running.displayName == "Running")
        #expect(WorkoutActivityType.highIntensityIntervalTraining.displayName == "High Intensity Interval Training")
        #expect(WorkoutActivityType.mindAndBody.displayName == "Mind and Body")
        #expect(WorkoutActivityType.trackAndField.displayName == "Track and Field")
        #expect(WorkoutActivityType.americanFootball.displayName == "American Football")
    }

    @Test func deprecatedTypes() {
        let deprecated = WorkoutActivityType.allCases.filter(\.isDeprecated)
        #expect(Set(deprecated) == [.dance, .danceInspiredTraining, .mixedMetabolicCardioTraining])
    }

    @Test func codableAsRawValue() throws {
        let data = try JSONEncoder().encode([WorkoutActivityType.running, .other])
        #expect(String(decoding: data, as: UTF8.self) == "[37,3000]")
        #expect(try JSONDecoder().decode([WorkoutActivityType].self, from: data) == [.running, .other])
    }

    /// "highIntensityIntervalTraining" → "high-intensity-interval-training".
    private func kebab(_ name: String) -> String {
        var result = ""
        for character in name {
            if character.isUppercase { result += "-" }
            result += character.lowercased()
        }
        return result
    }
}
