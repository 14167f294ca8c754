public import PaceModel

/// A decoded Heart Rate Measurement notification (characteristic 0x2A37, Heart Rate Service 0x180D).
///
/// Layout (little-endian): Flags (uint8) · Heart Rate (uint8, or uint16 when flag bit 0 is set) ·
/// Energy Expended (uint16 kJ, flag bit 3) · RR-Interval (uint16 in 1/1024 s, one or more, flag bit 4).
/// Flag bits 1–2 are the Sensor Contact Status; bits 5–7 are reserved and ignored.
///
/// ```swift
/// let hr = try HeartRateMeasurement(bytes: [0x16, 0x48, 0xC8, 0x03])   // 72 bpm, contact, RR 0.9766 s
/// ```
public struct HeartRateMeasurement: Hashable, Sendable {
    /// What the sensor says about skin contact (flag bits 1 and 2).
    public enum SensorContact: Hashable, Sendable {
        /// The sensor cannot tell (bit 2 clear).
        case notSupported
        /// Supported, and there is no contact (bit 2 set, bit 1 clear).
        case notDetected
        /// Supported, and there is contact (bits 2 and 1 set).
        case detected
    }

    static let name = "Heart Rate Measurement (0x2A37)"

    /// Heart rate in beats per minute.
    public var beatsPerMinute: Int
    /// Skin-contact status.
    public var sensorContact: SensorContact
    /// Energy expended since the last reset, in kilojoules; `nil` when not sent.
    public var energyExpended: Int?
    /// RR intervals in raw units of 1/1024 s, oldest first.
    public var rrIntervalTicks: [UInt16]

    /// RR intervals in seconds, oldest first.
    public var rrIntervals: [Double] {
        rrIntervalTicks.map { Double($0) / 1024 }
    }

    /// Creates a measurement from its fields.
    public init(beatsPerMinute: Int, sensorContact: SensorContact = .notSupported, energyExpended: Int? = nil,
                rrIntervalTicks: [UInt16] = []) {
        self.beatsPerMinute = beatsPerMinute
        self.sensorContact = sensorContact
        self.energyExpended = energyExpended
        self.rrIntervalTicks = rrIntervalTicks
    }

    /// Decodes a characteristic value.
    /// - Throws: ``GATTError/truncated(characteristic:field:offset:needed:length:)`` when the value is
    ///   shorter than its flags promise, including an RR-interval flag with no complete interval.
    public init(bytes: [UInt8]) throws(GATTError) {
        var reader = GATTByteReader(bytes, characteristic: Self.name)
        let flags = try reader.uint8("Flags")
        beatsPerMinute = flags & 0x01 != 0
            ? Int(try reader.uint16("Heart Rate Value (UINT16)"))
            : Int(try reader.uint8("Heart Rate Value (UINT8)"))
        switch (flags & 0x04 != 0, flags & 0x02 != 0) {
        case (false, _): sensorContact = .notSupported
        case (true, false): sensorContact = .notDetected
        case (true, true): sensorContact = .detected
        }
        energyExpended = flags & 0x08 != 0 ? Int(try reader.uint16("Energy Expended")) : nil
        rrIntervalTicks = []
        if flags & 0x10 != 0 {
            // The field is one or more uint16 values filling the rest of the notification.
            repeat {
                rrIntervalTicks.append(try reader.uint16("RR-Interval \(rrIntervalTicks.count + 1)"))
            } while reader.remaining > 0
        }
    }

    /// The measurement as a ``HeartRateReading``: contact is `nil` when the sensor cannot tell.
    public var reading: HeartRateReading {
        let contact: Bool? = switch sensorContact {
        case .notSupported: nil
        case .notDetected: false
        case .detected: true
        }
        return HeartRateReading(beatsPerMinute: Double(beatsPerMinute), rrIntervals: rrIntervals, sensorContact: contact)
    }
}
