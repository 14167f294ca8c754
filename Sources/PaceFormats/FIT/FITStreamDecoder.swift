/// The file-level loop of a streaming decode: headers and their CRCs, the messages of each data
/// section, the file CRC, chained files, trailing bytes and truncation.
struct FITStreamDecoder {
    private let options: FITDecoder.Options
    private let file: String?
    private var messages: FITMessageDecoder
    private var warnings: [FITWarning] = []
    private var fileCount = 0

    init(options: FITDecoder.Options, file: String?) {
        self.options = options
        self.file = file
        messages = FITMessageDecoder(file: file)
    }

    mutating func run(_ reader: FITByteReader, handler: (FITMessage) -> Void) throws(FITError) -> FITDecodeSummary {
        files: while true {
            let fileStart = reader.position
            if fileCount > 0 {
                guard try reader.ensure(1) else { break }
                guard try hasHeader(reader) else {
                    let trailing = try reader.skipToEnd()
                    warnings.append(FITWarning(
                        byteOffset: fileStart,
                        reason: "ignored \(trailing) trailing bytes that do not start a FIT header."))
                    break
                }
            }
            reader.resetCRC()
            let header = try readHeader(reader)
            let dataEnd = fileStart + header.size + header.dataSize
            messages.resetForNewFile()
            // A message cut inside the data area (a writer that stopped mid-record but sized the
            // header to what it wrote): the CRC after it covers a broken message and cannot hold.
            var lastMessageCut = false
            while reader.position < dataEnd {
                let start = reader.position
                let decoded: Bool
                do {
                    decoded = try messages.decodeMessage(from: reader, dataEnd: dataEnd, handler: handler)
                } catch where error.code == .truncated && options.allowTruncation {
                    warnings.append(FITWarning(byteOffset: start, reason: "dropped the incomplete message "
                        + "\(messages.messageIndex) at byte \(start)."))
                    lastMessageCut = true
                    guard try reader.skip(dataEnd - start) == dataEnd - start else {
                        try truncated(reader, fileStart: fileStart, dataSize: header.dataSize, dataEnd: dataEnd, partialMessageAt: nil)
                        break files
                    }
                    break
                } catch where (error.code == .undefinedLocalMessage || error.code == .invalidDefinition)
                    && options.keepMessagesBeforeDamage && messages.dataMessageCount > 0 {
                    let rest = try reader.skipToEnd()
                    warnings.append(FITWarning(byteOffset: start, reason: "the data cannot be read past byte \(start) "
                        + "(\(error.reason)); kept the \(messages.dataMessageCount) data messages before it, "
                        + "the remaining \(rest) bytes are lost and the CRC is not checked."))
                    fileCount += 1
                    break files
                }
                if !decoded {
                    try truncated(reader, fileStart: fileStart, dataSize: header.dataSize, dataEnd: dataEnd, partialMessageAt: start)
                    break files
                }
            }
            guard try reader.ensure(2) else {
                try truncated(reader, fileStart: fileStart, dataSize: header.dataSize, dataEnd: dataEnd, partialMessageAt: nil)
                break files
            }
            let expected = reader.consumedCRC()
            let found = UInt16(FITBaseType.raw(at: reader.bytes, size: 2, bigEndian: false))
            if options.validateCRC && found != expected {
                // After a cut message the CRC covers broken bytes and cannot match: reported, not fatal.
                guard lastMessageCut else {
                    throw FITError(code: .crcMismatch, byteOffset: dataEnd, messageIndex: nil,
                                   reason: "CRC mismatch at byte \(dataEnd) (expected \(FITDecoder.hex(expected)), "
                                       + "found \(FITDecoder.hex(found))); file is truncated or corrupt.", file: file)
                }
                warnings.append(FITWarning(byteOffset: dataEnd, reason: "CRC not checked: the file's last message is cut, "
                    + "so its CRC (found \(FITDecoder.hex(found)), computed \(FITDecoder.hex(expected))) cannot match; "
                    + "the messages before the cut were kept."))
            }
            reader.advance(2)
            fileCount += 1
        }
        return FITDecodeSummary(fileCount: fileCount, messageCount: messages.dataMessageCount,
                                byteCount: reader.bytesRead, warnings: warnings)
    }

