import PaceSensors
import Testing

/// RSC (0x2A53), CSC (0x2A5B) and Cycling Power (0x2A63) vectors worked out from their field layouts.
@Suite struct CyclingAndRunningMeasurementTests {
    @Test func rscMandatoryFieldsOnly() throws {
        // 0x0300 / 256 = 3.0 m/s, 180 steps/min, walking.
        let rsc = try RSCMeasurement(bytes: [0x00, 0x00, 0x03, 0xB4])
        #expect(rsc == RSCMeasurement(speed: 3.0, cadence: 180, strideLength: nil, totalDistance: nil, isRunning: false))
    }

    @Test func rscEveryField() throws {
        // 0x0380 / 256 = 3.5 m/s, 170/min, stride 125 cm, distance 10000 dm, running.
        let rsc = try RSCMeasurement(bytes: [0x07, 0x80, 0x03, 0xAA, 0x7D, 0x00, 0x10, 0x27, 0x00, 0x00])
        #expect(rsc == RSCMeasurement(speed: 3.5, cadence: 170, strideLength: 1.25, totalDistance: 1000, isRunning: true))
        // Boundaries: the largest speed and distance the fields hold.
        let top = try RSCMeasurement(bytes: [0x02, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
        #expect(top.speed == 65535.0 / 256)
        #expect(top.cadence == 255)
        #expect(top.totalDistance == 429_496_729.5)
    }

    @Test func rscTruncated() {
        #expect(throws: GATTError.truncated(characteristic: "RSC Measurement (0x2A53)", field: "Total Distance", offset: 4,
                                            needed: 4, length: 7)) {
            try RSCMeasurement(bytes: [0x02, 0x00, 0x03, 0xB4, 0x10, 0x27, 0x00])
        }
        #expect(throws: GATTError.self) { try RSCMeasurement(bytes: [0x00, 0x00, 0x03]) }
    }

    @Test func cscWheelAndCrank() throws {
        let csc = try CSCMeasurement(bytes: [0x03, 0x10, 0x27, 0x00, 0x00, 0x00, 0x04, 0x2A, 0x00, 0x00, 0x08])
        #expect(csc.wheel == WheelRevolutionData(cumulativeRevolutions: 10000, lastEventTime: 1024, ticksPerSecond: 1024))
        #expect(csc.wheel?.lastEventSeconds == 1.0)
        #expect(csc.crank == CrankRevolutionData(cumulativeRevolutions: 42, lastEventTime: 2048))
        #expect(csc.crank?.lastEventSeconds == 2.0)
    }

    @Test func cscEitherPart() throws {
        let wheel = try CSCMeasurement(bytes: [0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
        #expect(wheel.wheel == WheelRevolutionData(cumulativeRevolutions: .max, lastEventTime: .max, ticksPerSecond: 1024))
        #expect(wheel.crank == nil)
        let crank = try CSCMeasurement(bytes: [0x02, 0x01, 0x00, 0x02, 0x00])
        #expect(crank.wheel == nil)
        #expect(crank.crank == CrankRevolutionData(cumulativeRevolutions: 1, lastEventTime: 2))
        #expect(try CSCMeasurement(bytes: [0x00]) == CSCMeasurement())
    }

    @Test func cscTruncated() {
        #expect(throws: GATTError.truncated(characteristic: "CSC Measurement (0x2A5B)", field: "Last Crank Event Time", offset: 9,
                                            needed: 2, length: 10)) {
            try CSCMeasurement(bytes: [0x03, 0x10, 0x27, 0x00, 0x00, 0x00, 0x04, 0x2A, 0x00, 0x00])
        }
        #expect(throws: GATTError.self) { try CSCMeasurement(bytes: [0x01, 0x10, 0x27, 0x00, 0x00, 0x00]) }
    }

    /// Flags 0x1FFF: every optional field, in flag order.
    static let fullPower: [UInt8] = [
        0xFF, 0x1F,                 // flags
        0xFA, 0x00,                 // 250 W
        0x64,                       // balance 100 × 1/2 % = 50 %
        0x40, 0x01,                 // accumulated torque 320 / 32 = 10 N·m
        0x34, 0x12, 0x00, 0x00,     // wheel revolutions 0x1234
        0x00, 0x08,                 // wheel event 2048 / 2048 s = 1 s
        0x50, 0x00,                 // crank revolutions 80
        0x00, 0x04,                 // crank event 1024 / 1024 s = 1 s
        0xF4, 0x01, 0x9C, 0xFF,     // force max 500 N, min −100 N
        0x80, 0x02, 0xE0, 0xFF,     // torque max 640 / 32 = 20 N·m, min −32 / 32 = −1 N·m
        0x5A, 0xE0, 0x10,           // angles: uint24 0x10E05A → max 0x05A = 90°, min 0x10E = 270°
        0x0A, 0x00,                 // top dead spot 10°
        0xB4, 0x00,                 // bottom dead spot 180°
        0x00, 0x01,                 // accumulated energy 256 kJ
    ]

