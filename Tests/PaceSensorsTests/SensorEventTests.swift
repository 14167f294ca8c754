import PaceModel
import PaceSensors
import Testing
import Foundation

@Suite struct SensorEventTests {
    @Test func skippedInputKeepsReasonAndDetail() {
        let skipped = SkippedInput(reason: "nmea.checksum", detail: "line 12: *4F expected, *4E found")
        #expect(SensorEvent.skipped(skipped) == .skipped(SkippedInput(reason: "nmea.checksum", detail: "line 12: *4F expected, *4E found")))
        #expect(SensorEvent.disconnected(.heartRate, reason: "strap out of range") != .reconnected(.heartRate))
    }
}
