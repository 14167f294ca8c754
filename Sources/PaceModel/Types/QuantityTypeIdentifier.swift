/// Every HealthKit quantity type (`HKQuantityTypeIdentifier`, through iOS 26).
///
/// Case names are HealthKit's Swift names; raw values are HealthKit's
/// identifier strings as they appear in Apple Health `export.xml`. The unit in
/// each case's comment is Pace's storage unit (see ``descriptor``).
public enum QuantityTypeIdentifier: String, Sendable, Codable, CaseIterable {
    // MARK: Body measurements

    /// Wrist temperature measured during sleep, in degC.
    case appleSleepingWristTemperature = "HKQuantityTypeIdentifierAppleSleepingWristTemperature"
    /// Body fat as a fraction 0…1, in %.
    case bodyFatPercentage = "HKQuantityTypeIdentifierBodyFatPercentage"
    /// Body mass (weight), in kg.
    case bodyMass = "HKQuantityTypeIdentifierBodyMass"
    /// Body mass index, unitless (count).
    case bodyMassIndex = "HKQuantityTypeIdentifierBodyMassIndex"
    /// Electrodermal activity (skin conductance), in S (siemens).
    case electrodermalActivity = "HKQuantityTypeIdentifierElectrodermalActivity"
    /// Body height, in m.
    case height = "HKQuantityTypeIdentifierHeight"
    /// Lean body mass, in kg.
    case leanBodyMass = "HKQuantityTypeIdentifierLeanBodyMass"
    /// Waist circumference, in m.
    case waistCircumference = "HKQuantityTypeIdentifierWaistCircumference"

    // MARK: Fitness

    /// Active energy burned, in kcal.
    case activeEnergyBurned = "HKQuantityTypeIdentifierActiveEnergyBurned"
    /// Apple exercise time (Exercise ring), in min.
    case appleExerciseTime = "HKQuantityTypeIdentifierAppleExerciseTime"
    /// Apple move time (Move ring in move-time mode), in min.
    case appleMoveTime = "HKQuantityTypeIdentifierAppleMoveTime"
    /// Apple stand time, in min.
    case appleStandTime = "HKQuantityTypeIdentifierAppleStandTime"
    /// Basal (resting) energy burned, in kcal.
    case basalEnergyBurned = "HKQuantityTypeIdentifierBasalEnergyBurned"
    /// Cross-country skiing speed, in m/s.
    case crossCountrySkiingSpeed = "HKQuantityTypeIdentifierCrossCountrySkiingSpeed"
    /// Cycling cadence, in count/min (revolutions per minute).
    case cyclingCadence = "HKQuantityTypeIdentifierCyclingCadence"
    /// Cycling functional threshold power, in W.
    case cyclingFunctionalThresholdPower = "HKQuantityTypeIdentifierCyclingFunctionalThresholdPower"
    /// Cycling power, in W.
    case cyclingPower = "HKQuantityTypeIdentifierCyclingPower"
    /// Cycling speed, in m/s.
    case cyclingSpeed = "HKQuantityTypeIdentifierCyclingSpeed"
    /// Cross-country skiing distance, in m.
    case distanceCrossCountrySkiing = "HKQuantityTypeIdentifierDistanceCrossCountrySkiing"
    /// Cycling distance, in m.
    case distanceCycling = "HKQuantityTypeIdentifierDistanceCycling"
    /// Downhill snow sports distance, in m.
    case distanceDownhillSnowSports = "HKQuantityTypeIdentifierDistanceDownhillSnowSports"
    /// Paddle sports distance, in m.
    case distancePaddleSports = "HKQuantityTypeIdentifierDistancePaddleSports"
    /// Rowing distance, in m.
    case distanceRowing = "HKQuantityTypeIdentifierDistanceRowing"
    /// Skating sports distance, in m.
    case distanceSkatingSports = "HKQuantityTypeIdentifierDistanceSkatingSports"
    /// Swimming distance, in m.
    case distanceSwimming = "HKQuantityTypeIdentifierDistanceSwimming"
    /// Walking and running distance, in m.
    case distanceWalkingRunning = "HKQuantityTypeIdentifierDistanceWalkingRunning"
    /// Wheelchair distance, in m.
    case distanceWheelchair = "HKQuantityTypeIdentifierDistanceWheelchair"
    /// Apple's estimated workout effort score (1…10), in appleEffortScore.
    case estimatedWorkoutEffortScore = "HKQuantityTypeIdentifierEstimatedWorkoutEffortScore"
    /// Flights of stairs climbed, in count.
    case flightsClimbed = "HKQuantityTypeIdentifierFlightsClimbed"
    /// NikeFuel points, in count.
    case nikeFuel = "HKQuantityTypeIdentifierNikeFuel"
    /// Paddle sports speed, in m/s.
    case paddleSportsSpeed = "HKQuantityTypeIdentifierPaddleSportsSpeed"
    /// Physical effort (METs-like), in kcal/(kg*hr).
    case physicalEffort = "HKQuantityTypeIdentifierPhysicalEffort"
    /// Wheelchair pushes, in count.
    case pushCount = "HKQuantityTypeIdentifierPushCount"
    /// Rowing speed, in m/s.
    case rowingSpeed = "HKQuantityTypeIdentifierRowingSpeed"
    /// Running power, in W.
    case runningPower = "HKQuantityTypeIdentifierRunningPower"
    /// Running speed, in m/s.
    case runningSpeed = "HKQuantityTypeIdentifierRunningSpeed"
    /// Steps taken, in count.
    case stepCount = "HKQuantityTypeIdentifierStepCount"
    /// Swimming strokes, in count.
    case swimmingStrokeCount = "HKQuantityTypeIdentifierSwimmingStrokeCount"
    /// Depth below the water surface, in m.
    case underwaterDepth = "HKQuantityTypeIdentifierUnderwaterDepth"
    /// User-rated workout effort score (1…10), in appleEffortScore.
    case workoutEffortScore = "HKQuantityTypeIdentifierWorkoutEffortScore"

