/// Decodes one framed NMEA 0183 sentence: `$` or `!`, address, comma-separated fields, optional
/// `*HH` checksum. Pure and allocation-light; no I/O.
///
/// Checksum policy: when `*` is present it must be followed by exactly two hex digits equal to the
/// XOR of every byte between the start character and `*`. A sentence without a checksum is accepted
/// only where NMEA 0183 (before 3.0) makes it optional: it is rejected for RMA, RMB and RMC, whose
/// checksum the standard makes mandatory, for every `!` encapsulation sentence, and for all
/// sentences when ``requiresChecksum`` is set.
public struct NMEASentenceParser: Sendable {
    /// Reject every sentence without a checksum (NMEA 3.0 and later make it mandatory).
    public var requiresChecksum: Bool

    /// Sentence types whose checksum NMEA 0183 2.x makes mandatory.
    public static let checksumMandatoryTypes: Set<String> = ["RMA", "RMB", "RMC"]

    /// Creates a parser.
    /// - Parameter requiresChecksum: Reject every sentence without a `*HH` checksum.
    public init(requiresChecksum: Bool = false) {
        self.requiresChecksum = requiresChecksum
    }

    /// Decodes one sentence.
    /// - Parameter line: The sentence from its `$`/`!` up to (not including) CR/LF; printable ASCII.
    /// - Returns: The sentence.
    /// - Throws: ``NMEAParseError`` naming the problem.
    public func parse<Bytes: Collection<UInt8>>(_ line: Bytes) throws(NMEAParseError) -> NMEASentence {
        let bytes = Array(line)
        guard let first = bytes.first, first == UInt8(ascii: "$") || first == UInt8(ascii: "!") else {
            throw NMEAParseError(code: .garbage, message: "sentence does not start with '$' or '!'")
        }
        let star = bytes.lastIndex(of: UInt8(ascii: "*"))
        let bodyEnd = star ?? bytes.endIndex
        let body = bytes[1..<bodyEnd]
        let comma = body.firstIndex(of: UInt8(ascii: ",")) ?? body.endIndex
        let address = String(decoding: body[body.startIndex..<comma], as: UTF8.self)
        let (talker, type) = try Self.split(address: address)

        if let star {
            let digits = bytes[(star + 1)...]
            guard digits.count == 2, let sent = UInt8(String(decoding: digits, as: UTF8.self), radix: 16) else {
                throw NMEAParseError(code: .checksum,
                                     message: "\(address): checksum field '*\(String(decoding: digits.prefix(8), as: UTF8.self))' is not two hex digits")
            }
            let computed = body.reduce(UInt8(0), ^)
            guard sent == computed else {
                throw NMEAParseError(code: .checksum,
                                     message: "\(address): checksum *\(Self.hex(computed)) expected, *\(Self.hex(sent)) found")
            }
        } else if requiresChecksum || first == UInt8(ascii: "!") || Self.checksumMandatoryTypes.contains(type) {
            throw NMEAParseError(code: .missingChecksum,
                                 message: "\(address) has no *HH checksum, which is mandatory for this sentence")
        }

        var fields: [Substring] = []
        if comma < body.endIndex {
            let text = String(decoding: body[(comma + 1)...], as: UTF8.self)
            fields = text.split(separator: ",", omittingEmptySubsequences: false)
        }
        let reader = NMEAFieldReader(sentence: address, fields: fields)
        let content: NMEASentence.Content
        switch talker.id == "P" ? "" : type {
        case "GGA": content = .gga(try NMEAGGA(reader))
        case "RMC": content = .rmc(try NMEARMC(reader))
        case "GSA": content = .gsa(try NMEAGSA(reader))
        case "GSV": content = .gsv(try NMEAGSV(reader))
        case "VTG": content = .vtg(try NMEAVTG(reader))
        case "GLL": content = .gll(try NMEAGLL(reader))
        case "ZDA": content = .zda(try NMEAZDA(reader))
        case "GNS": content = .gns(try NMEAGNS(reader))
        default: content = .other(fields: fields.map(String.init))
        }
        return NMEASentence(talker: talker, type: type, isEncapsulated: first == UInt8(ascii: "!"),
                            hadChecksum: star != nil, content: content)
    }

    /// Splits an address into talker and formatter: `"GPGGA"` → (`GP`, `"GGA"`), `"PGRME"` →
    /// (proprietary, `"GRME"`).
    static func split(address: String) throws(NMEAParseError) -> (NMEATalker, String) {
        let isValid = address.utf8.allSatisfy { (65...90).contains($0) || (48...57).contains($0) }
        if isValid, address.first == "P", address.count >= 2, address.count <= 9 {
            return (.proprietary, String(address.dropFirst()))
        }
        // Standard addresses are 5 characters; some vendors (Unicore `$GYOACC`, `$SNRSTAT`) use longer ones.
        guard isValid, address.count >= 5, address.count <= 10,
              address.utf8.prefix(2).allSatisfy({ (65...90).contains($0) }) else {
            throw NMEAParseError(code: .badAddress,
                                 message: "address '\(address.prefix(12))' is not a two-letter talker ID and a sentence type")
        }
        return (NMEATalker(String(address.prefix(2))), String(address.dropFirst(2)))
    }

    static func hex(_ value: UInt8) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return text.count == 1 ? "0" + text : text
    }
}
