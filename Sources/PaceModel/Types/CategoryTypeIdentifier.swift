/// Every HealthKit category type (`HKCategoryTypeIdentifier`, through iOS 26).
///
/// Case names are HealthKit's Swift names; raw values are HealthKit's
/// identifier strings. A category sample's value is an `Int` drawn from the
/// set listed by ``descriptor`` (see ``CategoryTypeDescriptor/values``).
public enum CategoryTypeIdentifier: String, Sendable, Codable, CaseIterable {
    // MARK: Activity

    /// Whether the user stood during an hour (values: stood, idle).
    case appleStandHour = "HKCategoryTypeIdentifierAppleStandHour"

    // MARK: Hearing

    /// Notification for a loud environment (value: momentaryLimit).
    case environmentalAudioExposureEvent = "HKCategoryTypeIdentifierEnvironmentalAudioExposureEvent"
    /// Notification for high headphone audio over seven days (value: sevenDayLimit).
    case headphoneAudioExposureEvent = "HKCategoryTypeIdentifierHeadphoneAudioExposureEvent"
    /// Deprecated (iOS 13 only) loud-environment event; use ``environmentalAudioExposureEvent``.
    case audioExposureEvent = "HKCategoryTypeIdentifierAudioExposureEvent"

    // MARK: Heart

    /// High heart rate notification (value: notApplicable).
    case highHeartRateEvent = "HKCategoryTypeIdentifierHighHeartRateEvent"
    /// Hypertension notification (value: notApplicable; iOS 26).
    case hypertensionEvent = "HKCategoryTypeIdentifierHypertensionEvent"
    /// Irregular heart rhythm notification (value: notApplicable).
    case irregularHeartRhythmEvent = "HKCategoryTypeIdentifierIrregularHeartRhythmEvent"
    /// Low cardio fitness notification (value: lowFitness).
    case lowCardioFitnessEvent = "HKCategoryTypeIdentifierLowCardioFitnessEvent"
    /// Low heart rate notification (value: notApplicable).
    case lowHeartRateEvent = "HKCategoryTypeIdentifierLowHeartRateEvent"

    // MARK: Mindfulness

    /// A mindful session (value: notApplicable).
    case mindfulSession = "HKCategoryTypeIdentifierMindfulSession"

    // MARK: Mobility

    /// Walking steadiness notification (values: initialLow … repeatVeryLow).
    case appleWalkingSteadinessEvent = "HKCategoryTypeIdentifierAppleWalkingSteadinessEvent"

    // MARK: Self care

    /// A handwashing event (value: notApplicable).
    case handwashingEvent = "HKCategoryTypeIdentifierHandwashingEvent"
    /// A toothbrushing event (value: notApplicable).
    case toothbrushingEvent = "HKCategoryTypeIdentifierToothbrushingEvent"

    // MARK: Reproductive health