    // MARK: Hearing

    /// Environmental sound level, in dBASPL.
    case environmentalAudioExposure = "HKQuantityTypeIdentifierEnvironmentalAudioExposure"
    /// Sound reduction provided by hearing protection, in dBASPL.
    case environmentalSoundReduction = "HKQuantityTypeIdentifierEnvironmentalSoundReduction"
    /// Headphone audio level, in dBASPL.
    case headphoneAudioExposure = "HKQuantityTypeIdentifierHeadphoneAudioExposure"

    // MARK: Heart

    /// Share of time in atrial fibrillation, as a fraction 0…1, in %.
    case atrialFibrillationBurden = "HKQuantityTypeIdentifierAtrialFibrillationBurden"
    /// Heart rate, in count/min (beats per minute).
    case heartRate = "HKQuantityTypeIdentifierHeartRate"
    /// Heart-rate drop one minute after exercise, in count/min.
    case heartRateRecoveryOneMinute = "HKQuantityTypeIdentifierHeartRateRecoveryOneMinute"
    /// Heart rate variability (SDNN), in ms.
    case heartRateVariabilitySDNN = "HKQuantityTypeIdentifierHeartRateVariabilitySDNN"
    /// Peripheral perfusion index as a fraction 0…1, in %.
    case peripheralPerfusionIndex = "HKQuantityTypeIdentifierPeripheralPerfusionIndex"
    /// Resting heart rate, in count/min.
    case restingHeartRate = "HKQuantityTypeIdentifierRestingHeartRate"
    /// Maximal oxygen uptake (cardio fitness), in mL/(kg*min).
    case vo2Max = "HKQuantityTypeIdentifierVO2Max"
    /// Average heart rate while walking, in count/min.
    case walkingHeartRateAverage = "HKQuantityTypeIdentifierWalkingHeartRateAverage"

    // MARK: Mobility

    /// Apple walking steadiness as a fraction 0…1, in %.
    case appleWalkingSteadiness = "HKQuantityTypeIdentifierAppleWalkingSteadiness"
    /// Running ground contact time, in ms.
    case runningGroundContactTime = "HKQuantityTypeIdentifierRunningGroundContactTime"
    /// Running stride length, in m.
    case runningStrideLength = "HKQuantityTypeIdentifierRunningStrideLength"
    /// Running vertical oscillation, in cm.
    case runningVerticalOscillation = "HKQuantityTypeIdentifierRunningVerticalOscillation"
    /// Estimated six-minute walk test distance, in m.
    case sixMinuteWalkTestDistance = "HKQuantityTypeIdentifierSixMinuteWalkTestDistance"
    /// Stair ascent speed, in m/s.
    case stairAscentSpeed = "HKQuantityTypeIdentifierStairAscentSpeed"
    /// Stair descent speed, in m/s.
    case stairDescentSpeed = "HKQuantityTypeIdentifierStairDescentSpeed"
    /// Walking asymmetry as a fraction 0…1, in %.
    case walkingAsymmetryPercentage = "HKQuantityTypeIdentifierWalkingAsymmetryPercentage"
    /// Double-support time as a fraction 0…1, in %.
    case walkingDoubleSupportPercentage = "HKQuantityTypeIdentifierWalkingDoubleSupportPercentage"
    /// Walking speed, in m/s.
    case walkingSpeed = "HKQuantityTypeIdentifierWalkingSpeed"
    /// Walking step length, in m.
    case walkingStepLength = "HKQuantityTypeIdentifierWalkingStepLength"

    // MARK: Nutrition

