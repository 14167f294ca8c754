import Foundation
import PaceFormats
import PaceFuzzTargets
import PaceModel
import Testing

/// The invariant checks catch what they are written for: a harness that cannot fail proves nothing.
@Suite struct FuzzCheckTests {
    let check = FuzzCheck(target: "test")

    @Test func aValidRecordPasses() throws {
        let record = ActivityRecord(time: Date(timeIntervalSince1970: 1_700_000_000), latitude: 48.85, longitude: 2.29,
                                    altitude: 35, heartRate: 140, pressure: 101_325)
        try check.record(record, "record")
    }

    @Test func aLatitudeOutOfRangeIsCaught() {
        let record = ActivityRecord(time: nil, latitude: 91, longitude: 2)
        #expect(throws: FuzzInvariantViolation.self) { try check.record(record, "record 3") }
        do {
            try check.record(record, "record 3")
        } catch {
            #expect(error.description == "test: record 3: latitude 91.0 outside -90.0...90.0")
        }
    }

    @Test func aValueThatIsNotFiniteIsCaught() {
        #expect(throws: FuzzInvariantViolation.self) { try check.record(ActivityRecord(time: nil, altitude: .nan), "r") }
        #expect(throws: FuzzInvariantViolation.self) { try check.record(ActivityRecord(time: nil, speed: .infinity), "r") }
        #expect(throws: FuzzInvariantViolation.self) {
            try check.activity(RecordedActivity(laps: [ActivityLap(distance: -.infinity)]), "activity")
        }
    }

    @Test func halfAPositionAndAnImplausiblePressureAreCaught() {
        #expect(throws: FuzzInvariantViolation.self) { try check.record(ActivityRecord(time: nil, latitude: 1), "r") }
        #expect(throws: FuzzInvariantViolation.self) { try check.record(ActivityRecord(time: nil, pressure: 5), "r") }
    }

    @Test func aRouteLocationWithACourseOver360IsCaught() {
        let location = RouteLocation(timestamp: Date(timeIntervalSince1970: 0), latitude: 1, longitude: 2, altitude: 3, course: 400)
        #expect(throws: FuzzInvariantViolation.self) { try check.location(location, "location") }
    }

    @Test func aZeroBasedPositionIsCaught() {
        #expect(throws: FuzzInvariantViolation.self) { try check.position(line: 0, column: 1, "refusal") }
        #expect(throws: Never.self) { try check.position(line: nil, column: nil, "refusal") }
    }
}
