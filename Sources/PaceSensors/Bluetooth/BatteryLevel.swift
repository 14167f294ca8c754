/// A Battery Level value (characteristic 0x2A19, Battery Service 0x180F): one uint8 percentage.
public struct BatteryLevel: Hashable, Sendable {
    static let name = "Battery Level (0x2A19)"

    /// Charge in percent, 0…100.
    public var percent: Int

    /// Charge as a fraction, 0…1.
    public var fraction: Double { Double(percent) / 100 }

    /// Creates a level.
    public init(percent: Int) {
        self.percent = percent
    }

    /// Decodes a characteristic value.
    /// - Throws: ``GATTError/truncated(characteristic:field:offset:needed:length:)`` for an empty value,
    ///   ``GATTError/invalidValue(characteristic:field:value:allowed:)`` above 100 (101–255 are reserved).
    public init(bytes: [UInt8]) throws(GATTError) {
        var reader = GATTByteReader(bytes, characteristic: Self.name)
        let raw = try reader.uint8("Battery Level")
        guard raw <= 100 else {
            throw .invalidValue(characteristic: Self.name, field: "Battery Level", value: Int(raw), allowed: "0…100 %")
        }
        percent = Int(raw)
    }
}
