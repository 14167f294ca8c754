import Foundation
import PaceModel
@testable import PaceTransfer
import Testing

/// The sync identifiers of imported samples must never change: a re-import recognises what an
/// earlier one stored by them.
@Suite struct AppleHealthSyncIdentityTests {
    private static let source = Source(name: "Ada’s Apple Watch", bundleIdentifier: "Ada’s Apple Watch", version: "10.4")

    private static let quantities: [QuantitySample] = [
        (146, HealthUnit.countPerMinute, QuantityTypeIdentifier.heartRate, 0.0),
        (0.1, .kilocalorie, .activeEnergyBurned, 23.5),
        (1e-7, .meter, .distanceWalkingRunning, 1e9),
        (-40, HealthUnit.countPerMinute, .heartRate, -1),
        (1e21, .kilocalorie, .basalEnergyBurned, 0.001),
        (12345.678901234567, .meter, .distanceWalkingRunning, 60),
    ].map { value, unit, type, span in
        let start = Date(timeIntervalSinceReferenceDate: 736_149_602.25 + span)
        return QuantitySample(type: type, quantity: Quantity(value: value, unit: unit), start: start,
                              end: start.addingTimeInterval(abs(span)), source: source)
    }

    @Test func sampleIdentifiersEqualTheGeneralOnes() {
        var identifiers = AppleHealthSyncIdentity.SampleIdentifiers()
        for sample in Self.quantities {
            #expect(identifiers.identifier(of: sample) == AppleHealthSyncIdentity.identifier(of: .quantitySample(sample)))
        }
        for value in [0, 1, 3, 5] {
            let sample = CategorySample(type: .sleepAnalysis, value: value, start: Date(timeIntervalSinceReferenceDate: 7e8),
                                        end: Date(timeIntervalSinceReferenceDate: 7e8 + 3600), source: Self.source)
            #expect(identifiers.identifier(of: sample) == AppleHealthSyncIdentity.identifier(of: .categorySample(sample)))
        }
    }

    @Test func identifiersAreStable() {
        let sample = QuantitySample(type: .heartRate, quantity: Quantity(value: 146, unit: .countPerMinute),
                                    start: Date(timeIntervalSinceReferenceDate: 736_149_605),
                                    end: Date(timeIntervalSinceReferenceDate: 736_149_605), source: Self.source)
        let text = "q|HKQuantityTypeIdentifierHeartRate|736149605.0|736149605.0|146.0|count/min|Ada’s Apple Watch"

        // FNV-1a of the text forwards and backwards, computed independently of this code.
        let expected = "applehealth:6c99a25c95358e9d3243927d59a63d72"

        #expect("applehealth:" + AppleHealthSyncIdentity.hash(text) == expected)
        #expect(AppleHealthSyncIdentity.identifier(of: .quantitySample(sample)) == expected)
        var identifiers = AppleHealthSyncIdentity.SampleIdentifiers()
        #expect(identifiers.identifier(of: sample) == expected)
    }
}
