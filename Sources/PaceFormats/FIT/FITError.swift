/// A FIT file that cannot be decoded: what was wrong, where, and what to do.
///
/// The position is a byte offset from the start of the data and, once messages have been read,
/// the 0-based index of the message being decoded. Descriptions never contain decoded values.
///
/// ```swift
/// do { _ = try FITDecoder().decode(data) }
/// catch let error as FITError where error.code == .crcMismatch { … }
/// ```
public struct FITError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure; a struct over a private enum so that kinds can be added.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Kind: String, Hashable, Sendable {
            case truncated, badSignature, badHeader, crcMismatch, undefinedLocalMessage, invalidDefinition
        }
        private let kind: Kind

        /// The data ends before the header, a message or the CRC it announces.
        public static let truncated = Code(kind: .truncated)
        /// The header does not carry the ".FIT" signature: not a FIT file.
        public static let badSignature = Code(kind: .badSignature)
        /// The header size or data size is impossible.
        public static let badHeader = Code(kind: .badHeader)
        /// A header or file CRC does not match the bytes.
        public static let crcMismatch = Code(kind: .crcMismatch)
        /// A data message uses a local message number that no definition message defined.
        public static let undefinedLocalMessage = Code(kind: .undefinedLocalMessage)
        /// A definition message is malformed (unknown architecture, zero-sized field…).
        public static let invalidDefinition = Code(kind: .invalidDefinition)

        /// The code's name, e.g. `crcMismatch`.
        public var description: String { kind.rawValue }
    }

    /// What kind of failure this is.
    public var code: Code
    /// The byte offset (from the start of the data) where the problem was found.
    public var byteOffset: Int
    /// The 0-based index of the message being decoded, counted over all chained files; `nil` in a header.
    public var messageIndex: Int?
    /// What was wrong and what to do, without the "FIT decode failed:" prefix.
    public var reason: String

    /// Creates an error.
    public init(code: Code, byteOffset: Int, messageIndex: Int?, reason: String) {
        self.code = code
        self.byteOffset = byteOffset
        self.messageIndex = messageIndex
        self.reason = reason
    }

    /// One line, e.g. `FIT decode failed: CRC mismatch at byte 1284 (expected 0x5DF2, found 0x0000); file is truncated or corrupt.`
    public var description: String { "FIT decode failed: \(reason)" }

    /// A multi-line description with the code and position, for `--verbose` output.
    public func detailedDescription() -> String {
        var lines = ["FIT decode failed (\(code))", "  reason: \(reason)", "  byte offset: \(byteOffset)"]
        if let messageIndex { lines.append("  message index: \(messageIndex)") }
        return lines.joined(separator: "\n")
    }
}

/// A problem the decoder worked around: the data was still returned.
public struct FITWarning: Hashable, Sendable, CustomStringConvertible {
    /// The byte offset where the problem was found.
    public var byteOffset: Int
    /// What was wrong and what was done about it.
    public var reason: String

    /// Creates a warning.
    public init(byteOffset: Int, reason: String) {
        self.byteOffset = byteOffset
        self.reason = reason
    }

    /// `FIT warning at byte N: <reason>`.
    public var description: String { "FIT warning at byte \(byteOffset): \(reason)" }
}