    /// The source ended inside the file starting at `fileStart`: throws, or with `allowTruncation` keeps
    /// what was decoded and warns (once for the file, once for a message cut in the middle).
    private mutating func truncated(_ reader: FITByteReader, fileStart: Int, dataSize: Int, dataEnd: Int,
                                    partialMessageAt start: Int?) throws(FITError) {
        let end = reader.bytesRead
        guard options.allowTruncation else {
            throw FITError(code: .truncated, byteOffset: end, messageIndex: nil,
                           reason: "data ends at byte \(end) but the header at byte \(fileStart) announces "
                               + "\(dataSize) bytes of messages and a CRC "
                               + "ending at byte \(dataEnd + 2); file is truncated (decode with allowTruncation to "
                               + "keep the messages before the cut).", file: file)
        }
        warnings.append(FITWarning(
            byteOffset: end,
            reason: "file is truncated: the header announces \(dataEnd + 2 - fileStart) bytes, "
                + "\(end - fileStart) are present; CRC not checked, messages after the cut are lost."))
        if let start, start < end {
            warnings.append(FITWarning(byteOffset: start, reason: "dropped the incomplete message "
                + "\(messages.messageIndex) at byte \(start)."))
        }
        fileCount += 1
    }

    /// Whether a plausible FIT header (size ≥ 12 and ".FIT" at bytes 8–11) starts at the reader's position.
    private func hasHeader(_ reader: FITByteReader) throws(FITError) -> Bool {
        guard try reader.ensure(12) else { return false }
        let bytes = reader.bytes
        return bytes.load(as: UInt8.self) >= 12 && Self.hasSignature(bytes)
    }

    private static func hasSignature(_ bytes: UnsafeRawPointer) -> Bool {
        bytes.load(fromByteOffset: 8, as: UInt8.self) == 0x2E && bytes.load(fromByteOffset: 9, as: UInt8.self) == 0x46
            && bytes.load(fromByteOffset: 10, as: UInt8.self) == 0x49
            && bytes.load(fromByteOffset: 11, as: UInt8.self) == 0x54
    }

    /// Reads and checks the header at the reader's position and consumes it.
    private mutating func readHeader(_ reader: FITByteReader) throws(FITError) -> (size: Int, dataSize: Int) {
        let position = reader.position
        guard try reader.ensure(12) else {
            let available = reader.available
            if available == 0 && fileCount == 0 {
                throw FITError(code: .truncated, byteOffset: 0, messageIndex: nil,
                               reason: "file is empty; expected a 12- or 14-byte FIT header.", file: file)
            }
            throw FITError(code: .truncated, byteOffset: position, messageIndex: nil,
                           reason: "file is \(available) bytes, shorter than the 12-byte FIT header; "
                               + "file is truncated or not a FIT file.", file: file)
        }
        var bytes = reader.bytes
        let size = Int(bytes.load(as: UInt8.self))
        guard Self.hasSignature(bytes) else {
            throw FITError(code: .badSignature, byteOffset: position + 8, messageIndex: nil,
                           reason: "no \".FIT\" signature at byte \(position + 8); not a FIT file.", file: file)
        }
        guard size >= 12 else {
            throw FITError(code: .badHeader, byteOffset: position, messageIndex: nil,
                           reason: "header size \(size) at byte \(position) is smaller than 12; file is corrupt.",
                           file: file)
        }
        guard try reader.ensure(size) else {
            throw FITError(code: .truncated, byteOffset: reader.bytesRead, messageIndex: nil,
                           reason: "data ends at byte \(reader.bytesRead) inside the \(size)-byte header at byte "
                               + "\(position); file is truncated.", file: file)
        }
        bytes = reader.bytes
        if size >= 14 && options.validateCRC {
            let found = UInt16(FITBaseType.raw(at: bytes + 12, size: 2, bigEndian: false))
            var crc = FITCRC()
            crc.add(UnsafeRawBufferPointer(start: bytes, count: 12))
            if found != 0 && found != crc.value {
                throw FITError(code: .crcMismatch, byteOffset: position + 12, messageIndex: nil,
                               reason: "header CRC mismatch at byte \(position + 12) (expected "
                                   + "\(FITDecoder.hex(crc.value)), found \(FITDecoder.hex(found))); file is corrupt.",
                               file: file)
            }
        }
        let dataSize = Int(FITBaseType.raw(at: bytes + 4, size: 4, bigEndian: false))
        reader.advance(size)
        return (size, dataSize)
    }
}
