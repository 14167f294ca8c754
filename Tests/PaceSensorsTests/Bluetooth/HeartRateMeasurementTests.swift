import PaceModel
import PaceSensors
import Testing

/// Heart Rate Measurement (0x2A37) vectors worked out from the Heart Rate Service field layout.
@Suite struct HeartRateMeasurementTests {
    @Test func uint8ValueWithoutOptionalFields() throws {
        let hr = try HeartRateMeasurement(bytes: [0x00, 0x48])
        #expect(hr == HeartRateMeasurement(beatsPerMinute: 72, sensorContact: .notSupported, energyExpended: nil, rrIntervalTicks: []))
        #expect(hr.reading == HeartRateReading(beatsPerMinute: 72, rrIntervals: [], sensorContact: nil))
    }

    @Test func uint16ValueIncludingItsMaximum() throws {
        #expect(try HeartRateMeasurement(bytes: [0x01, 0x2C, 0x01]).beatsPerMinute == 300)
        #expect(try HeartRateMeasurement(bytes: [0x01, 0xFF, 0xFF]).beatsPerMinute == 65535)
        #expect(try HeartRateMeasurement(bytes: [0x00, 0xFF]).beatsPerMinute == 255)
    }

    @Test func sensorContactBits() throws {
        #expect(try HeartRateMeasurement(bytes: [0x06, 0x50]).sensorContact == .detected)
        #expect(try HeartRateMeasurement(bytes: [0x04, 0x50]).sensorContact == .notDetected)
        // Bit 1 alone means nothing: the feature is not supported.
        #expect(try HeartRateMeasurement(bytes: [0x02, 0x50]).sensorContact == .notSupported)
        #expect(try HeartRateMeasurement(bytes: [0x04, 0x50]).reading.sensorContact == false)
        #expect(try HeartRateMeasurement(bytes: [0x06, 0x50]).reading.sensorContact == true)
    }

    @Test func energyExpendedInKilojoules() throws {
        #expect(try HeartRateMeasurement(bytes: [0x08, 0x48, 0xE8, 0x03]).energyExpended == 1000)
    }

    @Test func severalRRIntervalsInSeconds() throws {
        let hr = try HeartRateMeasurement(bytes: [0x10, 0x48, 0x00, 0x04, 0x00, 0x02, 0x55, 0x03])
        #expect(hr.rrIntervalTicks == [1024, 512, 853])
        #expect(hr.rrIntervals == [1.0, 0.5, 853.0 / 1024])
        #expect(hr.reading.rrIntervals == [1.0, 0.5, 853.0 / 1024])
    }

    @Test func everyFieldTogetherAndReservedBitsIgnored() throws {
        // 0xF9: reserved bits 5–7, RR, energy, UINT16; 144 bpm, 10000 kJ, RR 853.
        let hr = try HeartRateMeasurement(bytes: [0xF9, 0x90, 0x00, 0x10, 0x27, 0x55, 0x03])
        #expect(hr == HeartRateMeasurement(beatsPerMinute: 144, sensorContact: .notSupported, energyExpended: 10000, rrIntervalTicks: [853]))
    }

    @Test(arguments: [
        ([UInt8](), "Flags", 0, 1),
        ([0x01, 0x48], "Heart Rate Value (UINT16)", 1, 2),
        ([0x08, 0x48, 0x01], "Energy Expended", 2, 2),
        ([0x10, 0x48], "RR-Interval 1", 2, 2),
        ([0x16, 0x48, 0xC0], "RR-Interval 1", 2, 2),
        ([0x10, 0x48, 0x00, 0x04, 0x00], "RR-Interval 2", 4, 2),
    ])
    func shorterThanTheFlagsPromise(bytes: [UInt8], field: String, offset: Int, needed: Int) {
        #expect(throws: GATTError.truncated(characteristic: "Heart Rate Measurement (0x2A37)", field: field, offset: offset,
                                            needed: needed, length: bytes.count)) {
            try HeartRateMeasurement(bytes: bytes)
        }
    }

    @Test func truncationIsCountedAsShort() {
        do {
            _ = try HeartRateMeasurement(bytes: [0x10, 0x48])
        } catch {
            #expect(error.skipReason == "gatt.short")
            #expect(error.description.contains("RR-Interval 1 needs 2 byte(s) at offset 2 but the value has 2"))
        }
    }

    @Test func bodySensorLocation() throws {
        #expect(try BodySensorLocation(bytes: [1]) == .chest)
        #expect(try BodySensorLocation(bytes: [6]) == .foot)
        #expect(throws: GATTError.invalidValue(characteristic: "Body Sensor Location (0x2A38)", field: "Body Sensor Location",
                                               value: 7, allowed: "0…6 (7…255 are reserved)")) {
            try BodySensorLocation(bytes: [7])
        }
        #expect(throws: GATTError.self) { try BodySensorLocation(bytes: []) }
    }

    @Test func batteryLevel() throws {
        #expect(try BatteryLevel(bytes: [100]).fraction == 1)
        #expect(try BatteryLevel(bytes: [0]).percent == 0)
        #expect(try BatteryLevel(bytes: [85]).fraction == 0.85)
        #expect(throws: GATTError.invalidValue(characteristic: "Battery Level (0x2A19)", field: "Battery Level", value: 101,
                                               allowed: "0…100 %")) {
            try BatteryLevel(bytes: [101])
        }
        #expect(throws: GATTError.self) { try BatteryLevel(bytes: []) }
    }
}
