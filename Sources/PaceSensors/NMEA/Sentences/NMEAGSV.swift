/// GSV — GNSS satellites in view, one part of a multi-sentence group; NMEA 4.1 adds a signal ID.
public struct NMEAGSV: Hashable, Sendable {
    /// One satellite in view.
    public struct Satellite: Hashable, Sendable {
        /// Satellite ID (PRN for GPS; NMEA numbering for other systems).
        public var id: Int
        /// Elevation in degrees, 0…90.
        public var elevation: Double?
        /// Azimuth in degrees true, 0…359.
        public var azimuth: Double?
        /// Carrier-to-noise density in dB-Hz; `nil` when not tracked.
        public var snr: Double?
    }

    /// Number of sentences in this group.
    public var sentenceCount: Int
    /// This sentence's number in the group, 1-based.
    public var sentenceNumber: Int
    /// Total satellites in view.
    public var satellitesInView: Int?
    /// Up to four satellites described by this sentence.
    public var satellites: [Satellite]
    /// NMEA 4.1 signal ID, one hex digit (e.g. 1 = GPS L1 C/A, 0xB = GLONASS L2 OF on u-blox), when sent.
    public var signalID: Int?

    init(_ reader: NMEAFieldReader) throws(NMEAParseError) {
        try reader.require(3)
        guard let count = try reader.int(0, "sentence count", in: 1...99) else { throw reader.fail(0, "sentence count") }
        guard let number = try reader.int(1, "sentence number", in: 1...count) else { throw reader.fail(1, "sentence number") }
        sentenceCount = count
        sentenceNumber = number
        satellitesInView = try reader.int(2, "satellites in view", in: 0...999)
        let rest = reader.fields.count - 3
        guard rest % 4 == 0 || rest % 4 == 1, rest / 4 <= 4 else {
            throw NMEAParseError(code: .badField,
                                 message: "\(reader.sentence) has \(rest) satellite fields; expected groups of 4 plus an optional signal ID")
        }
        var list: [Satellite] = []
        for group in 0..<(rest / 4) {
            let base = 3 + group * 4
            guard let id = try reader.int(base, "satellite ID", in: 0...999) else {
                // An empty slot (some receivers pad the last sentence).
                continue
            }
            list.append(Satellite(id: id,
                                  elevation: try reader.double(base + 1, "elevation"),
                                  azimuth: try reader.double(base + 2, "azimuth"),
                                  snr: try reader.nonNegative(base + 3, "SNR")))
        }
        satellites = list
        if rest % 4 == 1 {
            signalID = try reader.letter(reader.fields.count - 1, "signal ID") { UInt8($0, radix: 16).map(Int.init) }
        }
    }
}