    /// Bleeding after pregnancy (vaginal bleeding values).
    case bleedingAfterPregnancy = "HKCategoryTypeIdentifierBleedingAfterPregnancy"
    /// Bleeding during pregnancy (vaginal bleeding values).
    case bleedingDuringPregnancy = "HKCategoryTypeIdentifierBleedingDuringPregnancy"
    /// Cervical mucus quality (values: dry … eggWhite).
    case cervicalMucusQuality = "HKCategoryTypeIdentifierCervicalMucusQuality"
    /// Contraceptive in use (values: unspecified … patch).
    case contraceptive = "HKCategoryTypeIdentifierContraceptive"
    /// Infrequent menstrual cycles detected (value: notApplicable).
    case infrequentMenstrualCycles = "HKCategoryTypeIdentifierInfrequentMenstrualCycles"
    /// Intermenstrual bleeding, i.e. spotting (value: notApplicable).
    case intermenstrualBleeding = "HKCategoryTypeIdentifierIntermenstrualBleeding"
    /// Irregular menstrual cycles detected (value: notApplicable).
    case irregularMenstrualCycles = "HKCategoryTypeIdentifierIrregularMenstrualCycles"
    /// Lactation period (value: notApplicable).
    case lactation = "HKCategoryTypeIdentifierLactation"
    /// Menstrual flow (values: unspecified, light, medium, heavy, none).
    case menstrualFlow = "HKCategoryTypeIdentifierMenstrualFlow"
    /// Ovulation test result (values: negative … estrogenSurge).
    case ovulationTestResult = "HKCategoryTypeIdentifierOvulationTestResult"
    /// Persistent intermenstrual bleeding detected (value: notApplicable).
    case persistentIntermenstrualBleeding = "HKCategoryTypeIdentifierPersistentIntermenstrualBleeding"
    /// Pregnancy period (value: notApplicable).
    case pregnancy = "HKCategoryTypeIdentifierPregnancy"
    /// Home pregnancy test result (values: negative, positive, indeterminate).
    case pregnancyTestResult = "HKCategoryTypeIdentifierPregnancyTestResult"
    /// Progesterone test result (values: negative, positive, indeterminate).
    case progesteroneTestResult = "HKCategoryTypeIdentifierProgesteroneTestResult"
    /// Prolonged menstrual periods detected (value: notApplicable).
    case prolongedMenstrualPeriods = "HKCategoryTypeIdentifierProlongedMenstrualPeriods"
    /// Sexual activity (value: notApplicable).
    case sexualActivity = "HKCategoryTypeIdentifierSexualActivity"

    // MARK: Respiratory

    /// Sleep apnea notification (value: notApplicable).
    case sleepApneaEvent = "HKCategoryTypeIdentifierSleepApneaEvent"

    // MARK: Sleep

    /// Sleep analysis (values: inBed, asleepUnspecified, awake, asleepCore, asleepDeep, asleepREM).
    case sleepAnalysis = "HKCategoryTypeIdentifierSleepAnalysis"

    // MARK: Symptoms