    @Test func cyclingPowerEveryField() throws {
        let cp = try CyclingPowerMeasurement(bytes: Self.fullPower)
        #expect(cp.instantaneousPower == 250)
        #expect(cp.pedalPowerBalance == 50)
        #expect(cp.pedalPowerBalanceIsLeft)
        #expect(cp.accumulatedTorque == 10)
        #expect(cp.accumulatedTorqueIsCrankBased)
        #expect(cp.wheel == WheelRevolutionData(cumulativeRevolutions: 0x1234, lastEventTime: 2048, ticksPerSecond: 2048))
        #expect(cp.wheel?.lastEventSeconds == 1.0)
        #expect(cp.crank == CrankRevolutionData(cumulativeRevolutions: 80, lastEventTime: 1024))
        #expect(cp.maximumForce == 500)
        #expect(cp.minimumForce == -100)
        #expect(cp.maximumTorque == 20)
        #expect(cp.minimumTorque == -1)
        #expect(cp.maximumAngle == 90)
        #expect(cp.minimumAngle == 270)
        #expect(cp.topDeadSpotAngle == 10)
        #expect(cp.bottomDeadSpotAngle == 180)
        #expect(cp.accumulatedEnergy == 256)
        #expect(cp.offsetCompensationIndicator)
    }

    @Test func cyclingPowerOnlyPowerAndFlagOnlyBits() throws {
        let plain = try CyclingPowerMeasurement(bytes: [0x00, 0x00, 0x2C, 0x01])
        #expect(plain.instantaneousPower == 300)
        #expect(plain.pedalPowerBalance == nil && plain.accumulatedTorque == nil && plain.wheel == nil && plain.crank == nil)
        #expect(plain.maximumForce == nil && plain.maximumTorque == nil && plain.maximumAngle == nil)
        #expect(plain.topDeadSpotAngle == nil && plain.bottomDeadSpotAngle == nil && plain.accumulatedEnergy == nil)
        #expect(!plain.offsetCompensationIndicator && !plain.pedalPowerBalanceIsLeft && !plain.accumulatedTorqueIsCrankBased)

        #expect(try CyclingPowerMeasurement(bytes: [0x00, 0x00, 0xF6, 0xFF]).instantaneousPower == -10)
        // Bits 1, 3 and 12 describe fields but add none.
        let described = try CyclingPowerMeasurement(bytes: [0x0A, 0x10, 0x64, 0x00])
        #expect(described.instantaneousPower == 100)
        #expect(described.pedalPowerBalanceIsLeft && described.accumulatedTorqueIsCrankBased && described.offsetCompensationIndicator)
        #expect(described.pedalPowerBalance == nil && described.accumulatedTorque == nil)
    }

    /// A balance over 100 % (raw 201–255; the `gatt` fuzz target found 127.5 %) is dropped alone: the
    /// power and the fields after it still decode (docs/DECISIONS.md 145).
    @Test(arguments: [(UInt8(200), 100.0 as Double?), (201, nil), (255, nil), (0, 0)])
    func cyclingPowerBalanceOver100PercentIsDroppedAndTheRestKept(raw: UInt8, balance: Double?) throws {
        // Flags 0x0005: balance and accumulated torque; 250 W, the balance byte, 320 / 32 = 10 N·m.
        let cp = try CyclingPowerMeasurement(bytes: [0x05, 0x00, 0xFA, 0x00, raw, 0x40, 0x01])
        #expect(cp.pedalPowerBalance == balance)
        #expect(cp.instantaneousPower == 250)
        #expect(cp.accumulatedTorque == 10)
    }

    @Test func cyclingPowerOnlyCrankData() throws {
        // Flags 0x0020: the common crank-based meter sending power and crank revolutions.
        let cp = try CyclingPowerMeasurement(bytes: [0x20, 0x00, 0xC8, 0x00, 0x10, 0x00, 0x00, 0x30])
        #expect(cp.instantaneousPower == 200)
        #expect(cp.crank == CrankRevolutionData(cumulativeRevolutions: 16, lastEventTime: 0x3000))
        #expect(cp.wheel == nil)
    }

    @Test func cyclingPowerEveryTruncationIsCaught() {
        for length in 0..<Self.fullPower.count {
            #expect(throws: GATTError.self, "\(length) bytes") {
                try CyclingPowerMeasurement(bytes: Array(Self.fullPower.prefix(length)))
            }
        }
        #expect(throws: GATTError.truncated(characteristic: "Cycling Power Measurement (0x2A63)", field: "Accumulated Energy",
                                            offset: 32, needed: 2, length: 33)) {
            try CyclingPowerMeasurement(bytes: Array(Self.fullPower.dropLast()))
        }
        #expect(throws: GATTError.truncated(characteristic: "Cycling Power Measurement (0x2A63)", field: "Extreme Angles",
                                            offset: 25, needed: 3, length: 27)) {
            try CyclingPowerMeasurement(bytes: Array(Self.fullPower.prefix(27)))
        }
    }

    @Test func uuids() {
        #expect(BluetoothUUID.string(0x180D) == "0000180d-0000-1000-8000-00805f9b34fb")
        #expect(BluetoothUUID.string(0x2A37) == "00002a37-0000-1000-8000-00805f9b34fb")
        #expect(BluetoothUUID.shortValue("00002A63-0000-1000-8000-00805F9B34FB") == 0x2A63)
        #expect(BluetoothUUID.shortValue("1816") == 0x1816)
        #expect(BluetoothUUID.shortValue("6e400001-b5a3-f393-e0a9-e50e24dcca9e") == nil)
        #expect(GATTProfile.allCases.map(\.measurementUUID) == [0x2A37, 0x2A53, 0x2A5B, 0x2A63])
        #expect(GATTProfile.allCases.map(\.serviceUUID) == [0x180D, 0x1814, 0x1816, 0x1818])
    }
}
