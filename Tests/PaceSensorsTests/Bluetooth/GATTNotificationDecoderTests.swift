import PaceModel
import PaceSensors
import Testing

@Suite struct GATTNotificationDecoderTests {
    @Test func heartRateAndShortNotifications() {
        var decoder = GATTNotificationDecoder(profile: .heartRate)
        let output = decoder.decode([0x16, 0x48, 0x00, 0x04], arrival: .now)
        #expect(output.values == [.heartRate(HeartRateReading(beatsPerMinute: 72, rrIntervals: [1.0], sensorContact: true))])
        #expect(output.skipped == nil)
        let short = decoder.decode([0x16, 0x48, 0xC0], arrival: .now)
        #expect(short.values.isEmpty)
        #expect(short.skipped?.reason == "gatt.short")
        #expect(short.skipped?.detail.contains("bytes 16 48 C0") == true)
    }

    @Test func runningGivesCadenceAndSpeed() {
        var decoder = GATTNotificationDecoder(profile: .runningSpeedCadence)
        let output = decoder.decode([0x04, 0x80, 0x03, 0xAA], arrival: .now)
        #expect(output.values == [.cadence(perMinute: 170)])
        #expect(output.speed == 3.5)
    }

    @Test func cyclingPowerGivesPowerAndCrankCadence() {
        var decoder = GATTNotificationDecoder(profile: .cyclingPower)
        let t0 = ContinuousClock.now
        let first = decoder.decode([0x20, 0x00, 0xC8, 0x00, 0x10, 0x00, 0x00, 0x30], arrival: t0)
        #expect(first.values == [.power(watts: 200)])  // crank baseline only
        // One more revolution 0x0200 ticks (0.5 s) later → 120 rpm.
        let second = decoder.decode([0x20, 0x00, 0xD2, 0x00, 0x11, 0x00, 0x00, 0x32], arrival: t0.advanced(by: .milliseconds(500)))
        #expect(second.values == [.power(watts: 210), .cadence(perMinute: 120)])
    }

    @Test func cyclingSpeedCadenceWithAWheelReset() {
        var decoder = GATTNotificationDecoder(profile: .cyclingSpeedCadence, wheelCircumference: 2.0)
        let t0 = ContinuousClock.now
        _ = decoder.decode([0x01, 0x64, 0x00, 0x00, 0x00, 0x00, 0x04], arrival: t0)
        let normal = decoder.decode([0x01, 0x66, 0x00, 0x00, 0x00, 0x00, 0x08], arrival: t0.advanced(by: .seconds(1)))
        #expect(normal.speed == 4.0)
        #expect(normal.values.isEmpty)
        let reset = decoder.decode([0x01, 0x00, 0x10, 0x00, 0x00, 0x00, 0x0C], arrival: t0.advanced(by: .seconds(2)))
        #expect(reset.speed == nil)
        #expect(reset.skipped?.reason == "gatt.discontinuity")
    }
}
