import PaceModel
import Testing

@Suite struct CatalogueCategoryTypeTests {
    private func pairs(_ id: CategoryTypeIdentifier) -> [String] {
        id.descriptor.values.map { "\($0.rawValue):\($0.name)" }
    }

    @Test func catalogueIsCompleteAndUnique() {
        let all = CategoryTypeIdentifier.allCases
        #expect(all.count > 50)
        #expect(Set(all.map(\.rawValue)).count == all.count)
        #expect(Set(all.map(\.displayName)).count == all.count)
        for id in all {
            #expect(id.rawValue.hasPrefix("HKCategoryTypeIdentifier"), "\(id)")
            #expect(id.name == String(describing: id))
            #expect(id.descriptor.identifier == id)
            let raws = id.descriptor.values.map(\.rawValue)
            #expect(!raws.isEmpty, "\(id)")
            #expect(raws == raws.sorted() && Set(raws).count == raws.count, "\(id)")
            #expect(id.descriptor.valueSetName.hasPrefix("HKCategoryValue"))
        }
    }

    @Test func exactHealthKitIdentifiers() {
        #expect(CategoryTypeIdentifier.sleepAnalysis.rawValue == "HKCategoryTypeIdentifierSleepAnalysis")
        #expect(CategoryTypeIdentifier.appleStandHour.rawValue == "HKCategoryTypeIdentifierAppleStandHour")
        #expect(CategoryTypeIdentifier.mindfulSession.rawValue == "HKCategoryTypeIdentifierMindfulSession")
        #expect(
            CategoryTypeIdentifier.rapidPoundingOrFlutteringHeartbeat.rawValue
                == "HKCategoryTypeIdentifierRapidPoundingOrFlutteringHeartbeat")
    }

    @Test func sleepAnalysisValues() {
        #expect(pairs(.sleepAnalysis) == [
            "0:inBed", "1:asleepUnspecified", "2:awake", "3:asleepCore", "4:asleepDeep", "5:asleepREM",
        ])
        let descriptor = CategoryTypeIdentifier.sleepAnalysis.descriptor
        #expect(descriptor.valueSetName == "HKCategoryValueSleepAnalysis")
        #expect(descriptor.valueName(for: 4) == "asleepDeep")
        #expect(descriptor.valueName(for: 9) == nil)
        #expect(descriptor.rawValue(named: "asleep-core") == 3)
        #expect(descriptor.rawValue(named: "ASLEEPREM") == 5)
        #expect(descriptor.rawValue(named: "dreaming") == nil)
        #expect(descriptor.group == .sleep)
    }

    @Test func healthKitValueSets() {
        #expect(pairs(.appleStandHour) == ["0:stood", "1:idle"])
        #expect(pairs(.headache) == ["0:unspecified", "1:notPresent", "2:mild", "3:moderate", "4:severe"])
        #expect(pairs(.moodChanges) == ["0:present", "1:notPresent"])
        #expect(pairs(.sleepChanges) == ["0:present", "1:notPresent"])
        #expect(pairs(.appetiteChanges) == ["0:unspecified", "1:noChange", "2:decreased", "3:increased"])
        #expect(pairs(.mindfulSession) == ["0:notApplicable"])
        #expect(pairs(.menstrualFlow) == ["1:unspecified", "2:light", "3:medium", "4:heavy", "5:none"])
        #expect(pairs(.bleedingDuringPregnancy) == pairs(.menstrualFlow))
        #expect(pairs(.ovulationTestResult) == [
            "1:negative", "2:luteinizingHormoneSurge", "3:indeterminate", "4:estrogenSurge",
        ])
        #expect(pairs(.cervicalMucusQuality) == ["1:dry", "2:sticky", "3:creamy", "4:watery", "5:eggWhite"])
        #expect(pairs(.contraceptive) == [
            "1:unspecified", "2:implant", "3:injection", "4:intrauterineDevice", "5:intravaginalRing", "6:oral",
            "7:patch",
        ])
        #expect(pairs(.pregnancyTestResult) == ["1:negative", "2:positive", "3:indeterminate"])
        #expect(pairs(.progesteroneTestResult) == ["1:negative", "2:positive", "3:indeterminate"])
        #expect(pairs(.environmentalAudioExposureEvent) == ["1:momentaryLimit"])
        #expect(pairs(.headphoneAudioExposureEvent) == ["1:sevenDayLimit"])
        #expect(pairs(.lowCardioFitnessEvent) == ["1:lowFitness"])
        #expect(pairs(.appleWalkingSteadinessEvent) == [
            "1:initialLow", "2:initialVeryLow", "3:repeatLow", "4:repeatVeryLow",
        ])
    }

    @Test func symptomsUseSeverityOrPresence() {
        let symptoms = CategoryTypeIdentifier.allCases.filter { $0.group == .symptoms }
        #expect(symptoms.count == 39)
        for id in symptoms where ![.appetiteChanges, .moodChanges, .sleepChanges].contains(id) {
            #expect(id.descriptor.valueSetName == "HKCategoryValueSeverity", "\(id)")
        }
    }

    @Test func valueValidation() {
        #expect(CategoryTypeIdentifier.sleepAnalysis.isValid(value: 5))
        #expect(!CategoryTypeIdentifier.sleepAnalysis.isValid(value: 6))
        #expect(!CategoryTypeIdentifier.sleepAnalysis.isValid(value: -1))
        #expect(!CategoryTypeIdentifier.menstrualFlow.isValid(value: 0))
        #expect(CategoryTypeIdentifier.menstrualFlow.isValid(value: 1))
        #expect(CategoryTypeIdentifier.mindfulSession.isValid(value: 0))
        #expect(!CategoryTypeIdentifier.mindfulSession.isValid(value: 1))
        #expect(CategoryTypeIdentifier.fever.isValid(value: 4))
        #expect(!CategoryTypeIdentifier.fever.isValid(value: 5))
    }

    @Test func deprecation() {
        #expect(CategoryTypeIdentifier.audioExposureEvent.isDeprecated)
        #expect(CategoryTypeIdentifier.allCases.filter(\.isDeprecated).count == 1)
    }
}
