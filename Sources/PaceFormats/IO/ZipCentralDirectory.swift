import Foundation

/// One central-directory record of a zip archive, as stored: the raw name bytes and the fields
/// that decide whether Pace may read the entry (DECISIONS 39 and 169: Pace reads archives with its
/// own parser and zlib alone).
struct ZipDirectoryRecord: Sendable, Hashable {
    /// The position of the record in the central directory, from 0.
    var index: Int
    /// The entry name exactly as stored (UTF-8 or code page 437).
    var nameBytes: [UInt8]
    /// The general-purpose bit flags.
    var flags: UInt16
    /// The compression method (0 stored, 8 deflate, …).
    var method: UInt16
    /// The "version made by" field; its high byte is the host system.
    var versionMadeBy: UInt16
    /// The external file attributes; for Unix hosts the high 16 bits are the `st_mode`.
    var externalAttributes: UInt32
    /// The CRC-32 of the uncompressed bytes.
    var crc32: UInt32
    /// The size of the stored (compressed) bytes, in bytes, from the ZIP64 extra field when needed.
    var compressedSize: UInt64
    /// The size once decompressed, in bytes, from the ZIP64 extra field when needed.
    var uncompressedSize: UInt64
    /// Where the entry's local header starts in the file, in bytes.
    var localHeaderOffset: UInt64

    /// Whether the entry is encrypted (traditional PKWARE or strong encryption).
    var isEncrypted: Bool { flags & 0x0001 != 0 || flags & 0x0040 != 0 }

    /// Whether a Unix or macOS host stored the entry as a symbolic link (`S_IFLNK`).
    var isSymbolicLink: Bool {
        let host = versionMadeBy >> 8
        return (host == 3 || host == 19) && (externalAttributes >> 16) & 0xF000 == 0xA000
    }
}

/// Why a file's central directory cannot be read.
enum ZipDirectoryError: Error {
    /// The file cannot be opened or read.
    case unreadable(any Error)
    /// The file is not a zip archive, or its end records or directory are damaged; the text says which.
    case notAZip(String)
    /// The directory lists more entries than allowed.
    case tooManyEntries(count: UInt64, limit: Int)
}

/// A zip file's central directory: its records and where it starts.
struct ZipDirectory: Sendable {
    /// The records in directory order.
    var records: [ZipDirectoryRecord]
    /// Where the central directory starts, in bytes; every entry's data lies before it.
    var directoryOffset: UInt64
}

/// Reads the end-of-central-directory record (ZIP64 included) and the central directory of a zip
/// file, checking every offset and length against the file before using it.
enum ZipCentralDirectory {
    private static let endSignature: UInt32 = 0x0605_4B50
    private static let zip64LocatorSignature: UInt32 = 0x0706_4B50
    private static let zip64EndSignature: UInt32 = 0x0606_4B50
    private static let recordSignature: UInt32 = 0x0201_4B50
    /// Size of the fixed part of a central-directory record, in bytes.
    private static let recordSize = 46
    /// The central directory is read into memory whole; larger ones are refused (bytes).
    private static let maxDirectoryBytes: UInt64 = 512 << 20

