// Data table: display name, group and HealthKit value enumeration for every
// category type. Value sets follow HealthKit's HKTypeIdentifiers.h annotations
// and HKCategoryValues.h.

extension CategoryTypeIdentifier {
    /// Static facts (display name, group, allowed values) for this type.
    public var descriptor: CategoryTypeDescriptor {
        let e = entry
        return CategoryTypeDescriptor(
            identifier: self, displayName: e.0, group: e.1, valueSetName: e.2, values: e.3)
    }

    private var entry: (String, TypeGroup, String, [CategoryValue]) {
        typealias V = CategoryValueSet
        let none = ("HKCategoryValue", V.notApplicable)
        let severity = ("HKCategoryValueSeverity", V.severity)
        let presence = ("HKCategoryValuePresence", V.presence)
        let bleeding = ("HKCategoryValueVaginalBleeding", V.vaginalBleeding)
        let (name, group, values): (String, TypeGroup, (String, [CategoryValue])) =
            switch self {
            case .appleStandHour: ("Stand Hours", .activity, ("HKCategoryValueAppleStandHour", V.appleStandHour))
            case .environmentalAudioExposureEvent:
                ("Noise Notifications", .hearing,
                 ("HKCategoryValueEnvironmentalAudioExposureEvent", V.environmentalAudioExposureEvent))
            case .headphoneAudioExposureEvent:
                ("Headphone Notifications", .hearing,
                 ("HKCategoryValueHeadphoneAudioExposureEvent", V.headphoneAudioExposureEvent))
            case .audioExposureEvent:
                ("Audio Exposure Event", .hearing, ("HKCategoryValueAudioExposureEvent", V.audioExposureEvent))
            case .highHeartRateEvent: ("High Heart Rate Notifications", .heart, none)
            case .hypertensionEvent: ("Hypertension Notifications", .heart, none)
            case .irregularHeartRhythmEvent: ("Irregular Rhythm Notifications", .heart, none)
            case .lowCardioFitnessEvent:
                ("Low Cardio Fitness Notifications", .heart,
                 ("HKCategoryValueLowCardioFitnessEvent", V.lowCardioFitnessEvent))
            case .lowHeartRateEvent: ("Low Heart Rate Notifications", .heart, none)
            case .mindfulSession: ("Mindful Minutes", .mindfulness, none)
            case .appleWalkingSteadinessEvent:
                ("Walking Steadiness Notifications", .mobility,
                 ("HKCategoryValueAppleWalkingSteadinessEvent", V.appleWalkingSteadinessEvent))
            case .handwashingEvent: ("Handwashing", .selfCare, none)
            case .toothbrushingEvent: ("Toothbrushing", .selfCare, none)
            case .bleedingAfterPregnancy: ("Bleeding After Pregnancy", .reproductiveHealth, bleeding)
            case .bleedingDuringPregnancy: ("Bleeding During Pregnancy", .reproductiveHealth, bleeding)
            case .cervicalMucusQuality:
                ("Cervical Mucus Quality", .reproductiveHealth,
                 ("HKCategoryValueCervicalMucusQuality", V.cervicalMucusQuality))
            case .contraceptive:
                ("Contraceptives", .reproductiveHealth, ("HKCategoryValueContraceptive", V.contraceptive))
            case .infrequentMenstrualCycles: ("Infrequent Menstrual Cycles", .reproductiveHealth, none)
            case .intermenstrualBleeding: ("Spotting", .reproductiveHealth, none)
            case .irregularMenstrualCycles: ("Irregular Menstrual Cycles", .reproductiveHealth, none)
            case .lactation: ("Lactation", .reproductiveHealth, none)
            case .menstrualFlow: ("Menstrual Flow", .reproductiveHealth, bleeding)
            case .ovulationTestResult:
                ("Ovulation Test Result", .reproductiveHealth,
                 ("HKCategoryValueOvulationTestResult", V.ovulationTestResult))
            case .persistentIntermenstrualBleeding: ("Persistent Spotting", .reproductiveHealth, none)
            case .pregnancy: ("Pregnancy", .reproductiveHealth, none)
            case .pregnancyTestResult:
                ("Pregnancy Test Result", .reproductiveHealth, ("HKCategoryValuePregnancyTestResult", V.testResult))
            case .progesteroneTestResult:
                ("Progesterone Test Result", .reproductiveHealth,
                 ("HKCategoryValueProgesteroneTestResult", V.testResult))
            case .prolongedMenstrualPeriods: ("Prolonged Menstrual Periods", .reproductiveHealth, none)
            case .sexualActivity: ("Sexual Activity", .reproductiveHealth, none)
            case .sleepApneaEvent: ("Sleep Apnea Notifications", .respiratory, none)
            case .sleepAnalysis: ("Sleep", .sleep, ("HKCategoryValueSleepAnalysis", V.sleepAnalysis))
            case .abdominalCramps: ("Abdominal Cramps", .symptoms, severity)
            case .acne: ("Acne", .symptoms, severity)
            case .appetiteChanges: ("Appetite Changes", .symptoms, ("HKCategoryValueAppetiteChanges", V.appetiteChanges))
            case .bladderIncontinence: ("Bladder Incontinence", .symptoms, severity)
            case .bloating: ("Bloating", .symptoms, severity)
            case .breastPain: ("Breast Pain", .symptoms, severity)
            case .chestTightnessOrPain: ("Chest Tightness or Pain", .symptoms, severity)
            case .chills: ("Chills", .symptoms, severity)
            case .constipation: ("Constipation", .symptoms, severity)
            case .coughing: ("Coughing", .symptoms, severity)
            case .diarrhea: ("Diarrhea", .symptoms, severity)
            case .dizziness: ("Dizziness", .symptoms, severity)
            case .drySkin: ("Dry Skin", .symptoms, severity)
            case .fainting: ("Fainting", .symptoms, severity)
            case .fatigue: ("Fatigue", .symptoms, severity)
            case .fever: ("Fever", .symptoms, severity)
            case .generalizedBodyAche: ("Generalized Body Ache", .symptoms, severity)
            case .hairLoss: ("Hair Loss", .symptoms, severity)
            case .headache: ("Headache", .symptoms, severity)
            case .heartburn: ("Heartburn", .symptoms, severity)
            case .hotFlashes: ("Hot Flashes", .symptoms, severity)
            case .lossOfSmell: ("Loss of Smell", .symptoms, severity)
            case .lossOfTaste: ("Loss of Taste", .symptoms, severity)
            case .lowerBackPain: ("Lower Back Pain", .symptoms, severity)
            case .memoryLapse: ("Memory Lapse", .symptoms, severity)
            case .moodChanges: ("Mood Changes", .symptoms, presence)
            case .nausea: ("Nausea", .symptoms, severity)
            case .nightSweats: ("Night Sweats", .symptoms, severity)
            case .pelvicPain: ("Pelvic Pain", .symptoms, severity)
            case .rapidPoundingOrFlutteringHeartbeat: ("Rapid, Pounding, or Fluttering Heartbeat", .symptoms, severity)
            case .runnyNose: ("Runny Nose", .symptoms, severity)
            case .shortnessOfBreath: ("Shortness of Breath", .symptoms, severity)
            case .sinusCongestion: ("Sinus Congestion", .symptoms, severity)
            case .skippedHeartbeat: ("Skipped Heartbeat", .symptoms, severity)
            case .sleepChanges: ("Sleep Changes", .symptoms, presence)
            case .soreThroat: ("Sore Throat", .symptoms, severity)
            case .vaginalDryness: ("Vaginal Dryness", .symptoms, severity)
            case .vomiting: ("Vomiting", .symptoms, severity)
            case .wheezing: ("Wheezing", .symptoms, severity)
            }
        return (name, group, values.0, values.1)
    }
}
