/// A decoded RSC Measurement notification (characteristic 0x2A53, Running Speed and Cadence Service 0x1814).
///
/// Layout (little-endian): Flags (uint8: bit 0 stride length present, bit 1 total distance present,
/// bit 2 running) · Instantaneous Speed (uint16, 1/256 m/s) · Instantaneous Cadence (uint8, 1/min) ·
/// Instantaneous Stride Length (uint16, 1/100 m, bit 0) · Total Distance (uint32, 1/10 m, bit 1).
public struct RSCMeasurement: Hashable, Sendable {
    static let name = "RSC Measurement (0x2A53)"

    /// Instantaneous speed in metres per second.
    public var speed: Double
    /// Instantaneous cadence per minute as the sensor reports it (footpods report steps per minute).
    public var cadence: Int
    /// Instantaneous stride length in metres; `nil` when not sent.
    public var strideLength: Double?
    /// Total distance since the sensor was reset, in metres; `nil` when not sent.
    public var totalDistance: Double?
    /// Whether the user is running (`true`) or walking (`false`), flag bit 2.
    public var isRunning: Bool

    /// Creates a measurement from its fields.
    public init(speed: Double, cadence: Int, strideLength: Double? = nil, totalDistance: Double? = nil, isRunning: Bool) {
        self.speed = speed
        self.cadence = cadence
        self.strideLength = strideLength
        self.totalDistance = totalDistance
        self.isRunning = isRunning
    }

    /// Decodes a characteristic value.
    /// - Throws: ``GATTError/truncated(characteristic:field:offset:needed:length:)`` when the value is
    ///   shorter than its flags promise.
    public init(bytes: [UInt8]) throws(GATTError) {
        var reader = GATTByteReader(bytes, characteristic: Self.name)
        let flags = try reader.uint8("Flags")
        speed = Double(try reader.uint16("Instantaneous Speed")) / 256
        cadence = Int(try reader.uint8("Instantaneous Cadence"))
        strideLength = flags & 0x01 != 0 ? Double(try reader.uint16("Instantaneous Stride Length")) / 100 : nil
        totalDistance = flags & 0x02 != 0 ? Double(try reader.uint32("Total Distance")) / 10 : nil
        isRunning = flags & 0x04 != 0
    }
}
