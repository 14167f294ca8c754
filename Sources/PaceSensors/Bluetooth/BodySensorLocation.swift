/// Where a heart-rate sensor sits (characteristic 0x2A38, one uint8).
public enum BodySensorLocation: UInt8, Hashable, Sendable, CaseIterable {
    /// 0: other.
    case other = 0
    /// 1: chest (a strap).
    case chest = 1
    /// 2: wrist.
    case wrist = 2
    /// 3: finger.
    case finger = 3
    /// 4: hand.
    case hand = 4
    /// 5: ear lobe.
    case earLobe = 5
    /// 6: foot.
    case foot = 6

    static let name = "Body Sensor Location (0x2A38)"

    /// Decodes a characteristic value.
    /// - Throws: ``GATTError/truncated(characteristic:field:offset:needed:length:)`` for an empty value,
    ///   ``GATTError/invalidValue(characteristic:field:value:allowed:)`` for the reserved values 7–255.
    public init(bytes: [UInt8]) throws(GATTError) {
        var reader = GATTByteReader(bytes, characteristic: Self.name)
        let raw = try reader.uint8("Body Sensor Location")
        guard let location = BodySensorLocation(rawValue: raw) else {
            throw .invalidValue(characteristic: Self.name, field: "Body Sensor Location", value: Int(raw), allowed: "0…6 (7…255 are reserved)")
        }
        self = location
    }
}
