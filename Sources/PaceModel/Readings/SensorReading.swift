public import Foundation

/// One measurement from one sensor stream, stamped with the time it was measured.
///
/// Every source — a replayed file, gpsd, a Bluetooth heart-rate strap, an IIO barometer — hands a
/// recording session these. Streams run at their native rates (GPS 1 Hz, heart rate 1 Hz, pressure
/// up to 25 Hz, motion up to 100 Hz) and may arrive out of order across streams; the session puts
/// them on one timeline by ``time``.
///
/// ```swift
/// let beat = SensorReading(time: now, value: .heartRate(HeartRateReading(beatsPerMinute: 148, rrIntervals: [0.405])))
/// try await session.ingest(beat)
/// ```
public struct SensorReading: Hashable, Sendable {
    /// When the value was measured (not when it arrived).
    public var time: Date
    /// The measurement.
    public var value: Value

    /// Creates a reading.
    /// - Parameters:
    ///   - time: When the value was measured.
    ///   - value: The measurement.
    public init(time: Date, value: Value) {
        self.time = time
        self.value = value
    }

    /// A measurement of one kind.
    public enum Value: Hashable, Sendable {
        /// A GPS fix; its `timestamp` should equal the reading's time.
        case location(RouteLocation)
        /// A heart rate, with the beat-to-beat intervals the strap reported since the last reading.
        case heartRate(HeartRateReading)
        /// Accelerometer and gyroscope values at one instant.
        case motion(MotionReading)
        /// Barometric (static) air pressure in pascals.
        case pressure(pascals: Double)
        /// Cadence in steps per minute (running, walking) or crank revolutions per minute (cycling).
        case cadence(perMinute: Double)
        /// Instantaneous power in watts.
        case power(watts: Double)
        /// The recording device's battery.
        case battery(BatteryReading)
    }

    /// The stream this reading belongs to.
    public var stream: SensorStream {
        switch value {
        case .location: .location
        case .heartRate: .heartRate
        case .motion: .motion
        case .pressure: .pressure
        case .cadence: .cadence
        case .power: .power
        case .battery: .battery
        }
    }
}

/// The kinds of sensor stream a session records.
public enum SensorStream: String, Hashable, Sendable, Codable, CaseIterable {
    /// GPS or other location fixes.
    case location
    /// Heart rate (and RR intervals).
    case heartRate
    /// Accelerometer and gyroscope.
    case motion
    /// Barometric pressure.
    case pressure
    /// Step or crank cadence.
    case cadence
    /// Cycling or running power.
    case power
    /// The recording device's battery level.
    case battery
}

/// A heart-rate measurement.
public struct HeartRateReading: Hashable, Sendable {
    /// Beats per minute.
    public var beatsPerMinute: Double
    /// Beat-to-beat (RR) intervals in seconds, oldest first; empty when the sensor sends none.
    public var rrIntervals: [Double]
    /// Whether the sensor reports skin contact; `nil` when it cannot tell.
    public var sensorContact: Bool?

    /// Creates a heart-rate measurement.
    /// - Parameters:
    ///   - beatsPerMinute: Beats per minute.
    ///   - rrIntervals: RR intervals in seconds.
    ///   - sensorContact: Skin contact, if reported.
    public init(beatsPerMinute: Double, rrIntervals: [Double] = [], sensorContact: Bool? = nil) {
        self.beatsPerMinute = beatsPerMinute
        self.rrIntervals = rrIntervals
        self.sensorContact = sensorContact
    }
}

/// Accelerometer and gyroscope values at one instant, in the device's frame.
public struct MotionReading: Hashable, Sendable {
    /// Acceleration along x, y, z in metres per second squared, gravity included.
    public var acceleration: SIMD3<Double>
    /// Rotation rate about x, y, z in radians per second; zero when there is no gyroscope.
    public var rotationRate: SIMD3<Double>

    /// Creates a motion reading.
    /// - Parameters:
    ///   - acceleration: m/s² along x, y, z, gravity included.
    ///   - rotationRate: rad/s about x, y, z.
    public init(acceleration: SIMD3<Double>, rotationRate: SIMD3<Double> = .zero) {
        self.acceleration = acceleration
        self.rotationRate = rotationRate
    }
}

/// The recording device's battery state.
public struct BatteryReading: Hashable, Sendable {
    /// Charge as a fraction from 0 (empty) to 1 (full).
    public var level: Double
    /// Whether it is charging.
    public var isCharging: Bool

    /// Creates a battery reading.
    /// - Parameters:
    ///   - level: Charge, 0…1.
    ///   - isCharging: Whether it is charging.
    public init(level: Double, isCharging: Bool) {
        self.level = level
        self.isCharging = isCharging
    }
}
