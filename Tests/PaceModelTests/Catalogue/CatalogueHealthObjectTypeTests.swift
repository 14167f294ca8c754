import Foundation
import PaceModel
import Testing

@Suite struct CatalogueHealthObjectTypeTests {
    @Test func everyIdentifierRoundTrips() throws {
        let all = HealthObjectType.allTypes
        #expect(
            all.count
                == QuantityTypeIdentifier.allCases.count + CategoryTypeIdentifier.allCases.count
                + CharacteristicTypeIdentifier.allCases.count + 3, "quantities, categories, characteristics, workout, route, activity summary")
        #expect(Set(all.map(\.identifier)).count == all.count)
        #expect(try HealthObjectType(identifier: "HKActivitySummaryTypeIdentifier") == .activitySummary)
        #expect(try HealthObjectType(lenient: "activity-summary") == .activitySummary)
        for type in all {
            #expect(try HealthObjectType(identifier: type.identifier) == type)
        }
        for id in QuantityTypeIdentifier.allCases {
            #expect(try HealthObjectType(identifier: id.rawValue) == .quantity(id))
        }
        for id in CategoryTypeIdentifier.allCases {
            #expect(try HealthObjectType(identifier: id.rawValue) == .category(id))
        }
        for id in CharacteristicTypeIdentifier.allCases {
            #expect(try HealthObjectType(identifier: id.rawValue) == .characteristic(id))
        }
        #expect(try HealthObjectType(identifier: "HKWorkoutTypeIdentifier") == .workout)
        #expect(try HealthObjectType(identifier: "HKWorkoutRouteTypeIdentifier") == .workoutRoute)
        #expect(HealthObjectType.workout.identifier == "HKWorkoutTypeIdentifier")
        #expect(HealthObjectType.workoutRoute.identifier == "HKWorkoutRouteTypeIdentifier")
    }

    @Test func identifiersAreUniqueAcrossKinds() {
        let quantities = Set(QuantityTypeIdentifier.allCases.map(\.rawValue))
        let categories = Set(CategoryTypeIdentifier.allCases.map(\.rawValue))
        let characteristics = Set(CharacteristicTypeIdentifier.allCases.map(\.rawValue))
        #expect(quantities.isDisjoint(with: categories))
        #expect(quantities.isDisjoint(with: characteristics))
        #expect(categories.isDisjoint(with: characteristics))
    }

    @Test func strictInitRejectsShortNames() {
        #expect(throws: TypeIdentifierError.self) { try HealthObjectType(identifier: "heartRate") }
        #expect(throws: TypeIdentifierError.self) { try HealthObjectType(identifier: "hkquantitytypeidentifierheartrate") }
        #expect(throws: TypeIdentifierError.self) { try HealthObjectType(identifier: "") }
    }

    @Test func lenientNamesResolveWithoutAmbiguity() throws {
        // Every normalized identifier and short name must be distinct, or lenient lookup would be ambiguous.
        var keys: Set<String> = []
        for type in HealthObjectType.allTypes {
            keys.insert(normalized(type.identifier))
            keys.insert(normalized(type.name))
        }
        #expect(keys.count == HealthObjectType.allTypes.count * 2)
        for type in HealthObjectType.allTypes {
            #expect(try HealthObjectType(lenient: type.identifier) == type)
            #expect(try HealthObjectType(lenient: type.name) == type)
            #expect(try HealthObjectType(lenient: type.name.uppercased()) == type)
        }
        #expect(try HealthObjectType(lenient: "heartRate") == .quantity(.heartRate))
        #expect(try HealthObjectType(lenient: "HeartRate") == .quantity(.heartRate))
        #expect(try HealthObjectType(lenient: "heart-rate") == .quantity(.heartRate))
        #expect(try HealthObjectType(lenient: "VO2Max") == .quantity(.vo2Max))
        #expect(try HealthObjectType(lenient: "sleep_analysis") == .category(.sleepAnalysis))
        #expect(try HealthObjectType(lenient: "biologicalSex") == .characteristic(.biologicalSex))
        #expect(try HealthObjectType(lenient: "workout") == .workout)
        #expect(try HealthObjectType(lenient: "WorkoutRoute") == .workoutRoute)
        #expect(try HealthObjectType(lenient: "hkquantitytypeidentifierstepcount") == .quantity(.stepCount))
    }

    @Test func unknownIdentifierMessageWithSuggestion() {
        do {
            _ = try HealthObjectType(identifier: "HKQuantityTypeIdentifierHeartRat")
            Issue.record("expected an error")
        } catch {
            #expect(error.identifier == "HKQuantityTypeIdentifierHeartRat")
            #expect(error.suggestion == "HKQuantityTypeIdentifierHeartRate")
            #expect(
                error.description
                    == "Unknown health type identifier 'HKQuantityTypeIdentifierHeartRat'. "
                    + "Did you mean 'HKQuantityTypeIdentifierHeartRate'? Run 'pace types' to list every type.")
        }
    }

    @Test func unknownIdentifierMessageWithoutSuggestion() {
        do {
            _ = try HealthObjectType(identifier: "NotAHealthType")
            Issue.record("expected an error")
        } catch {
            #expect(error.suggestion == nil)
            #expect(
                error.description
                    == "Unknown health type identifier 'NotAHealthType'. Run 'pace types' to list every type.")
        }
    }

    @Test func suggestions() {
        func suggestion(strict input: String) -> String? {
            do { _ = try HealthObjectType(identifier: input); return nil } catch { return error.suggestion }
        }
        func suggestion(lenient input: String) -> String? {
            do { _ = try HealthObjectType(lenient: input); return nil } catch { return error.suggestion }
        }
        // Strict mode always suggests the full identifier, even for a short name.
        #expect(suggestion(strict: "heartRate") == "HKQuantityTypeIdentifierHeartRate")
        #expect(suggestion(strict: "HKCategoryTypeIdentifierSleepAnalysys") == "HKCategoryTypeIdentifierSleepAnalysis")
        #expect(suggestion(strict: "HKWorkoutTypeIdentifer") == "HKWorkoutTypeIdentifier")
        // Lenient mode suggests in the form that was typed.
        #expect(suggestion(lenient: "heartRat") == "heartRate")
        #expect(suggestion(lenient: "stepCont") == "stepCount")
        #expect(suggestion(lenient: "HKQuantityTypeIdentifierStepCont") == "HKQuantityTypeIdentifierStepCount")
        #expect(suggestion(lenient: "banana") == nil)
        let error = TypeIdentifierError(identifier: "heartRat", suggestion: "heartRate")
        #expect(
            error.description
                == "Unknown health type identifier 'heartRat'. Did you mean 'heartRate'? Run 'pace types' to list every type.")
    }

    @Test func displayNamesAndGroups() {
        #expect(HealthObjectType.quantity(.heartRate).displayName == "Heart Rate")
        #expect(HealthObjectType.category(.sleepAnalysis).displayName == "Sleep")
        #expect(HealthObjectType.characteristic(.bloodType).displayName == "Blood Type")
        #expect(HealthObjectType.workout.displayName == "Workout")
        #expect(HealthObjectType.workoutRoute.displayName == "Workout Route")
        #expect(HealthObjectType.quantity(.heartRate).group == .heart)
        #expect(HealthObjectType.category(.headache).group == .symptoms)
        #expect(HealthObjectType.characteristic(.dateOfBirth).group == nil)
        #expect(HealthObjectType.workout.group == .activity)
        for type in HealthObjectType.allTypes {
            #expect(!type.displayName.isEmpty)
        }
        #expect(Set(HealthObjectType.allTypes.map(\.displayName)).count == HealthObjectType.allTypes.count)
    }

    @Test func codableAsIdentifierString() throws {
        let types: [HealthObjectType] = [.quantity(.stepCount), .category(.sleepAnalysis), .workout, .workoutRoute]
        let data = try JSONEncoder().encode(types)
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"["HKQuantityTypeIdentifierStepCount","HKCategoryTypeIdentifierSleepAnalysis","#
                + #""HKWorkoutTypeIdentifier","HKWorkoutRouteTypeIdentifier"]"#)
        #expect(try JSONDecoder().decode([HealthObjectType].self, from: data) == types)
        let all = try JSONDecoder().decode(
            [HealthObjectType].self, from: JSONEncoder().encode(HealthObjectType.allTypes))
        #expect(all == HealthObjectType.allTypes)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([HealthObjectType].self, from: Data(#"["heartRate"]"#.utf8))
        }
    }

    @Test func characteristicValues() {
        #expect(CharacteristicTypeIdentifier.allCases.count == 6)
        #expect(CharacteristicTypeIdentifier.biologicalSex.rawValue == "HKCharacteristicTypeIdentifierBiologicalSex")
        #expect(CharacteristicTypeIdentifier.activityMoveMode.rawValue == "HKCharacteristicTypeIdentifierActivityMoveMode")
        #expect(CharacteristicTypeIdentifier.fitzpatrickSkinType.name == "fitzpatrickSkinType")
        #expect(BiologicalSex.allCases.map(\.rawValue) == [0, 1, 2, 3])
        #expect(BiologicalSex.other.rawValue == 3)
        #expect(BloodType.allCases.map(\.rawValue) == Array(0...8))
        #expect(BloodType.abPositive.rawValue == 5)
        #expect(BloodType.oNegative.rawValue == 8)
        #expect(FitzpatrickSkinType.typeI.rawValue == 1)
        #expect(FitzpatrickSkinType.typeVI.rawValue == 6)
        #expect(WheelchairUse.no.rawValue == 1)
        #expect(WheelchairUse.yes.rawValue == 2)
        #expect(ActivityMoveMode.activeEnergy.rawValue == 1)
        #expect(ActivityMoveMode.appleMoveTime.rawValue == 2)
    }

    private func normalized(_ text: String) -> String {
        String(text.lowercased().filter { !"-_ .".contains($0) })
    }
}
