import Foundation

/// Why an archive was refused when it was opened; each archive type words it for its users.
enum ZipCatalogFailure: Error {
    /// The central directory cannot be read.
    case directory(ZipDirectoryError)
    /// An entry name is a zip-slip tool (`..`, absolute, a drive letter, a backslash, a NUL); the text says which.
    case unsafeName([UInt8], problem: String)
    /// An entry is encrypted.
    case encrypted([UInt8])
    /// An entry is a symbolic link.
    case symbolicLink([UInt8])
    /// The directory's content cannot be read as entries; the text says why.
    case notZip(String, cause: (any Error)?)
    /// The entries declare more than the total allowed (bytes).
    case declaredTotalTooLarge(limit: UInt64)
}

/// The regular files of a zip archive, every entry validated before any is read, and sources that
/// decompress one on demand within the archive's ``ZipLimits``.
///
/// Opening refuses the whole archive for names with `..` components, absolute or drive-letter
/// paths, backslashes or NUL characters, for symbolic links, encrypted entries, and declared sizes
/// above the archive's total — the tools of zip-slip attacks and zip bombs — and for a file entry
/// whose local header is missing or damaged. Names are UTF-8 when the entry says so, code page 437
/// otherwise (``ZipDirectoryRecord/path``).
struct ZipCatalog {
    /// The archive file.
    let url: URL
    /// The limits enforced while reading.
    let limits: ZipLimits
    /// Regular files in directory order (the first of duplicate paths), with their records.
    let files: [(path: String, record: ZipDirectoryRecord)]
    /// The same files by path.
    let byPath: [String: ZipDirectoryRecord]
    /// How many entries the directory lists, directories included.
    let entryCount: Int
    /// Where each file's data starts (bytes), by its record's ``ZipDirectoryRecord/index``: read from
    /// its local header when the archive is opened.
    private let dataOffsets: [Int: UInt64]
    private let budget: ZipByteBudget

    init(url: URL, limits: ZipLimits) throws(ZipCatalogFailure) {
        self.url = url
        self.limits = limits
        let directory: ZipDirectory
        do {
            directory = try ZipCentralDirectory.read(at: url, maxEntryCount: limits.maxEntryCount)
        } catch {
            throw .directory(error)
        }
        let records = directory.records
        for record in records {
            if let problem = Self.unsafeNameProblem(record.nameBytes) { throw .unsafeName(record.nameBytes, problem: problem) }
            if record.isEncrypted { throw .encrypted(record.nameBytes) }
            if record.isSymbolicLink { throw .symbolicLink(record.nameBytes) }
        }

        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw .directory(.unreadable(error))
        }
        defer { try? handle.close() }
        var files: [(path: String, record: ZipDirectoryRecord)] = []
        var byPath: [String: ZipDirectoryRecord] = [:]
        var dataOffsets: [Int: UInt64] = [:]
        var declaredTotal: UInt64 = 0
        for record in records {
            // The raw name passed the safety checks above, and they hold for the path too: decoding
            // keeps every ASCII byte and turns no other byte into ASCII.
            guard let path = record.path else {
                throw .notZip("the name of entry \(record.index + 1) (\(Self.printable(record.nameBytes))) is marked UTF-8 but is not", cause: nil)
            }
            declaredTotal = declaredTotal.addingReportingOverflow(record.uncompressedSize).partialValue
            if declaredTotal > limits.maxTotalUncompressedBytes || declaredTotal < record.uncompressedSize {
                throw .declaredTotalTooLarge(limit: limits.maxTotalUncompressedBytes)
            }
            guard !record.isDirectory, byPath[path] == nil else { continue }
            // Every file's local header is read now, so a damaged archive is refused whole at opening.
            do {
                dataOffsets[record.index] = try ZipCentralDirectory.dataOffset(of: record, in: handle, directoryOffset: directory.directoryOffset)
            } catch {
                throw .directory(error)
            }
            byPath[path] = record
            files.append((path, record))
        }
        self.files = files
        self.byPath = byPath
        self.entryCount = records.count
        self.dataOffsets = dataOffsets
        self.budget = ZipByteBudget(limit: limits.maxTotalUncompressedBytes)
    }

    /// A source over the entry `record`, found at `path`, whose size may not pass `entryLimit` bytes.
    /// - Parameter describe: Turns a failure met while reading into the error the source throws.
    func source(of record: ZipDirectoryRecord, path: String, entryLimit: UInt64?,
                describe: @escaping (ZipReadFailure) -> any Error) throws(ZipCatalogSourceFailure) -> ZipEntryByteSource {
        let meter = ZipEntryMeter(declaredSize: record.uncompressedSize, compressedSize: record.compressedSize,
                                  expectedChecksum: record.crc32, entryLimit: entryLimit, limits: limits, budget: budget)
        guard let dataOffset = dataOffsets[record.index] else {
            throw .directory(.notAZip("entry \(record.index + 1) is not one of the archive's files"))
        }
        do {
            return try ZipEntryByteSource(archiveURL: url, entryPath: path, dataOffset: dataOffset, method: record.method,
                                          meter: meter, describe: describe)
        } catch {
            throw .read(error)
        }
    }

    /// Why an entry name is unsafe, or `nil` when it is a plain relative path.
    static func unsafeNameProblem(_ name: [UInt8]) -> String? {
        if name.isEmpty { return "is empty" }
        if name.contains(0) { return "contains a NUL character" }
        if name.contains(UInt8(ascii: "\\")) { return "contains a backslash (a Windows path separator)" }
        if name.first == UInt8(ascii: "/") { return "is an absolute path" }
        if name.count >= 2, name[1] == UInt8(ascii: ":"),
           (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(name[0] & 0xDF) {
            return "starts with a drive letter"
        }
        if name.split(separator: UInt8(ascii: "/")).contains(where: { $0.elementsEqual("..".utf8) }) {
            return "has a '..' component"
        }
        return nil
    }

    /// `name` quoted for a message: control characters escaped, at most 200 characters.
    static func printable(_ name: [UInt8]) -> String {
        var text = ""
        for scalar in String(decoding: name, as: UTF8.self).unicodeScalars.prefix(200) {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                text += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return "'\(text)'"
    }
}

/// Why a source over an entry could not be opened.
enum ZipCatalogSourceFailure: Error {
    /// The entry's local header cannot be read.
    case directory(ZipDirectoryError)
    /// The entry cannot be read (method, sizes).
    case read(ZipReadFailure)
}
