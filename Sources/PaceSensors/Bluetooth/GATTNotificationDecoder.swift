public import PaceModel

/// Turns the raw notifications of one profile's measurement characteristic into sensor values,
/// keeping the state that wheel and crank rates need.
///
/// ```swift
/// var decoder = GATTNotificationDecoder(profile: .heartRate)
/// let output = decoder.decode([0x10, 0x48, 0x00, 0x04], arrival: .now)  // .heartRate(72 bpm, RR 1.0 s)
/// ```
public struct GATTNotificationDecoder: Sendable {
    /// What one notification produced.
    public struct Output: Hashable, Sendable {
        /// Readings for the session (heart rate, cadence, power), in order.
        public var values: [SensorReading.Value] = []
        /// Speed in metres per second (RSC, or CSC/CP wheel data), which has no ``SensorReading`` case.
        public var speed: Double?
        /// Why the notification was skipped, if it was.
        public var skipped: SkippedInput?

        /// Creates an output.
        public init(values: [SensorReading.Value] = [], speed: Double? = nil, skipped: SkippedInput? = nil) {
            self.values = values
            self.speed = speed
            self.skipped = skipped
        }
    }

    /// The profile whose measurement this decodes.
    public let profile: GATTProfile
    private var rates: CSCRateCalculator

    /// Creates a decoder.
    /// - Parameters:
    ///   - profile: The profile.
    ///   - wheelCircumference: Wheel circumference in metres, for CSC and Cycling Power speed.
    public init(profile: GATTProfile, wheelCircumference: Double = 2.105) {
        self.profile = profile
        rates = CSCRateCalculator(wheelCircumference: wheelCircumference)
    }

    /// Forgets wheel and crank baselines, e.g. after a reconnection.
    public mutating func reset() {
        rates.reset()
    }

    /// Decodes one notification.
    /// - Parameters:
    ///   - bytes: The characteristic value.
    ///   - arrival: When it arrived, on the monotonic clock (for wheel and crank stop detection).
    public mutating func decode(_ bytes: [UInt8], arrival: ContinuousClock.Instant) -> Output {
        do {
            switch profile {
            case .heartRate:
                let measurement = try HeartRateMeasurement(bytes: bytes)
                return Output(values: [.heartRate(measurement.reading)])
            case .runningSpeedCadence:
                let measurement = try RSCMeasurement(bytes: bytes)
                return Output(values: [.cadence(perMinute: Double(measurement.cadence))], speed: measurement.speed)
            case .cyclingSpeedCadence:
                let measurement = try CSCMeasurement(bytes: bytes)
                return revolutions(wheel: measurement.wheel, crank: measurement.crank, arrival: arrival, values: [])
            case .cyclingPower:
                let measurement = try CyclingPowerMeasurement(bytes: bytes)
                return revolutions(wheel: measurement.wheel, crank: measurement.crank, arrival: arrival,
                                   values: [.power(watts: Double(measurement.instantaneousPower))])
            }
        } catch {
            return Output(skipped: SkippedInput(reason: error.skipReason, detail: "\(error.description); bytes \(Self.hex(bytes))"))
        }
    }

    private mutating func revolutions(wheel: WheelRevolutionData?, crank: CrankRevolutionData?,
                                      arrival: ContinuousClock.Instant, values: [SensorReading.Value]) -> Output {
        var output = Output(values: values)
        var discontinuities: [String] = []
        if let wheel {
            switch rates.wheelRate(wheel, arrival: arrival) {
            case .rate(let perSecond): output.speed = perSecond * rates.wheelCircumference
            case .stopped: output.speed = 0
            case .discontinuity(let detail): discontinuities.append("wheel: \(detail)")
            case .baseline, .noNewEvent: break
            }
        }
        if let crank {
            switch rates.crankRate(crank, arrival: arrival) {
            case .rate(let perSecond): output.values.append(.cadence(perMinute: perSecond * 60))
            case .stopped: output.values.append(.cadence(perMinute: 0))
            case .discontinuity(let detail): discontinuities.append("crank: \(detail)")
            case .baseline, .noNewEvent: break
            }
        }
        if !discontinuities.isEmpty {
            output.skipped = SkippedInput(reason: "gatt.discontinuity", detail: discontinuities.joined(separator: "; "))
        }
        return output
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined(separator: " ")
    }
}
