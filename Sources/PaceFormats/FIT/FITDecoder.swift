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
/// ``FITWarning`` instead (the CRC of a truncated file cannot be checked).
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

        /// Creates options.
        public init(validateCRC: Bool = true, allowTruncation: Bool = false) {
            self.validateCRC = validateCRC
            self.allowTruncation = allowTruncation
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

    /// Decodes every chained FIT file in `data`.
    ///
    /// - Parameter data: The bytes of a `.fit` file.
    /// - Returns: The messages of all chained files in order, the number of files and warnings.
    /// - Throws: ``FITError`` when the data is not FIT, is corrupt, or (unless allowed) truncated.
    public func decode(_ data: Data) throws(FITError) -> FITFile {
        let bytes = [UInt8](data)
        var state = FITMessageDecoder(bytes: bytes)
        var position = 0
        var fileCount = 0
        while position < bytes.count {
            if fileCount > 0 && !Self.hasHeader(bytes, at: position) {
                state.warnings.append(FITWarning(
                    byteOffset: position,
                    reason: "ignored \(bytes.count - position) trailing bytes that do not start a FIT header."))
                break
            }
            let header = try readHeader(bytes, at: position)
            let dataStart = position + header.size
            let dataEnd = dataStart + header.dataSize
            state.resetForNewFile()
            if dataEnd + 2 > bytes.count {
                guard options.allowTruncation else {
                    throw FITError(
                        code: .truncated, byteOffset: bytes.count, messageIndex: nil,
                        reason: "data ends at byte \(bytes.count) but the header at byte \(position) announces "
                            + "\(header.dataSize) bytes of messages and a CRC ending at byte \(dataEnd + 2); "
                            + "file is truncated (decode with allowTruncation to keep the messages before the cut).")
                }
                state.warnings.append(FITWarning(
                    byteOffset: bytes.count,
                    reason: "file is truncated: the header announces \(dataEnd + 2 - position) bytes, "
                        + "\(bytes.count - position) are present; CRC not checked, messages after the cut are lost."))
                try state.decodeMessages(in: dataStart..<bytes.count, allowTruncation: true)
                fileCount += 1
                break
            }
            if options.validateCRC {
                let found = UInt16(bytes[dataEnd]) | UInt16(bytes[dataEnd + 1]) << 8
                let expected = FITCRC.checksum(bytes, position..<dataEnd)
                if found != expected {
                    throw FITError(
                        code: .crcMismatch, byteOffset: dataEnd, messageIndex: nil,
                        reason: "CRC mismatch at byte \(dataEnd) (expected \(Self.hex(expected)), "
                            + "found \(Self.hex(found))); file is truncated or corrupt.")
                }
            }
            try state.decodeMessages(in: dataStart..<dataEnd, allowTruncation: options.allowTruncation)
            fileCount += 1
            position = dataEnd + 2
        }
        if fileCount == 0 {
            throw FITError(code: .truncated, byteOffset: 0, messageIndex: nil,
                           reason: "file is empty; expected a 12- or 14-byte FIT header.")
        }
        return FITFile(messages: state.messages, fileCount: fileCount, warnings: state.warnings)
    }

    /// Whether a plausible FIT header (size ≥ 12 and ".FIT" at bytes 8–11) starts at `position`.
    static func hasHeader(_ bytes: [UInt8], at position: Int) -> Bool {
        guard bytes.count - position >= 12, bytes[position] >= 12 else { return false }
        return Array(bytes[(position + 8)..<(position + 12)]) == Array(".FIT".utf8)
    }

    /// `0x5DF2`.
    static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private func readHeader(_ bytes: [UInt8], at position: Int) throws(FITError) -> (size: Int, dataSize: Int) {
        let available = bytes.count - position
        guard available >= 12 else {
            throw FITError(code: .truncated, byteOffset: position, messageIndex: nil,
                           reason: "file is \(available) bytes, shorter than the 12-byte FIT header; "
                               + "file is truncated or not a FIT file.")
        }
        let size = Int(bytes[position])
        guard Array(bytes[(position + 8)..<(position + 12)]) == Array(".FIT".utf8) else {
            throw FITError(code: .badSignature, byteOffset: position + 8, messageIndex: nil,
                           reason: "no \".FIT\" signature at byte \(position + 8); not a FIT file.")
        }
        guard size >= 12 else {
            throw FITError(code: .badHeader, byteOffset: position, messageIndex: nil,
                           reason: "header size \(size) at byte \(position) is smaller than 12; file is corrupt.")
        }
        guard available >= size else {
            throw FITError(code: .truncated, byteOffset: bytes.count, messageIndex: nil,
                           reason: "data ends at byte \(bytes.count) inside the \(size)-byte header at byte "
                               + "\(position); file is truncated.")
        }
        if size >= 14 && options.validateCRC {
            let found = UInt16(bytes[position + 12]) | UInt16(bytes[position + 13]) << 8
            let expected = FITCRC.checksum(bytes, position..<(position + 12))
            if found != 0 && found != expected {
                throw FITError(code: .crcMismatch, byteOffset: position + 12, messageIndex: nil,
                               reason: "header CRC mismatch at byte \(position + 12) (expected \(Self.hex(expected)), "
                                   + "found \(Self.hex(found))); file is corrupt.")
            }
        }
        let dataSize = Int(bytes[position + 4]) | Int(bytes[position + 5]) << 8
            | Int(bytes[position + 6]) << 16 | Int(bytes[position + 7]) << 24
        return (size, dataSize)
    }
}