    /// The records of the zip file at `url`, in directory order.
    static func read(at url: URL, maxEntryCount: Int) throws(ZipDirectoryError) -> ZipDirectory {
        let handle: FileHandle
        let size: UInt64
        do {
            handle = try FileHandle(forReadingFrom: url)
            size = try handle.seekToEnd()
        } catch {
            throw .unreadable(error)
        }
        defer { try? handle.close() }
        func read(_ count: Int, at offset: UInt64) throws(ZipDirectoryError) -> [UInt8] {
            guard offset <= size, UInt64(count) <= size - offset else {
                throw .notAZip("a record at byte \(offset) extends past the end of the \(size)-byte file")
            }
            do {
                try handle.seek(toOffset: offset)
                let data = try handle.read(upToCount: count) ?? Data()
                guard data.count == count else { throw ZipDirectoryError.notAZip("the file ended while reading byte \(offset)") }
                return [UInt8](data)
            } catch let error as ZipDirectoryError {
                throw error
            } catch {
                throw .unreadable(error)
            }
        }

        // End of central directory: 22 bytes plus a comment of up to 65 535 bytes, at the end.
        let tailLength = Int(min(size, 22 + 65_535))
        let tail = try read(tailLength, at: size - UInt64(tailLength))
        guard let endIndex = stride(from: tailLength - 22, through: 0, by: -1)
            .first(where: { tail.uint32(at: $0) == endSignature }) else {
            throw .notAZip(size == 0 ? "the file is empty" : "no end-of-central-directory record, so the file is not a zip archive or is truncated")
        }
        let endOffset = size - UInt64(tailLength) + UInt64(endIndex)
        var entryCount = UInt64(tail.uint16(at: endIndex + 10))
        var directorySize = UInt64(tail.uint32(at: endIndex + 12))
        var directoryOffset = UInt64(tail.uint32(at: endIndex + 16))
        var directoryEnd = endOffset

        if endOffset >= 20 {
            let locator = try read(20, at: endOffset - 20)
            if locator.uint32(at: 0) == zip64LocatorSignature {
                let recordOffset = locator.uint64(at: 8)
                let record = try read(56, at: recordOffset)
                guard record.uint32(at: 0) == zip64EndSignature else {
                    throw .notAZip("the ZIP64 end-of-central-directory record is missing or damaged")
                }
                entryCount = record.uint64(at: 32)
                directorySize = record.uint64(at: 40)
                directoryOffset = record.uint64(at: 48)
                directoryEnd = recordOffset
            }
        }
        guard entryCount <= UInt64(maxEntryCount) else { throw .tooManyEntries(count: entryCount, limit: maxEntryCount) }
        guard directoryOffset <= directoryEnd, directorySize <= directoryEnd - directoryOffset else {
            throw .notAZip("the central directory (\(directorySize) bytes at byte \(directoryOffset)) lies outside the file; it is truncated or damaged")
        }
        guard entryCount <= directorySize / UInt64(recordSize), directorySize <= maxDirectoryBytes else {
            throw .notAZip("the central directory's size (\(directorySize) bytes) does not fit its \(entryCount) entries")
        }

        let directory = try read(Int(directorySize), at: directoryOffset)
        var records: [ZipDirectoryRecord] = []
        records.reserveCapacity(Int(entryCount))
        var position = 0
        for index in 0..<Int(entryCount) {
            guard position + recordSize <= directory.count, directory.uint32(at: position) == recordSignature else {
                throw .notAZip("central-directory record \(index + 1) of \(entryCount) is missing or damaged")
            }
            let nameLength = Int(directory.uint16(at: position + 28))
            let extraLength = Int(directory.uint16(at: position + 30))
            let commentLength = Int(directory.uint16(at: position + 32))
            let next = position + recordSize + nameLength + extraLength + commentLength
            guard next <= directory.count else {
                throw .notAZip("central-directory record \(index + 1) of \(entryCount) runs past the directory's end")
            }
            var compressedSize = UInt64(directory.uint32(at: position + 20))
            var uncompressedSize = UInt64(directory.uint32(at: position + 24))
            var localHeaderOffset = UInt64(directory.uint32(at: position + 42))
            if compressedSize == 0xFFFF_FFFF || uncompressedSize == 0xFFFF_FFFF || localHeaderOffset == 0xFFFF_FFFF {
                let extraStart = position + recordSize + nameLength
                guard let zip64 = zip64Values(in: directory[extraStart..<(extraStart + extraLength)],
                                              count: [uncompressedSize, compressedSize, localHeaderOffset].filter { $0 == 0xFFFF_FFFF }.count)
                else {
                    throw .notAZip("central-directory record \(index + 1) of \(entryCount) lacks the ZIP64 sizes it announces")
                }
                var values = zip64.makeIterator()
                if uncompressedSize == 0xFFFF_FFFF { uncompressedSize = values.next()! }
                if compressedSize == 0xFFFF_FFFF { compressedSize = values.next()! }
                if localHeaderOffset == 0xFFFF_FFFF { localHeaderOffset = values.next()! }
            }
            records.append(ZipDirectoryRecord(
                index: index,
                nameBytes: Array(directory[(position + recordSize)..<(position + recordSize + nameLength)]),
                flags: directory.uint16(at: position + 8),
                method: directory.uint16(at: position + 10),
                versionMadeBy: directory.uint16(at: position + 4),
                externalAttributes: directory.uint32(at: position + 38),
                crc32: directory.uint32(at: position + 16),
                compressedSize: compressedSize,
                uncompressedSize: uncompressedSize,
                localHeaderOffset: localHeaderOffset))
            position = next
        }
        return ZipDirectory(records: records, directoryOffset: directoryOffset)
    }

    /// The first `count` 8-byte values of the ZIP64 extended-information extra field (ID 0x0001), if present.
    private static func zip64Values(in extra: ArraySlice<UInt8>, count: Int) -> [UInt64]? {
        let fields = Array(extra)
        var position = 0
        while position + 4 <= fields.count {
            let id = fields.uint16(at: position)
            let size = Int(fields.uint16(at: position + 2))
            guard position + 4 + size <= fields.count else { return nil }
            if id == 0x0001 {
                guard size >= 8 * count else { return nil }
                return (0..<count).map { fields.uint64(at: position + 4 + 8 * $0) }
            }
            position += 4 + size
        }
        return nil
    }

    /// Where the data of the entry `record` starts, read from its local header in the open archive
    /// `handle`, in bytes.
    static func dataOffset(of record: ZipDirectoryRecord, in handle: FileHandle, directoryOffset: UInt64) throws(ZipDirectoryError) -> UInt64 {
        let header: [UInt8]
        do {
            try handle.seek(toOffset: record.localHeaderOffset)
            header = [UInt8](try handle.read(upToCount: 30) ?? Data())
        } catch {
            throw .unreadable(error)
        }
        guard header.count == 30, header.uint32(at: 0) == 0x0403_4B50 else {
            throw .notAZip("the local header of entry \(record.index + 1) at byte \(record.localHeaderOffset) is missing or damaged")
        }
        let start = record.localHeaderOffset + 30 + UInt64(header.uint16(at: 26)) + UInt64(header.uint16(at: 28))
        guard start <= directoryOffset, record.compressedSize <= directoryOffset - start else {
            throw .notAZip("the data of entry \(record.index + 1) (\(record.compressedSize) bytes at byte \(start)) overlaps the central directory")
        }
        return start
    }
}

private extension [UInt8] {
    func uint16(at offset: Int) -> UInt16 { UInt16(self[offset]) | UInt16(self[offset + 1]) << 8 }
    func uint32(at offset: Int) -> UInt32 { UInt32(uint16(at: offset)) | UInt32(uint16(at: offset + 2)) << 16 }
    func uint64(at offset: Int) -> UInt64 { UInt64(uint32(at: offset)) | UInt64(uint32(at: offset + 4)) << 32 }
}
