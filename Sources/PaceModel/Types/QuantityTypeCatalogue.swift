// Data table: display name, group, HealthKit aggregation style and Pace storage
// unit for every quantity type. Aggregation styles follow HealthKit's
// HKTypeIdentifiers.h annotations.

extension QuantityTypeIdentifier {
    /// Static facts (display name, group, aggregation style, storage unit) for this type.
    public var descriptor: QuantityTypeDescriptor {
        let e = entry
        return QuantityTypeDescriptor(
            identifier: self, displayName: e.0, group: e.1, aggregationStyle: e.2, canonicalUnitString: e.3)
    }

    private var entry: (String, TypeGroup, AggregationStyle, String) {
        switch self {
        // Body measurements
        case .appleSleepingWristTemperature: ("Sleeping Wrist Temperature", .bodyMeasurements, .discreteArithmetic, "degC")
        case .bodyFatPercentage: ("Body Fat Percentage", .bodyMeasurements, .discreteArithmetic, "%")
        case .bodyMass: ("Weight", .bodyMeasurements, .discreteArithmetic, "kg")
        case .bodyMassIndex: ("Body Mass Index", .bodyMeasurements, .discreteArithmetic, "count")
        case .electrodermalActivity: ("Electrodermal Activity", .other, .discreteArithmetic, "S")
        case .height: ("Height", .bodyMeasurements, .discreteArithmetic, "m")
        case .leanBodyMass: ("Lean Body Mass", .bodyMeasurements, .discreteArithmetic, "kg")
        case .waistCircumference: ("Waist Circumference", .bodyMeasurements, .discreteArithmetic, "m")

        // Fitness
        case .activeEnergyBurned: ("Active Energy", .activity, .cumulative, "kcal")
        case .appleExerciseTime: ("Exercise Minutes", .activity, .cumulative, "min")
        case .appleMoveTime: ("Move Minutes", .activity, .cumulative, "min")
        case .appleStandTime: ("Stand Minutes", .activity, .cumulative, "min")
        case .basalEnergyBurned: ("Resting Energy", .activity, .cumulative, "kcal")
        case .crossCountrySkiingSpeed: ("Cross-Country Skiing Speed", .activity, .discreteArithmetic, "m/s")
        case .cyclingCadence: ("Cycling Cadence", .activity, .discreteArithmetic, "count/min")
        case .cyclingFunctionalThresholdPower: ("Cycling Functional Threshold Power", .activity, .discreteArithmetic, "W")
        case .cyclingPower: ("Cycling Power", .activity, .discreteArithmetic, "W")
        case .cyclingSpeed: ("Cycling Speed", .activity, .discreteArithmetic, "m/s")
        case .distanceCrossCountrySkiing: ("Cross-Country Skiing Distance", .activity, .cumulative, "m")
        case .distanceCycling: ("Cycling Distance", .activity, .cumulative, "m")
        case .distanceDownhillSnowSports: ("Downhill Snow Sports Distance", .activity, .cumulative, "m")
        case .distancePaddleSports: ("Paddle Sports Distance", .activity, .cumulative, "m")
        case .distanceRowing: ("Rowing Distance", .activity, .cumulative, "m")
        case .distanceSkatingSports: ("Skating Sports Distance", .activity, .cumulative, "m")
        case .distanceSwimming: ("Swimming Distance", .activity, .cumulative, "m")
        case .distanceWalkingRunning: ("Walking + Running Distance", .activity, .cumulative, "m")
        case .distanceWheelchair: ("Wheelchair Distance", .activity, .cumulative, "m")
        case .estimatedWorkoutEffortScore: ("Estimated Workout Effort", .activity, .discreteArithmetic, "appleEffortScore")
        case .flightsClimbed: ("Flights Climbed", .activity, .cumulative, "count")
        case .nikeFuel: ("NikeFuel", .activity, .cumulative, "count")
        case .paddleSportsSpeed: ("Paddle Sports Speed", .activity, .discreteArithmetic, "m/s")
        case .physicalEffort: ("Physical Effort", .activity, .discreteArithmetic, "kcal/(kg*hr)")
        case .pushCount: ("Wheelchair Pushes", .activity, .cumulative, "count")
        case .rowingSpeed: ("Rowing Speed", .activity, .discreteArithmetic, "m/s")
        case .runningPower: ("Running Power", .activity, .discreteArithmetic, "W")
        case .runningSpeed: ("Running Speed", .activity, .discreteArithmetic, "m/s")
        case .stepCount: ("Steps", .activity, .cumulative, "count")
        case .swimmingStrokeCount: ("Swimming Strokes", .activity, .cumulative, "count")
        case .underwaterDepth: ("Underwater Depth", .activity, .discreteArithmetic, "m")
        case .workoutEffortScore: ("Workout Effort", .activity, .discreteArithmetic, "appleEffortScore")

        // Hearing
        case .environmentalAudioExposure: ("Environmental Sound Levels", .hearing, .discreteEquivalentContinuousLevel, "dBASPL")
        case .environmentalSoundReduction: ("Environmental Sound Reduction", .hearing, .discreteEquivalentContinuousLevel, "dBASPL")
        case .headphoneAudioExposure: ("Headphone Audio Levels", .hearing, .discreteEquivalentContinuousLevel, "dBASPL")

        // Heart
        case .atrialFibrillationBurden: ("AFib History", .heart, .discreteTemporallyWeighted, "%")
        case .heartRate: ("Heart Rate", .heart, .discreteTemporallyWeighted, "count/min")
        case .heartRateRecoveryOneMinute: ("Cardio Recovery", .heart, .discreteArithmetic, "count/min")
        case .heartRateVariabilitySDNN: ("Heart Rate Variability", .heart, .discreteArithmetic, "ms")
        case .peripheralPerfusionIndex: ("Peripheral Perfusion Index", .heart, .discreteArithmetic, "%")
        case .restingHeartRate: ("Resting Heart Rate", .heart, .discreteArithmetic, "count/min")
        case .vo2Max: ("VO2 Max", .heart, .discreteArithmetic, "mL/(kg*min)")
        case .walkingHeartRateAverage: ("Walking Heart Rate Average", .heart, .discreteArithmetic, "count/min")

        // Mobility
        case .appleWalkingSteadiness: ("Walking Steadiness", .mobility, .discreteArithmetic, "%")
        case .runningGroundContactTime: ("Ground Contact Time", .mobility, .discreteArithmetic, "ms")
        case .runningStrideLength: ("Running Stride Length", .mobility, .discreteArithmetic, "m")
        case .runningVerticalOscillation: ("Vertical Oscillation", .mobility, .discreteArithmetic, "cm")
        case .sixMinuteWalkTestDistance: ("Six-Minute Walk", .mobility, .discreteArithmetic, "m")
        case .stairAscentSpeed: ("Stair Speed: Up", .mobility, .discreteArithmetic, "m/s")
        case .stairDescentSpeed: ("Stair Speed: Down", .mobility, .discreteArithmetic, "m/s")
        case .walkingAsymmetryPercentage: ("Walking Asymmetry", .mobility, .discreteArithmetic, "%")
        case .walkingDoubleSupportPercentage: ("Double Support Time", .mobility, .discreteArithmetic, "%")
        case .walkingSpeed: ("Walking Speed", .mobility, .discreteArithmetic, "m/s")
        case .walkingStepLength: ("Walking Step Length", .mobility, .discreteArithmetic, "m")

        // Nutrition
        case .dietaryBiotin: ("Biotin", .nutrition, .cumulative, "g")
        case .dietaryCaffeine: ("Caffeine", .nutrition, .cumulative, "g")
        case .dietaryCalcium: ("Calcium", .nutrition, .cumulative, "g")
        case .dietaryCarbohydrates: ("Carbohydrates", .nutrition, .cumulative, "g")
        case .dietaryChloride: ("Chloride", .nutrition, .cumulative, "g")
        case .dietaryCholesterol: ("Dietary Cholesterol", .nutrition, .cumulative, "g")
        case .dietaryChromium: ("Chromium", .nutrition, .cumulative, "g")
        case .dietaryCopper: ("Copper", .nutrition, .cumulative, "g")
        case .dietaryEnergyConsumed: ("Dietary Energy", .nutrition, .cumulative, "kcal")
        case .dietaryFatMonounsaturated: ("Monounsaturated Fat", .nutrition, .cumulative, "g")
        case .dietaryFatPolyunsaturated: ("Polyunsaturated Fat", .nutrition, .cumulative, "g")
        case .dietaryFatSaturated: ("Saturated Fat", .nutrition, .cumulative, "g")
        case .dietaryFatTotal: ("Total Fat", .nutrition, .cumulative, "g")
        case .dietaryFiber: ("Fiber", .nutrition, .cumulative, "g")
        case .dietaryFolate: ("Folate", .nutrition, .cumulative, "g")
        case .dietaryIodine: ("Iodine", .nutrition, .cumulative, "g")
        case .dietaryIron: ("Iron", .nutrition, .cumulative, "g")
        case .dietaryMagnesium: ("Magnesium", .nutrition, .cumulative, "g")
        case .dietaryManganese: ("Manganese", .nutrition, .cumulative, "g")
        case .dietaryMolybdenum: ("Molybdenum", .nutrition, .cumulative, "g")
        case .dietaryNiacin: ("Niacin", .nutrition, .cumulative, "g")
        case .dietaryPantothenicAcid: ("Pantothenic Acid", .nutrition, .cumulative, "g")
        case .dietaryPhosphorus: ("Phosphorus", .nutrition, .cumulative, "g")
        case .dietaryPotassium: ("Potassium", .nutrition, .cumulative, "g")
        case .dietaryProtein: ("Protein", .nutrition, .cumulative, "g")
        case .dietaryRiboflavin: ("Riboflavin", .nutrition, .cumulative, "g")
        case .dietarySelenium: ("Selenium", .nutrition, .cumulative, "g")
        case .dietarySodium: ("Sodium", .nutrition, .cumulative, "g")
        case .dietarySugar: ("Sugar", .nutrition, .cumulative, "g")
        case .dietaryThiamin: ("Thiamin", .nutrition, .cumulative, "g")
        case .dietaryVitaminA: ("Vitamin A", .nutrition, .cumulative, "g")
        case .dietaryVitaminB12: ("Vitamin B12", .nutrition, .cumulative, "g")
        case .dietaryVitaminB6: ("Vitamin B6", .nutrition, .cumulative, "g")
        case .dietaryVitaminC: ("Vitamin C", .nutrition, .cumulative, "g")
        case .dietaryVitaminD: ("Vitamin D", .nutrition, .cumulative, "g")
        case .dietaryVitaminE: ("Vitamin E", .nutrition, .cumulative, "g")
        case .dietaryVitaminK: ("Vitamin K", .nutrition, .cumulative, "g")
        case .dietaryWater: ("Water", .nutrition, .cumulative, "mL")
        case .dietaryZinc: ("Zinc", .nutrition, .cumulative, "g")

        // Other
        case .bloodAlcoholContent: ("Blood Alcohol Content", .labResults, .discreteArithmetic, "%")
        case .bloodPressureDiastolic: ("Diastolic Blood Pressure", .vitalSigns, .discreteArithmetic, "mmHg")
        case .bloodPressureSystolic: ("Systolic Blood Pressure", .vitalSigns, .discreteArithmetic, "mmHg")
        case .insulinDelivery: ("Insulin Delivery", .other, .cumulative, "IU")
        case .numberOfAlcoholicBeverages: ("Alcoholic Beverages", .nutrition, .cumulative, "count")
        case .numberOfTimesFallen: ("Number of Times Fallen", .other, .cumulative, "count")
        case .timeInDaylight: ("Time in Daylight", .environment, .cumulative, "min")
        case .uvExposure: ("UV Exposure", .environment, .discreteArithmetic, "count")
        case .waterTemperature: ("Water Temperature", .environment, .discreteArithmetic, "degC")

        // Reproductive health
        case .basalBodyTemperature: ("Basal Body Temperature", .reproductiveHealth, .discreteArithmetic, "degC")

        // Respiratory
        case .appleSleepingBreathingDisturbances: ("Breathing Disturbances", .respiratory, .discreteArithmetic, "count")
        case .forcedExpiratoryVolume1: ("Forced Expiratory Volume, 1 sec", .respiratory, .discreteArithmetic, "L")
        case .forcedVitalCapacity: ("Forced Vital Capacity", .respiratory, .discreteArithmetic, "L")
        case .inhalerUsage: ("Inhaler Usage", .respiratory, .cumulative, "count")
        case .oxygenSaturation: ("Blood Oxygen", .respiratory, .discreteArithmetic, "%")
        case .peakExpiratoryFlowRate: ("Peak Expiratory Flow Rate", .respiratory, .discreteArithmetic, "L/min")
        case .respiratoryRate: ("Respiratory Rate", .respiratory, .discreteArithmetic, "count/min")

        // Vital signs
        case .bloodGlucose: ("Blood Glucose", .labResults, .discreteArithmetic, "mg/dL")
        case .bodyTemperature: ("Body Temperature", .vitalSigns, .discreteArithmetic, "degC")
        }
    }
}
