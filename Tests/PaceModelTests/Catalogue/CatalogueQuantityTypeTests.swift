import PaceModel
import Testing

@Suite struct CatalogueQuantityTypeTests {
    @Test func catalogueIsCompleteAndUnique() {
        let all = QuantityTypeIdentifier.allCases
        #expect(all.count > 100)
        #expect(Set(all.map(\.rawValue)).count == all.count)
        #expect(Set(all.map(\.name)).count == all.count)
        #expect(Set(all.map(\.displayName)).count == all.count)
        for id in all {
            #expect(id.rawValue.hasPrefix("HKQuantityTypeIdentifier"), "\(id)")
            #expect(QuantityTypeIdentifier(rawValue: id.rawValue) == id)
            #expect(id.descriptor.identifier == id)
            #expect(!id.displayName.isEmpty)
            #expect(!id.canonicalUnitString.isEmpty)
        }
    }

    @Test func nameIsHealthKitSwiftName() {
        for id in QuantityTypeIdentifier.allCases {
            #expect(id.name == String(describing: id))
        }
        #expect(QuantityTypeIdentifier.vo2Max.name == "vo2Max")
        #expect(QuantityTypeIdentifier.uvExposure.name == "uvExposure")
        #expect(QuantityTypeIdentifier.heartRateVariabilitySDNN.name == "heartRateVariabilitySDNN")
    }

    @Test func exactHealthKitIdentifiers() {
        #expect(QuantityTypeIdentifier.heartRate.rawValue == "HKQuantityTypeIdentifierHeartRate")
        #expect(QuantityTypeIdentifier.stepCount.rawValue == "HKQuantityTypeIdentifierStepCount")
        #expect(QuantityTypeIdentifier.vo2Max.rawValue == "HKQuantityTypeIdentifierVO2Max")
        #expect(QuantityTypeIdentifier.uvExposure.rawValue == "HKQuantityTypeIdentifierUVExposure")
        #expect(QuantityTypeIdentifier.forcedExpiratoryVolume1.rawValue == "HKQuantityTypeIdentifierForcedExpiratoryVolume1")
        #expect(
            QuantityTypeIdentifier.appleSleepingBreathingDisturbances.rawValue
                == "HKQuantityTypeIdentifierAppleSleepingBreathingDisturbances")
        #expect(QuantityTypeIdentifier.dietaryEnergyConsumed.rawValue == "HKQuantityTypeIdentifierDietaryEnergyConsumed")
    }

    @Test func healthKitAggregationStyles() {
        #expect(QuantityTypeIdentifier.stepCount.aggregationStyle == .cumulative)
        #expect(QuantityTypeIdentifier.heartRate.aggregationStyle == .discreteTemporallyWeighted)
        #expect(QuantityTypeIdentifier.atrialFibrillationBurden.aggregationStyle == .discreteTemporallyWeighted)
        #expect(QuantityTypeIdentifier.bodyMass.aggregationStyle == .discreteArithmetic)
        #expect(QuantityTypeIdentifier.environmentalAudioExposure.aggregationStyle == .discreteEquivalentContinuousLevel)
        #expect(QuantityTypeIdentifier.headphoneAudioExposure.aggregationStyle == .discreteEquivalentContinuousLevel)
        #expect(QuantityTypeIdentifier.activeEnergyBurned.aggregationStyle == .cumulative)
        #expect(QuantityTypeIdentifier.restingHeartRate.aggregationStyle == .discreteArithmetic)
        #expect(QuantityTypeIdentifier.insulinDelivery.aggregationStyle == .cumulative)
        #expect(QuantityTypeIdentifier.timeInDaylight.aggregationStyle == .cumulative)
        #expect(QuantityTypeIdentifier.stepCount.aggregationStyle.isCumulative)
        #expect(!QuantityTypeIdentifier.heartRate.aggregationStyle.isCumulative)
        #expect(AggregationStyle.allCases.count == 4)
    }

    @Test func canonicalUnits() {
        #expect(QuantityTypeIdentifier.heartRate.canonicalUnitString == "count/min")
        #expect(QuantityTypeIdentifier.respiratoryRate.canonicalUnitString == "count/min")
        #expect(QuantityTypeIdentifier.stepCount.canonicalUnitString == "count")
        #expect(QuantityTypeIdentifier.distanceWalkingRunning.canonicalUnitString == "m")
        #expect(QuantityTypeIdentifier.activeEnergyBurned.canonicalUnitString == "kcal")
        #expect(QuantityTypeIdentifier.bodyMass.canonicalUnitString == "kg")
        #expect(QuantityTypeIdentifier.bodyFatPercentage.canonicalUnitString == "%")
        #expect(QuantityTypeIdentifier.heartRateVariabilitySDNN.canonicalUnitString == "ms")
        #expect(QuantityTypeIdentifier.vo2Max.canonicalUnitString == "mL/(kg*min)")
        #expect(QuantityTypeIdentifier.bloodPressureSystolic.canonicalUnitString == "mmHg")
        #expect(QuantityTypeIdentifier.bodyTemperature.canonicalUnitString == "degC")
        #expect(QuantityTypeIdentifier.bloodGlucose.canonicalUnitString == "mg/dL")
        #expect(QuantityTypeIdentifier.dietaryProtein.canonicalUnitString == "g")
        #expect(QuantityTypeIdentifier.dietaryWater.canonicalUnitString == "mL")
        #expect(QuantityTypeIdentifier.runningSpeed.canonicalUnitString == "m/s")
        #expect(QuantityTypeIdentifier.cyclingPower.canonicalUnitString == "W")
        #expect(QuantityTypeIdentifier.timeInDaylight.canonicalUnitString == "min")
        #expect(QuantityTypeIdentifier.environmentalAudioExposure.canonicalUnitString == "dBASPL")
        #expect(QuantityTypeIdentifier.electrodermalActivity.canonicalUnitString == "S")
        #expect(QuantityTypeIdentifier.workoutEffortScore.canonicalUnitString == "appleEffortScore")
        #expect(QuantityTypeIdentifier.physicalEffort.canonicalUnitString == "kcal/(kg*hr)")
        #expect(QuantityTypeIdentifier.peakExpiratoryFlowRate.canonicalUnitString == "L/min")
        #expect(QuantityTypeIdentifier.insulinDelivery.canonicalUnitString == "IU")
    }

    @Test func nutritionTypes() {
        let dietary = QuantityTypeIdentifier.allCases.filter { $0.name.hasPrefix("dietary") }
        #expect(dietary.count == 39)
        for id in dietary {
            #expect(id.group == .nutrition, "\(id)")
            #expect(id.aggregationStyle == .cumulative, "\(id)")
        }
    }

    @Test func descriptorSpotChecks() {
        let heartRate = QuantityTypeIdentifier.heartRate.descriptor
        #expect(heartRate.displayName == "Heart Rate")
        #expect(heartRate.group == .heart)
        #expect(QuantityTypeIdentifier.walkingSpeed.group == .mobility)
        #expect(QuantityTypeIdentifier.basalBodyTemperature.group == .reproductiveHealth)
        #expect(QuantityTypeIdentifier.oxygenSaturation.group == .respiratory)
        #expect(QuantityTypeIdentifier.environmentalAudioExposure.group == .hearing)
    }
}
