/// GSA — GNSS DOP and active satellites: fix mode, the satellites used, PDOP/HDOP/VDOP; NMEA 4.1
/// adds the GNSS system ID (one GSA per constellation under the `GN` talker).
public struct NMEAGSA: Hashable, Sendable {
    /// Whether the receiver chooses 2D/3D automatically.
    public enum Selection: String, Hashable, Sendable {
        /// `M`: forced to 2D or 3D.
        case manual = "M"
        /// `A`: automatic.
        case automatic = "A"
    }

    /// Fix dimension.
    public enum FixMode: Int, Hashable, Sendable {
        /// 1: no fix.
        case none = 1
        /// 2: 2D fix.
        case twoDimensional = 2
        /// 3: 3D fix.
        case threeDimensional = 3
    }

    /// Manual or automatic 2D/3D selection.
    public var selection: Selection?
    /// The fix mode.
    public var fixMode: FixMode?
    /// IDs of the satellites used in the solution (empty slots left out).
    public var satellitesUsed: [Int]
    /// Position dilution of precision (unitless).
    public var pdop: Double?
    /// Horizontal dilution of precision (unitless).
    public var hdop: Double?
    /// Vertical dilution of precision (unitless).
    public var vdop: Double?
    /// The constellation (NMEA 4.1 system ID), when sent.
    public var system: GNSSSystem?

    init(_ reader: NMEAFieldReader) throws(NMEAParseError) {
        try reader.require(17)
        selection = try reader.letter(0, "selection mode", Selection.init(rawValue:))
        fixMode = try reader.letter(1, "fix mode") { Int($0).flatMap(FixMode.init(rawValue:)) }
        var used: [Int] = []
        for index in 2...13 {
            if let id = try reader.int(index, "satellite ID", in: 0...999) { used.append(id) }
        }
        satellitesUsed = used
        pdop = try reader.nonNegative(14, "PDOP")
        hdop = try reader.nonNegative(15, "HDOP")
        vdop = try reader.nonNegative(16, "VDOP")
        system = try reader.letter(17, "system ID") { Int($0, radix: 16).flatMap(GNSSSystem.init(nmeaSystemID:)) }
    }
}
