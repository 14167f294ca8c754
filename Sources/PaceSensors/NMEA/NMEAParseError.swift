/// Why an NMEA 0183 sentence (or the bytes around it) could not be used.
///
/// Every error names a stable ``Code`` (used as the ``SkippedInput/reason`` key, e.g. `"nmea.checksum"`)
/// and a message saying what was wrong and where. Messages never include coordinates: a malformed
/// latitude is reported by field number, not by value.
public struct NMEAParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stable, countable kind of problem.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let raw: String
        private init(_ raw: String) { self.raw = raw }

        /// The `*HH` checksum does not match the XOR of the sentence body, or is not two hex digits.
        public static let checksum = Code("checksum")
        /// The sentence type requires a checksum (RMA, RMB, RMC, and every `!` sentence) and has none.
        public static let missingChecksum = Code("missing-checksum")
        /// The address field is not a talker ID plus sentence formatter (e.g. `$&bTXT`).
        public static let badAddress = Code("bad-address")
        /// A field holds a value that is not valid for its position (not a number, out of range).
        public static let badField = Code("bad-field")
        /// The sentence has fewer fields than its type requires.
        public static let missingField = Code("missing-field")
        /// Bytes outside any sentence (noise, comment lines, text between sentences).
        public static let garbage = Code("garbage")
        /// A sentence containing non-printable bytes (a binary protocol interleaved with NMEA).
        public static let binary = Code("binary")
        /// A sentence longer than ``NMEAFramer/maximumSentenceLength``.
        public static let overlong = Code("overlong")
        /// A sentence cut off by the start of the next one, or by the end of the stream.
        public static let truncated = Code("truncated")
        /// A well-formed epoch that cannot be stamped because no date (RMC/ZDA) has been seen yet.
        public static let noDate = Code("no-date")

        /// The key used for ``SkippedInput/reason``: `"nmea."` followed by the code, e.g. `"nmea.checksum"`.
        public var reasonKey: String { "nmea." + raw }
        /// The code's name, e.g. `"checksum"`.
        public var description: String { raw }
    }

    /// The kind of problem.
    public var code: Code
    /// What was wrong and where, e.g. `"GPRMC: checksum *4F expected, *4E found"`.
    public var message: String

    /// Creates an error.
    /// - Parameters:
    ///   - code: The kind of problem.
    ///   - message: What was wrong and where, without coordinates.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// The record a ``SensorSource`` emits for this problem.
    public var skippedInput: SkippedInput {
        SkippedInput(reason: code.reasonKey, detail: message)
    }

    /// `"NMEA <code>: <message>"`.
    public var description: String { "NMEA \(code): \(message)" }
}
