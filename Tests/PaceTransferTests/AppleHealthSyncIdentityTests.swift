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

        // The start, 1 714 456 805 s after 1970 (0x663088e5), then FNV-1a of the text forwards and
        // backwards, computed independently of this code.
        let expected = "applehealth:663088e56c99a25c95358e9d3243927d59a63d72"

        #expect("applehealth:663088e5" + AppleHealthSyncIdentity.hash(text) == expected)
        #expect(AppleHealthSyncIdentity.identifier(of: .quantitySample(sample)) == expected)
        var identifiers = AppleHealthSyncIdentity.SampleIdentifiers()
        #expect(identifiers.identifier(of: sample) == expected)
    }

    @Test func timeKeysSortByStartAndStayInRange() {
        let starts: [Double] = [-1e12, -978_307_200.5, 0, 736_149_605, 736_149_605.999, 736_149_606, 3.3e9, 1e12]
        let keys = starts.map { AppleHealthSyncIdentity.timeText(Date(timeIntervalSinceReferenceDate: $0)) }
        #expect(keys == ["00000000", "00000000", "3a4fc880", "663088e5", "663088e5", "663088e6", "ff01c980", "ffffffff"])
        #expect(keys == keys.sorted())
        #expect(AppleHealthSyncIdentity.timeText(Date(timeIntervalSince1970: .nan)) == "00000000")
    }

    @Test func samplesOfLaterStartsSortAfterEarlierOnes() {
        var identifiers = AppleHealthSyncIdentity.SampleIdentifiers()
        let made = (0..<50).map { second in
            identifiers.identifier(of: QuantitySample(type: .heartRate, quantity: Quantity(value: Double(200 - second), unit: .countPerMinute),
                start: Date(timeIntervalSinceReferenceDate: 7e8 + Double(second)),
                end: Date(timeIntervalSinceReferenceDate: 7e8 + Double(second)), source: Self.source))
        }
        #expect(made == made.sorted())
        #expect(made.allSatisfy { $0.count == "applehealth:".count + 40 })
    }

    @Test func routeIdentifiersHashTheLegacyForms() {
        let workoutIdentifier = "applehealth:663088e56c99a25c95358e9d3243927d59a63d72"
        #expect(AppleHealthSyncIdentity.legacyForm(workoutIdentifier) == "applehealth:6c99a25c95358e9d3243927d59a63d72")
        let location = RouteLocation(timestamp: Date(timeIntervalSinceReferenceDate: 736_149_700), latitude: 48.1, longitude: 11.5,
                                     altitude: 520, speed: 3, course: 90, horizontalAccuracy: 5, verticalAccuracy: 3,
                                     speedAccuracy: 1, courseAccuracy: 10)
        let route = WorkoutRoute(workoutID: UUID(), locations: [location], source: Self.source)
        let routeText = AppleHealthSyncIdentity.identifier(of: .workoutRoute(route))
        let identifier = AppleHealthSyncIdentity.routeIdentifier(of: route, workoutIdentifier: workoutIdentifier, index: 1)
        let legacyHash = AppleHealthSyncIdentity.hash("applehealth:6c99a25c95358e9d3243927d59a63d72|1|"
                                                      + AppleHealthSyncIdentity.legacyForm(routeText))
        #expect(identifier == "applehealth:66308944" + legacyHash)
    }
}