    /// Dietary biotin, in g.
    case dietaryBiotin = "HKQuantityTypeIdentifierDietaryBiotin"
    /// Dietary caffeine, in g.
    case dietaryCaffeine = "HKQuantityTypeIdentifierDietaryCaffeine"
    /// Dietary calcium, in g.
    case dietaryCalcium = "HKQuantityTypeIdentifierDietaryCalcium"
    /// Dietary carbohydrates, in g.
    case dietaryCarbohydrates = "HKQuantityTypeIdentifierDietaryCarbohydrates"
    /// Dietary chloride, in g.
    case dietaryChloride = "HKQuantityTypeIdentifierDietaryChloride"
    /// Dietary cholesterol, in g.
    case dietaryCholesterol = "HKQuantityTypeIdentifierDietaryCholesterol"
    /// Dietary chromium, in g.
    case dietaryChromium = "HKQuantityTypeIdentifierDietaryChromium"
    /// Dietary copper, in g.
    case dietaryCopper = "HKQuantityTypeIdentifierDietaryCopper"
    /// Dietary energy consumed, in kcal.
    case dietaryEnergyConsumed = "HKQuantityTypeIdentifierDietaryEnergyConsumed"
    /// Dietary monounsaturated fat, in g.
    case dietaryFatMonounsaturated = "HKQuantityTypeIdentifierDietaryFatMonounsaturated"
    /// Dietary polyunsaturated fat, in g.
    case dietaryFatPolyunsaturated = "HKQuantityTypeIdentifierDietaryFatPolyunsaturated"
    /// Dietary saturated fat, in g.
    case dietaryFatSaturated = "HKQuantityTypeIdentifierDietaryFatSaturated"
    /// Dietary total fat, in g.
    case dietaryFatTotal = "HKQuantityTypeIdentifierDietaryFatTotal"
    /// Dietary fiber, in g.
    case dietaryFiber = "HKQuantityTypeIdentifierDietaryFiber"
    /// Dietary folate, in g.
    case dietaryFolate = "HKQuantityTypeIdentifierDietaryFolate"
    /// Dietary iodine, in g.
    case dietaryIodine = "HKQuantityTypeIdentifierDietaryIodine"
    /// Dietary iron, in g.
    case dietaryIron = "HKQuantityTypeIdentifierDietaryIron"
    /// Dietary magnesium, in g.
    case dietaryMagnesium = "HKQuantityTypeIdentifierDietaryMagnesium"
    /// Dietary manganese, in g.
    case dietaryManganese = "HKQuantityTypeIdentifierDietaryManganese"
    /// Dietary molybdenum, in g.
    case dietaryMolybdenum = "HKQuantityTypeIdentifierDietaryMolybdenum"
    /// Dietary niacin, in g.
    case dietaryNiacin = "HKQuantityTypeIdentifierDietaryNiacin"
    /// Dietary pantothenic acid, in g.
    case dietaryPantothenicAcid = "HKQuantityTypeIdentifierDietaryPantothenicAcid"
    /// Dietary phosphorus, in g.
    case dietaryPhosphorus = "HKQuantityTypeIdentifierDietaryPhosphorus"
    /// Dietary potassium, in g.
    case dietaryPotassium = "HKQuantityTypeIdentifierDietaryPotassium"
    /// Dietary protein, in g.
    case dietaryProtein = "HKQuantityTypeIdentifierDietaryProtein"
    /// Dietary riboflavin, in g.
    case dietaryRiboflavin = "HKQuantityTypeIdentifierDietaryRiboflavin"
    /// Dietary selenium, in g.
    case dietarySelenium = "HKQuantityTypeIdentifierDietarySelenium"
    /// Dietary sodium, in g.
    case dietarySodium = "HKQuantityTypeIdentifierDietarySodium"
    /// Dietary sugar, in g.
    case dietarySugar = "HKQuantityTypeIdentifierDietarySugar"
    /// Dietary thiamin, in g.
    case dietaryThiamin = "HKQuantityTypeIdentifierDietaryThiamin"
    /// Dietary vitamin A, in g.
    case dietaryVitaminA = "HKQuantityTypeIdentifierDietaryVitaminA"
    /// Dietary vitamin B12, in g.
    case dietaryVitaminB12 = "HKQuantityTypeIdentifierDietaryVitaminB12"
    /// Dietary vitamin B6, in g.
    case dietaryVitaminB6 = "HKQuantityTypeIdentifierDietaryVitaminB6"
    /// Dietary vitamin C, in g.
    case dietaryVitaminC = "HKQuantityTypeIdentifierDietaryVitaminC"
    /// Dietary vitamin D, in g.
    case dietaryVitaminD = "HKQuantityTypeIdentifierDietaryVitaminD"
    /// Dietary vitamin E, in g.
    case dietaryVitaminE = "HKQuantityTypeIdentifierDietaryVitaminE"
    /// Dietary vitamin K, in g.
    case dietaryVitaminK = "HKQuantityTypeIdentifierDietaryVitaminK"
    /// Water consumed, in mL.
    case dietaryWater = "HKQuantityTypeIdentifierDietaryWater"
    /// Dietary zinc, in g.
    case dietaryZinc = "HKQuantityTypeIdentifierDietaryZinc"

