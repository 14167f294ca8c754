public import Foundation

/// Decodes the FIT binary protocol (Garmin's Flexible and Interoperable Data Transfer) from bytes.
///
/// Reads the file header (12 or 14 bytes, with or without header CRC), checks the file CRC,
/// decodes definition and data messages (both architectures, compressed-timestamp headers,
/// developer fields described by `field_description`) and follows chained files (several FIT
/// files back to back). Values equal to their base type's invalid sentinel are left out.
///
/// Truncation: by default a file whose bytes end before the size its header announces, or
/// before a message ends, throws ``FITError/Code/truncated``. With
/// ``Options/allowTruncation`` the messages decoded before the cut are returned with a
/// ``FITWarning`` instead (the CRC of a truncated file cannot be checked). With
/// ``Options/keepMessagesBeforeDamage`` a message that cannot be followed (an undefined local
/// message type, an invalid definition: a writer that crashed mid-file) ends the data the same way.
///
/// Streaming: ``decode(source:file:handler:)`` and ``decode(contentsOf:handler:)`` hand each message to
/// a closure and hold only a fixed buffer; ``decode(_:)`` collects every message of in-memory data.
///
/// ```swift
/// let file = try FITDecoder().decode(try Data(contentsOf: url))
/// let records = file.messages(20)
/// ```
public struct FITDecoder: Sendable {
    /// How strict the decoder is.
    public struct Options: Hashable, Sendable {
        /// Check header and file CRCs and throw ``FITError/Code/crcMismatch`` on a mismatch. Default `true`.
        public var validateCRC: Bool
        /// Return the messages before a cut (with a warning) instead of throwing. Default `false`.
        public var allowTruncation: Bool
        /// Return the messages before the first one that cannot be followed (an undefined local
        /// message type, an invalid definition), with a warning naming its byte, instead of throwing
        /// ``FITError/Code/undefinedLocalMessage`` or ``FITError/Code/invalidDefinition``. Nothing
        /// after it is read (FIT has no marker to resynchronise on) and the CRC is not checked.
        /// Applies only once at least one data message was decoded. Default `false`.
        public var keepMessagesBeforeDamage: Bool

        /// Creates options.
        public init(validateCRC: Bool = true, allowTruncation: Bool = false, keepMessagesBeforeDamage: Bool = false) {
            self.validateCRC = validateCRC
            self.allowTruncation = allowTruncation
            self.keepMessagesBeforeDamage = keepMessagesBeforeDamage
        }
    }

    /// The FIT epoch, 1989-12-31T00:00:00Z, as seconds since 1970.
    static let epochOffset: Double = 631_065_600

    /// The decoder's options.
    public var options: Options

    /// Creates a decoder.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// The date of a FIT `date_time` value: seconds since 1989-12-31T00:00:00Z.
    public static func date(fromFITSeconds seconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(seconds) + epochOffset)
    }

    /// Decodes every chained FIT file in `data` into memory.
    ///
    /// Built on ``decode(source:file:handler:)``: the messages are collected into a ``FITFile``. For large
    /// files prefer the streaming form, which holds one message at a time.
    ///
    /// - Parameter data: The bytes of a `.fit` file.
    /// - Returns: The messages of all chained files in order, the number of files and warnings.
    /// - Throws: ``FITError`` when the data is not FIT, is corrupt, or (unless allowed) truncated.
    public func decode(_ data: Data) throws(FITError) -> FITFile {
        var messages: [FITMessage] = []
        let summary = try decode(source: DataByteSource(data)) { messages.append($0) }
        return FITFile(messages: messages, fileCount: summary.fileCount, warnings: summary.warnings)
    }

    /// Streams the FIT file at `url` through ``decode(source:file:handler:)``: the file is read in
    /// chunks into a fixed buffer, so memory stays constant whatever its size.
    ///
    /// ```swift
    /// var records = 0
    /// let summary = try FITDecoder().decode(contentsOf: url) { message in
    ///     if message.globalNumber == 20 { records += 1 }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - url: A `file:` URL of a `.fit` file; its path names the file in errors.
    ///   - handler: Called once per data message, in file order.
    /// - Returns: The number of chained files and messages, the bytes read and the warnings.
    /// - Throws: ``FITError`` (``FITError/Code/readFailed`` when the file cannot be opened or read).
    public func decode(contentsOf url: URL, handler: (FITMessage) -> Void) throws(FITError) -> FITDecodeSummary {
        let source: FileByteSource
        do { source = try FileByteSource(url: url) } catch {
            throw FITError(code: .readFailed, byteOffset: 0, messageIndex: nil,
                           reason: "cannot open the file (\(error.localizedDescription)); check the path and its "
                               + "permissions.", file: url.path, cause: error)
        }
        return try decode(source: source, file: url.path, handler: handler)
    }

    /// Streams FIT data from a byte source, calling `handler` with each data message as soon as it is
    /// decoded: the streaming core every other `decode` is built on.
    ///
    /// The source is read through a fixed 256 KiB buffer, so a file of any size (over 4 GiB of chained
    /// files included) decodes in constant memory as long as the handler does not keep every message.
    /// Definition messages are turned into decode plans once; each data message is decoded with its
    /// profile names, units, scales and offsets, its components expanded (accumulated fields included)
    /// and its subfields resolved. Byte offsets are 64-bit `Int`s.
    ///
    /// The CRCs are computed while reading: a header CRC is checked before its file's messages, the file
    /// CRC after them — so the handler may already have seen the messages of a file whose CRC then fails
    /// (``FITError/Code/crcMismatch`` is thrown at the end of that file).
    ///
    /// ```swift
    /// let summary = try FITDecoder().decode(source: FileByteSource(url: url), file: url.path) { message in
    ///     guard message.globalNumber == 20 else { return }  // record
    ///     let heartRate = message.field(3)?.doubleValue      // bpm
    /// }
    /// print(summary.messageCount)
    /// ```
    ///
    /// - Parameters:
    ///   - source: Where the bytes come from (``FileByteSource``, ``DataByteSource``, a zip entry…).
    ///   - file: The file's name or path, for error messages; `nil` when there is none.
    ///   - handler: Called once per data message, in file order. A message the handler does not keep costs
    ///     no allocation for its fields.
    /// - Returns: The number of chained files and data messages, the bytes read and the warnings.
    /// - Throws: ``FITError`` when the data is not FIT, is corrupt, (unless allowed) truncated, or the source fails.
    public func decode(source: any ByteSource, file: String? = nil,
                       handler: (FITMessage) -> Void) throws(FITError) -> FITDecodeSummary {
        let reader = FITByteReader(source: source, file: file)
        var stream = FITStreamDecoder(options: options, file: file)
        return try stream.run(reader, handler: handler)
    }

    /// `0x5DF2`.
    static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// What a streaming decode read: files, messages, bytes and the problems worked around.
public struct FITDecodeSummary: Hashable, Sendable {
    /// How many FIT files were chained back to back (1 for an ordinary file).
    public var fileCount: Int
    /// How many data messages were handed to the handler.
    public var messageCount: Int
    /// How many bytes were read from the source.
    public var byteCount: Int
    /// Problems worked around (trailing bytes, a truncated last message when allowed…).
    public var warnings: [FITWarning]

    /// Creates a summary.
    public init(fileCount: Int, messageCount: Int, byteCount: Int, warnings: [FITWarning] = []) {
        self.fileCount = fileCount
        self.messageCount = messageCount
        self.byteCount = byteCount
        self.warnings = warnings
    }
}
