import HealthKit
import PaceModel
import Testing

/// The facade's enums mirror PaceModel's case for case and value for value (they are mapped by
/// raw value), so a case added to one and not the other fails here.
@Suite struct HKMirroredEnumTests {
    @Test func activityTypesMirrorPaceModels() {
        #expect(Set(HKWorkoutActivityType.allCases.map(\.rawValue)) == Set(WorkoutActivityType.allCases.map(\.rawValue)))
    }

    @Test func characteristicValuesMapEveryPaceModelValue() {
        #expect(BiologicalSex.allCases.allSatisfy { HKBiologicalSex(rawValue: $0.rawValue) != nil })
        #expect(BloodType.allCases.allSatisfy { HKBloodType(rawValue: $0.rawValue) != nil })
        #expect(FitzpatrickSkinType.allCases.allSatisfy { HKFitzpatrickSkinType(rawValue: $0.rawValue) != nil })
        #expect(WheelchairUse.allCases.allSatisfy { HKWheelchairUse(rawValue: $0.rawValue) != nil })
        #expect(ActivityMoveMode.allCases.allSatisfy { HKActivityMoveMode(rawValue: $0.rawValue) != nil })
        #expect(WorkoutEventType.allCases.allSatisfy { HKWorkoutEventType(rawValue: $0.rawValue) != nil })
    }
}