    /// Abdominal cramps symptom (severity values).
    case abdominalCramps = "HKCategoryTypeIdentifierAbdominalCramps"
    /// Acne symptom (severity values).
    case acne = "HKCategoryTypeIdentifierAcne"
    /// Appetite changes symptom (values: unspecified, noChange, decreased, increased).
    case appetiteChanges = "HKCategoryTypeIdentifierAppetiteChanges"
    /// Bladder incontinence symptom (severity values).
    case bladderIncontinence = "HKCategoryTypeIdentifierBladderIncontinence"
    /// Bloating symptom (severity values).
    case bloating = "HKCategoryTypeIdentifierBloating"
    /// Breast pain symptom (severity values).
    case breastPain = "HKCategoryTypeIdentifierBreastPain"
    /// Chest tightness or pain symptom (severity values).
    case chestTightnessOrPain = "HKCategoryTypeIdentifierChestTightnessOrPain"
    /// Chills symptom (severity values).
    case chills = "HKCategoryTypeIdentifierChills"
    /// Constipation symptom (severity values).
    case constipation = "HKCategoryTypeIdentifierConstipation"
    /// Coughing symptom (severity values).
    case coughing = "HKCategoryTypeIdentifierCoughing"
    /// Diarrhea symptom (severity values).
    case diarrhea = "HKCategoryTypeIdentifierDiarrhea"
    /// Dizziness symptom (severity values).
    case dizziness = "HKCategoryTypeIdentifierDizziness"
    /// Dry skin symptom (severity values).
    case drySkin = "HKCategoryTypeIdentifierDrySkin"
    /// Fainting symptom (severity values).
    case fainting = "HKCategoryTypeIdentifierFainting"
    /// Fatigue symptom (severity values).
    case fatigue = "HKCategoryTypeIdentifierFatigue"
    /// Fever symptom (severity values).
    case fever = "HKCategoryTypeIdentifierFever"
    /// Generalized body ache symptom (severity values).
    case generalizedBodyAche = "HKCategoryTypeIdentifierGeneralizedBodyAche"
    /// Hair loss symptom (severity values).
    case hairLoss = "HKCategoryTypeIdentifierHairLoss"
    /// Headache symptom (severity values).
    case headache = "HKCategoryTypeIdentifierHeadache"
    /// Heartburn symptom (severity values).
    case heartburn = "HKCategoryTypeIdentifierHeartburn"
    /// Hot flashes symptom (severity values).
    case hotFlashes = "HKCategoryTypeIdentifierHotFlashes"
    /// Loss of smell symptom (severity values).
    case lossOfSmell = "HKCategoryTypeIdentifierLossOfSmell"
    /// Loss of taste symptom (severity values).
    case lossOfTaste = "HKCategoryTypeIdentifierLossOfTaste"
    /// Lower back pain symptom (severity values).
    case lowerBackPain = "HKCategoryTypeIdentifierLowerBackPain"
    /// Memory lapse symptom (severity values).
    case memoryLapse = "HKCategoryTypeIdentifierMemoryLapse"
    /// Mood changes symptom (presence values).
    case moodChanges = "HKCategoryTypeIdentifierMoodChanges"
    /// Nausea symptom (severity values).
    case nausea = "HKCategoryTypeIdentifierNausea"
    /// Night sweats symptom (severity values).
    case nightSweats = "HKCategoryTypeIdentifierNightSweats"
    /// Pelvic pain symptom (severity values).
    case pelvicPain = "HKCategoryTypeIdentifierPelvicPain"
    /// Rapid, pounding or fluttering heartbeat symptom (severity values).
    case rapidPoundingOrFlutteringHeartbeat = "HKCategoryTypeIdentifierRapidPoundingOrFlutteringHeartbeat"
    /// Runny nose symptom (severity values).
    case runnyNose = "HKCategoryTypeIdentifierRunnyNose"
    /// Shortness of breath symptom (severity values).
    case shortnessOfBreath = "HKCategoryTypeIdentifierShortnessOfBreath"
    /// Sinus congestion symptom (severity values).
    case sinusCongestion = "HKCategoryTypeIdentifierSinusCongestion"
    /// Skipped heartbeat symptom (severity values).
    case skippedHeartbeat = "HKCategoryTypeIdentifierSkippedHeartbeat"
    /// Sleep changes symptom (presence values).
    case sleepChanges = "HKCategoryTypeIdentifierSleepChanges"
    /// Sore throat symptom (severity values).
    case soreThroat = "HKCategoryTypeIdentifierSoreThroat"
    /// Vaginal dryness symptom (severity values).
    case vaginalDryness = "HKCategoryTypeIdentifierVaginalDryness"
    /// Vomiting symptom (severity values).
    case vomiting = "HKCategoryTypeIdentifierVomiting"
    /// Wheezing symptom (severity values).
    case wheezing = "HKCategoryTypeIdentifierWheezing"
}

extension CategoryTypeIdentifier {
    /// The common prefix of every raw value, `"HKCategoryTypeIdentifier"`.
    public static let identifierPrefix = "HKCategoryTypeIdentifier"

    /// HealthKit's Swift name for this type, e.g. `"sleepAnalysis"`.
    public var name: String {
        CatalogueNaming.lowerCamel(String(rawValue.dropFirst(Self.identifierPrefix.count)))
    }

    /// Display name, e.g. `"Sleep"` (shorthand for `descriptor.displayName`).
    public var displayName: String { descriptor.displayName }

    /// Browse group (shorthand for `descriptor.group`).
    public var group: TypeGroup { descriptor.group }

    /// `true` when HealthKit has deprecated the type (only ``audioExposureEvent``).
    public var isDeprecated: Bool { self == .audioExposureEvent }

    /// Whether `value` is one of the raw values HealthKit defines for this type.
    public func isValid(value: Int) -> Bool {
        descriptor.values.contains { $0.rawValue == value }
    }
}

extension CategoryTypeIdentifier {
    /// Every case by its raw value.
    private static let byRawValue: [String: CategoryTypeIdentifier] =
        Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    /// The type whose HealthKit identifier is `rawValue`, or `nil`: one dictionary lookup, where
    /// the compiler's own initializer compares the string with each case's in turn (every file,
    /// sync batch and store row names its type this way).
    public init?(rawValue: String) {
        guard let type = Self.byRawValue[rawValue] else { return nil }
        self = type
    }
}
