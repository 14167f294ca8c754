/// One decoded NMEA 0183 sentence.
public struct NMEASentence: Hashable, Sendable {
    /// The decoded content, by sentence type.
    public enum Content: Hashable, Sendable {
        /// GGA fix data.
        case gga(NMEAGGA)
        /// RMC recommended minimum data.
        case rmc(NMEARMC)
        /// GSA DOP and active satellites.
        case gsa(NMEAGSA)
        /// GSV satellites in view.
        case gsv(NMEAGSV)
        /// VTG course and speed.
        case vtg(NMEAVTG)
        /// GLL geographic position.
        case gll(NMEAGLL)
        /// ZDA time and date.
        case zda(NMEAZDA)
        /// GNS multi-constellation fix data.
        case gns(NMEAGNS)
        /// A well-formed sentence of a type Pace does not decode (TXT, GST, DTM, proprietary `$P…`, `!AIVDM`…);
        /// its raw fields are kept.
        case other(fields: [String])
    }

    /// Who sent it: `GP`, `GN`, … or ``NMEATalker/proprietary``.
    public var talker: NMEATalker
    /// The sentence formatter, e.g. `"GGA"`; for proprietary sentences the rest of the address (`"GRME"`).
    public var type: String
    /// Whether it started with `!` (encapsulation) rather than `$`.
    public var isEncapsulated: Bool
    /// Whether it carried a (verified) `*HH` checksum.
    public var hadChecksum: Bool
    /// The decoded fields.
    public var content: Content

    /// Creates a sentence.
    public init(talker: NMEATalker, type: String, isEncapsulated: Bool = false, hadChecksum: Bool = true, content: Content) {
        self.talker = talker
        self.type = type
        self.isEncapsulated = isEncapsulated
        self.hadChecksum = hadChecksum
        self.content = content
    }

    /// The address as sent, e.g. `"GPGGA"`.
    public var address: String {
        talker == .proprietary ? "P" + type : talker.id + type
    }
}
