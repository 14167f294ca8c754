/// A FIT file that cannot be decoded: what was wrong, where, and what to do.
///
/// The position is a byte offset from the start of the data (64-bit, so files over 2 GiB report
/// exact positions) and, once messages have been read, the 0-based index of the message being
/// decoded. When the caller named the file, ``file`` holds it and ``description`` starts with it.
/// Descriptions never contain decoded values.
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
            case readFailed
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

        /// The file could not be opened or the byte source failed while reading (see ``FITError/cause``).
        public static let readFailed = Code(kind: .readFailed)

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
    /// The file being decoded, as the caller named it (a path), if it did.
    public var file: String?
    /// The underlying error of a ``Code/readFailed`` failure (the file system's or the byte source's).
    /// Not part of equality.
    public var cause: (any Error)?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The kind of failure.
    ///   - byteOffset: The byte offset from the start of the data.
    ///   - messageIndex: The 0-based index of the message being decoded, `nil` in a header.
    ///   - reason: What was wrong and what to do.
    ///   - file: The file's path, if known.
    ///   - cause: The underlying error, if any.
    public init(code: Code, byteOffset: Int, messageIndex: Int?, reason: String, file: String? = nil,
                cause: (any Error)? = nil) {
        self.code = code
        self.byteOffset = byteOffset
        self.messageIndex = messageIndex
        self.reason = reason
        self.file = file
        self.cause = cause
    }

    /// One line, e.g. `FIT decode failed: CRC mismatch at byte 1284 (expected 0x5DF2, found 0x0000); file is truncated or corrupt.`,
    /// prefixed by `<file>: ` when the file is known.
    public var description: String { (file.map { "\($0): " } ?? "") + "FIT decode failed: \(reason)" }

    /// A multi-line description with the code and position, for logs and bug reports.
    public func detailedDescription() -> String {
        var lines = ["FIT decode failed (\(code))"]
        if let file { lines.append("  file: \(file)") }
        lines += ["  reason: \(reason)", "  byte offset: \(byteOffset)"]
        if let messageIndex { lines.append("  message index: \(messageIndex)") }
        if let cause { lines.append("  cause: \(cause)") }
        return lines.joined(separator: "\n")
    }

    /// Errors are equal when code, position, reason and file are; the cause is not compared.
    public static func == (lhs: FITError, rhs: FITError) -> Bool {
        lhs.code == rhs.code && lhs.byteOffset == rhs.byteOffset && lhs.messageIndex == rhs.messageIndex
            && lhs.reason == rhs.reason && lhs.file == rhs.file
    }

    /// Hashes code, position, reason and file.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(byteOffset)
        hasher.combine(messageIndex)
        hasher.combine(reason)
        hasher.combine(file)
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
