/// The talker ID of an NMEA 0183 sentence: which system produced it.
///
/// Standard talkers are two letters (`GP` GPS, `GL` GLONASS, `GA` Galileo, `GB`/`BD` BeiDou,
/// `GQ`/`QZ` QZSS, `GI` NavIC, `GN` combined GNSS). Proprietary sentences (`$P…`) use ``proprietary``.
public struct NMEATalker: Hashable, Sendable, CustomStringConvertible {
    /// The ID as sent, e.g. `"GP"`; `"P"` for proprietary sentences.
    public var id: String

    /// Creates a talker from its ID.
    public init(_ id: String) { self.id = id }

    /// GPS (`GP`).
    public static let gps = NMEATalker("GP")
    /// GLONASS (`GL`).
    public static let glonass = NMEATalker("GL")
    /// Galileo (`GA`).
    public static let galileo = NMEATalker("GA")
    /// BeiDou, NMEA 4.11 ID (`GB`).
    public static let beidou = NMEATalker("GB")
    /// BeiDou, the older ID many receivers still send (`BD`).
    public static let beidouLegacy = NMEATalker("BD")
    /// QZSS, NMEA 4.11 ID (`GQ`).
    public static let qzss = NMEATalker("GQ")
    /// QZSS, the ID some receivers send (`QZ`).
    public static let qzssLegacy = NMEATalker("QZ")
    /// NavIC / IRNSS (`GI`).
    public static let navic = NMEATalker("GI")
    /// A combined multi-constellation solution (`GN`).
    public static let combined = NMEATalker("GN")
    /// A proprietary sentence (`$P` followed by a manufacturer code).
    public static let proprietary = NMEATalker("P")

    /// The satellite system this talker stands for; `nil` for combined, proprietary and non-GNSS talkers.
    public var system: GNSSSystem? {
        switch id {
        case "GP": .gps
        case "GL": .glonass
        case "GA": .galileo
        case "GB", "BD": .beidou
        case "GQ", "QZ": .qzss
        case "GI": .navic
        default: nil
        }
    }

    /// The talker ID, e.g. `"GP"`.
    public var description: String { id }
}

/// A global navigation satellite system.
public enum GNSSSystem: String, Hashable, Sendable, CaseIterable {
    /// US GPS.
    case gps
    /// Russian GLONASS.
    case glonass
    /// European Galileo.
    case galileo
    /// Chinese BeiDou.
    case beidou
    /// Japanese QZSS.
    case qzss
    /// Indian NavIC (IRNSS).
    case navic

    /// The system for an NMEA 4.10+ GNSS system ID (GSA field 18, GSV signal tables): 1 GPS,
    /// 2 GLONASS, 3 Galileo, 4 BeiDou, 5 QZSS, 6 NavIC; `nil` for other values.
    public init?(nmeaSystemID: Int) {
        switch nmeaSystemID {
        case 1: self = .gps
        case 2: self = .glonass
        case 3: self = .galileo
        case 4: self = .beidou
        case 5: self = .qzss
        case 6: self = .navic
        default: return nil
        }
    }
}