    // MARK: Other

    /// Blood alcohol content as a fraction 0…1, in %.
    case bloodAlcoholContent = "HKQuantityTypeIdentifierBloodAlcoholContent"
    /// Diastolic blood pressure, in mmHg.
    case bloodPressureDiastolic = "HKQuantityTypeIdentifierBloodPressureDiastolic"
    /// Systolic blood pressure, in mmHg.
    case bloodPressureSystolic = "HKQuantityTypeIdentifierBloodPressureSystolic"
    /// Insulin delivered, in IU.
    case insulinDelivery = "HKQuantityTypeIdentifierInsulinDelivery"
    /// Alcoholic beverages consumed, in count.
    case numberOfAlcoholicBeverages = "HKQuantityTypeIdentifierNumberOfAlcoholicBeverages"
    /// Falls detected or reported, in count.
    case numberOfTimesFallen = "HKQuantityTypeIdentifierNumberOfTimesFallen"
    /// Time spent in daylight, in s.
    case timeInDaylight = "HKQuantityTypeIdentifierTimeInDaylight"
    /// UV index exposure, unitless (count).
    case uvExposure = "HKQuantityTypeIdentifierUVExposure"
    /// Water temperature, in degC.
    case waterTemperature = "HKQuantityTypeIdentifierWaterTemperature"

    // MARK: Reproductive health

    /// Basal body temperature, in degC.
    case basalBodyTemperature = "HKQuantityTypeIdentifierBasalBodyTemperature"

    // MARK: Respiratory

    /// Breathing disturbances per hour of sleep, in count.
    case appleSleepingBreathingDisturbances = "HKQuantityTypeIdentifierAppleSleepingBreathingDisturbances"
    /// Forced expiratory volume in one second, in L.
    case forcedExpiratoryVolume1 = "HKQuantityTypeIdentifierForcedExpiratoryVolume1"
    /// Forced vital capacity, in L.
    case forcedVitalCapacity = "HKQuantityTypeIdentifierForcedVitalCapacity"
    /// Inhaler puffs, in count.
    case inhalerUsage = "HKQuantityTypeIdentifierInhalerUsage"
    /// Blood oxygen saturation as a fraction 0…1, in %.
    case oxygenSaturation = "HKQuantityTypeIdentifierOxygenSaturation"
    /// Peak expiratory flow rate, in L/min.
    case peakExpiratoryFlowRate = "HKQuantityTypeIdentifierPeakExpiratoryFlowRate"
    /// Respiratory rate, in count/min (breaths per minute).
    case respiratoryRate = "HKQuantityTypeIdentifierRespiratoryRate"

    // MARK: Vital signs

    /// Blood glucose, in mg/dL.
    case bloodGlucose = "HKQuantityTypeIdentifierBloodGlucose"
    /// Body temperature, in degC.
    case bodyTemperature = "HKQuantityTypeIdentifierBodyTemperature"
}

extension QuantityTypeIdentifier {
    /// The common prefix of every raw value, `"HKQuantityTypeIdentifier"`.
    public static let identifierPrefix = "HKQuantityTypeIdentifier"

    /// HealthKit's Swift name for this type, e.g. `"heartRate"` or `"vo2Max"`.
    public var name: String {
        CatalogueNaming.lowerCamel(String(rawValue.dropFirst(Self.identifierPrefix.count)))
    }

    /// Display name, e.g. `"Heart Rate"` (shorthand for `descriptor.displayName`).
    public var displayName: String { descriptor.displayName }

    /// Browse group (shorthand for `descriptor.group`).
    public var group: TypeGroup { descriptor.group }

    /// HealthKit aggregation style (shorthand for `descriptor.aggregationStyle`).
    public var aggregationStyle: AggregationStyle { descriptor.aggregationStyle }

    /// Pace storage unit as a HealthKit unit string (shorthand for
    /// `descriptor.canonicalUnitString`).
    public var canonicalUnitString: String { descriptor.canonicalUnitString }
}

extension QuantityTypeIdentifier {
    /// Every case by its raw value.
    private static let byRawValue: [String: QuantityTypeIdentifier] =
        Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    /// The type whose HealthKit identifier is `rawValue`, or `nil`: one dictionary lookup, where
    /// the compiler's own initializer compares the string with each case's in turn (every file,
    /// sync batch and store row names its type this way).
    public init?(rawValue: String) {
        guard let type = Self.byRawValue[rawValue] else { return nil }
        self = type
    }
}
