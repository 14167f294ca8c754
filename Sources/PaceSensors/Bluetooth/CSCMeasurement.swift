/// A decoded CSC Measurement notification (characteristic 0x2A5B, Cycling Speed and Cadence Service 0x1816).
///
/// Layout (little-endian): Flags (uint8: bit 0 wheel data present, bit 1 crank data present) ·
/// Cumulative Wheel Revolutions (uint32) + Last Wheel Event Time (uint16, 1/1024 s) ·
/// Cumulative Crank Revolutions (uint16) + Last Crank Event Time (uint16, 1/1024 s).
/// Speed and cadence come from two consecutive measurements: see ``CSCRateCalculator``.
public struct CSCMeasurement: Hashable, Sendable {
    static let name = "CSC Measurement (0x2A5B)"

    /// Wheel revolution data (ticks of 1/1024 s); `nil` when not sent.
    public var wheel: WheelRevolutionData?
    /// Crank revolution data; `nil` when not sent.
    public var crank: CrankRevolutionData?

    /// Creates a measurement from its fields.
    public init(wheel: WheelRevolutionData? = nil, crank: CrankRevolutionData? = nil) {
        self.wheel = wheel
        self.crank = crank
    }

    /// Decodes a characteristic value.
    /// - Throws: ``GATTError/truncated(characteristic:field:offset:needed:length:)`` when the value is
    ///   shorter than its flags promise.
    public init(bytes: [UInt8]) throws(GATTError) {
        var reader = GATTByteReader(bytes, characteristic: Self.name)
        let flags = try reader.uint8("Flags")
        if flags & 0x01 != 0 {
            let revolutions = try reader.uint32("Cumulative Wheel Revolutions")
            let time = try reader.uint16("Last Wheel Event Time")
            wheel = WheelRevolutionData(cumulativeRevolutions: revolutions, lastEventTime: time, ticksPerSecond: 1024)
        }
        if flags & 0x02 != 0 {
            let revolutions = try reader.uint16("Cumulative Crank Revolutions")
            let time = try reader.uint16("Last Crank Event Time")
            crank = CrankRevolutionData(cumulativeRevolutions: revolutions, lastEventTime: time)
        }
    }
}
