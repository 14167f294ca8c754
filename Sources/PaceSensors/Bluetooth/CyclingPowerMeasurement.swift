/// A decoded Cycling Power Measurement notification (characteristic 0x2A63, Cycling Power Service 0x1818).
///
/// Layout (little-endian), fields in flag order after Flags (uint16) and Instantaneous Power (sint16 W):
/// Pedal Power Balance (uint8, 1/2 %, bit 0; bit 1 = reference is the left pedal) ·
/// Accumulated Torque (uint16, 1/32 N·m, bit 2; bit 3 = crank based) ·
/// Wheel Revolutions (uint32) + Last Wheel Event Time (uint16, 1/2048 s, bit 4) ·
/// Crank Revolutions (uint16) + Last Crank Event Time (uint16, 1/1024 s, bit 5) ·
/// Maximum + Minimum Force Magnitude (sint16 N each, bit 6) ·
/// Maximum + Minimum Torque Magnitude (sint16, 1/32 N·m each, bit 7) ·
/// Extreme Angles (uint24: maximum angle in the low 12 bits, minimum in the high 12 bits, degrees, bit 8) ·
/// Top Dead Spot Angle (uint16 degrees, bit 9) · Bottom Dead Spot Angle (uint16 degrees, bit 10) ·
/// Accumulated Energy (uint16 kJ, bit 11). Bit 12 is the Offset Compensation Indicator; 13–15 are reserved.
public struct CyclingPowerMeasurement: Hashable, Sendable {
    static let name = "Cycling Power Measurement (0x2A63)"

    /// Instantaneous power in watts (may be negative).
    public var instantaneousPower: Int
    /// Pedal power balance in percent, 0…100; `nil` when not sent, or when the sensor sent more than
    /// 100 % (raw 201–255, which the specification does not allow): only the balance is dropped, the
    /// power and every other field of the notification are kept.
    public var pedalPowerBalance: Double?
    /// Whether the balance is the left pedal's share (`true`) or of an unknown pedal (`false`), flag bit 1.
    public var pedalPowerBalanceIsLeft: Bool
    /// Accumulated torque in newton metres; `nil` when not sent.
    public var accumulatedTorque: Double?
    /// Whether the accumulated torque is crank based (`true`) or wheel based (`false`), flag bit 3.
    public var accumulatedTorqueIsCrankBased: Bool
    /// Wheel revolution data (ticks of 1/2048 s); `nil` when not sent.
    public var wheel: WheelRevolutionData?
    /// Crank revolution data (ticks of 1/1024 s); `nil` when not sent.
    public var crank: CrankRevolutionData?
    /// Maximum force magnitude in newtons; `nil` when not sent.
    public var maximumForce: Int?
    /// Minimum force magnitude in newtons; `nil` when not sent.
    public var minimumForce: Int?
    /// Maximum torque magnitude in newton metres; `nil` when not sent.
    public var maximumTorque: Double?
    /// Minimum torque magnitude in newton metres; `nil` when not sent.
    public var minimumTorque: Double?
    /// Crank angle of the maximum force or torque, degrees (0…4095); `nil` when not sent.
    public var maximumAngle: Int?
    /// Crank angle of the minimum force or torque, degrees (0…4095); `nil` when not sent.
    public var minimumAngle: Int?
    /// Top dead spot angle in degrees; `nil` when not sent.
    public var topDeadSpotAngle: Int?
    /// Bottom dead spot angle in degrees; `nil` when not sent.
    public var bottomDeadSpotAngle: Int?
    /// Accumulated energy in kilojoules; `nil` when not sent.
    public var accumulatedEnergy: Int?
    /// Whether the sensor says an offset compensation is in progress (values may be off), flag bit 12.
    public var offsetCompensationIndicator: Bool

    /// Decodes a characteristic value.
    /// - Throws: ``GATTError/truncated(characteristic:field:offset:needed:length:)`` when the value is
    ///   shorter than its flags promise.
    public init(bytes: [UInt8]) throws(GATTError) {
        var reader = GATTByteReader(bytes, characteristic: Self.name)
        let flags = try reader.uint16("Flags")
        func has(_ bit: Int) -> Bool { flags & (1 << bit) != 0 }
        instantaneousPower = Int(try reader.sint16("Instantaneous Power"))
        pedalPowerBalance = has(0) ? Self.balance(try reader.uint8("Pedal Power Balance")) : nil
        pedalPowerBalanceIsLeft = has(1)
        accumulatedTorque = has(2) ? Double(try reader.uint16("Accumulated Torque")) / 32 : nil
        accumulatedTorqueIsCrankBased = has(3)
        if has(4) {
            let revolutions = try reader.uint32("Cumulative Wheel Revolutions")
            let time = try reader.uint16("Last Wheel Event Time")
            wheel = WheelRevolutionData(cumulativeRevolutions: revolutions, lastEventTime: time, ticksPerSecond: 2048)
        }
        if has(5) {
            let revolutions = try reader.uint16("Cumulative Crank Revolutions")
            let time = try reader.uint16("Last Crank Event Time")
            crank = CrankRevolutionData(cumulativeRevolutions: revolutions, lastEventTime: time)
        }
        if has(6) {
            maximumForce = Int(try reader.sint16("Maximum Force Magnitude"))
            minimumForce = Int(try reader.sint16("Minimum Force Magnitude"))
        }
        if has(7) {
            maximumTorque = Double(try reader.sint16("Maximum Torque Magnitude")) / 32
            minimumTorque = Double(try reader.sint16("Minimum Torque Magnitude")) / 32
        }
        if has(8) {
            let packed = try reader.uint24("Extreme Angles")
            maximumAngle = Int(packed & 0xFFF)
            minimumAngle = Int(packed >> 12)
        }
        topDeadSpotAngle = has(9) ? Int(try reader.uint16("Top Dead Spot Angle")) : nil
        bottomDeadSpotAngle = has(10) ? Int(try reader.uint16("Bottom Dead Spot Angle")) : nil
        accumulatedEnergy = has(11) ? Int(try reader.uint16("Accumulated Energy")) : nil
        offsetCompensationIndicator = has(12)
    }

    /// A raw pedal power balance (1/2 %) in percent, or `nil` above 100 %.
    private static func balance(_ raw: UInt8) -> Double? {
        raw <= 200 ? Double(raw) / 2 : nil
    }
}
