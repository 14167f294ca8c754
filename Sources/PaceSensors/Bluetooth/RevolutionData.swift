/// Cumulative wheel revolutions and the time of the last wheel event, as sent by CSC (0x2A5B, time
/// in 1/1024 s) and Cycling Power (0x2A63, time in 1/2048 s) measurements.
public struct WheelRevolutionData: Hashable, Sendable {
    /// Cumulative wheel revolutions; rolls over at 2³².
    public var cumulativeRevolutions: UInt32
    /// Time of the last wheel event in units of 1/``ticksPerSecond`` s; rolls over at 2¹⁶.
    public var lastEventTime: UInt16
    /// Event-time units per second: 1024 for CSC, 2048 for Cycling Power.
    public var ticksPerSecond: Double

    /// Creates wheel revolution data.
    public init(cumulativeRevolutions: UInt32, lastEventTime: UInt16, ticksPerSecond: Double) {
        self.cumulativeRevolutions = cumulativeRevolutions
        self.lastEventTime = lastEventTime
        self.ticksPerSecond = ticksPerSecond
    }

    /// The last event time in seconds (modulo the 2¹⁶-tick rollover).
    public var lastEventSeconds: Double { Double(lastEventTime) / ticksPerSecond }
}

/// Cumulative crank revolutions and the time of the last crank event (1/1024 s), as sent by CSC
/// (0x2A5B) and Cycling Power (0x2A63) measurements.
public struct CrankRevolutionData: Hashable, Sendable {
    /// Cumulative crank revolutions; rolls over at 2¹⁶.
    public var cumulativeRevolutions: UInt16
    /// Time of the last crank event in units of 1/1024 s; rolls over at 2¹⁶ (64 s).
    public var lastEventTime: UInt16

    /// Event-time units per second.
    public static let ticksPerSecond = 1024.0

    /// Creates crank revolution data.
    public init(cumulativeRevolutions: UInt16, lastEventTime: UInt16) {
        self.cumulativeRevolutions = cumulativeRevolutions
        self.lastEventTime = lastEventTime
    }

    /// The last event time in seconds (modulo the 64 s rollover).
    public var lastEventSeconds: Double { Double(lastEventTime) / Self.ticksPerSecond }
}
