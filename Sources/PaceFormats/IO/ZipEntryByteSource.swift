import Foundation
import CPaceZlib

/// One entry of a zip archive, decompressed on demand as a ``ByteSource`` in constant memory.
///
/// Each ``read(into:)`` reads at most 64 KiB of the entry's compressed bytes — never a byte
/// outside the range the central directory gives it — and inflates them with zlib straight into
/// the caller's buffer, so memory stays near 100 KiB whatever the entry's size, no thread is
/// involved, and releasing the source early simply closes its file. Every call checks what it
/// produced against the entry's declared size and the ``ZipLimits`` (compression ratio, the
/// archive's total); the end of the entry checks its length and CRC-32. A failure is thrown by the
/// `read(into:)` that reaches it and by every later call; bytes delivered before it are not
/// retracted, so callers must treat a thrown error as fatal for everything read from the source.
///
/// ZIPFoundation's own Linux inflater is not used for reading: it ignores the entry's compressed
/// size and, given a deflate stream that never ends, spins forever at the end of the file.
///
/// ```swift
/// let archive = try AppleHealthExportArchive(url: zipURL)
/// let source = try archive.exportXML()
/// var buffer = [UInt8](repeating: 0, count: 65_536)
/// while case let count = try buffer.withUnsafeMutableBytes({ try source.read(into: $0) }), count > 0 {
///     // use buffer[0..<count]
/// }
/// ```
public final class ZipEntryByteSource: ByteSource {
    /// The entry's path inside the archive, as stored (for example `apple_health_export/export.xml`).
    public let entryPath: String
    /// The uncompressed size the archive declares for the entry, in bytes; reading enforces it.
    public let declaredSize: UInt64

    /// Compressed bytes read from the file per step.
    static let inputSize = 64 * 1024

    private let handle: FileHandle
    private let method: UInt16
    private var remainingInput: UInt64
    private var meter: ZipEntryMeter
    private let describe: (ZipReadFailure) -> any Error
    private let input: UnsafeMutableRawBufferPointer
    private let stream: UnsafeMutablePointer<z_stream>
    private var streamReady = false
    private var streamEnded = false
    private var checksum: UInt32 = 0
    private var ended = false
    private var failure: (any Error)?

    /// Opens the entry whose compressed bytes are the `compressedSize` bytes at `dataOffset` of `archiveURL`.
    init(archiveURL: URL, entryPath: String, dataOffset: UInt64, method: UInt16, meter: ZipEntryMeter,
         describe: @escaping (ZipReadFailure) -> any Error) throws(ZipReadFailure) {
        self.entryPath = entryPath
        self.declaredSize = meter.declaredSize
        self.method = method
        self.remainingInput = meter.compressedSize
        self.meter = meter
        self.describe = describe
        try meter.checkDeclaration(method: method)
        do {
            handle = try FileHandle(forReadingFrom: archiveURL)
            try handle.seek(toOffset: dataOffset)
        } catch {
            throw .corrupt(error)
        }
        input = .allocate(byteCount: Self.inputSize, alignment: 16)
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        if method == 8 {
            streamReady = inflateInit2_(stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        }
    }

    deinit {
        if streamReady { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
        input.deallocate()
        try? handle.close()
    }

    /// Copies the next decompressed bytes of the entry.
    /// - Parameter buffer: Where to copy; up to `buffer.count` bytes.
    /// - Returns: The number of bytes copied; `0` only at the end of the entry.
    /// - Throws: ``AppleHealthError`` (for sources from ``AppleHealthExportArchive``) when the entry
    ///   exceeds its declared size or a ``ZipLimits`` limit, is shorter than declared, fails its
    ///   CRC-32, or cannot be inflated. Once thrown, every later call throws the same error.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if let failure { throw failure }
        guard let base = buffer.baseAddress, buffer.count > 0, !ended else { return 0 }
        do {
            let count = method == 0 ? try copyStored(into: base, count: buffer.count)
                                    : try inflate(into: base, count: buffer.count)
            if count > 0 {
                // Compressed bytes read from the file, less those zlib has not taken yet.
                let consumed = meter.compressedSize - remainingInput - (method == 8 ? UInt64(stream.pointee.avail_in) : 0)
                try meter.add(count, consumed: consumed)
                checksum = UInt32(crc32(uLong(checksum), base.assumingMemoryBound(to: Bytef.self), uInt(count)))
            } else {
                try meter.finish(computedChecksum: checksum)
                ended = true
            }
            return count
        } catch let reason as ZipReadFailure {
            let error = describe(reason)
            failure = error
            throw error
        } catch {
            let error = describe(.corrupt(error))
            failure = error
            throw error
        }
    }

    /// A stored entry: the next bytes of its range, as they are.
    private func copyStored(into base: UnsafeMutableRawPointer, count: Int) throws -> Int {
        let wanted = Int(min(UInt64(count), remainingInput))
        guard wanted > 0 else { return 0 }
        let got = try readFile(into: UnsafeMutableRawBufferPointer(start: base, count: wanted))
        remainingInput -= UInt64(got)
        if got == 0 { remainingInput = 0 }
        return got
    }

    /// A deflated entry: inflate until some output is produced, the stream ends, or the input runs out.
    private func inflate(into base: UnsafeMutableRawPointer, count: Int) throws -> Int {
        guard streamReady else { throw ZipReadFailure.corrupt(ZipInflateError(description: "zlib could not be initialised")) }
        if streamEnded { return 0 }
        stream.pointee.next_out = base.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(min(count, Int(UInt32.max)))
        let room = Int(stream.pointee.avail_out)
        while true {
            if stream.pointee.avail_in == 0, remainingInput > 0 {
                let got = try readFile(into: UnsafeMutableRawBufferPointer(start: input.baseAddress,
                                                                           count: Int(min(UInt64(Self.inputSize), remainingInput))))
                remainingInput = got == 0 ? 0 : remainingInput - UInt64(got)
                stream.pointee.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_in = uInt(got)
            }
            let status = CZlibShim.inflate(stream)
            let produced = room - Int(stream.pointee.avail_out)
            switch status {
            case Z_STREAM_END:
                streamEnded = true
                return produced
            case Z_OK, Z_BUF_ERROR:
                if produced > 0 { return produced }
                if stream.pointee.avail_in == 0, remainingInput == 0 {
                    throw ZipReadFailure.corrupt(ZipInflateError(description: "the compressed data ends before the deflate stream does"))
                }
                if status == Z_BUF_ERROR {
                    throw ZipReadFailure.corrupt(ZipInflateError(description: "the deflate stream makes no progress"))
                }
            default:
                let message = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(status)"
                throw ZipReadFailure.corrupt(ZipInflateError(description: "invalid deflate data: \(message)"))
            }
        }
    }

    /// Reads from the archive file with `read(2)`, retrying when interrupted; `0` at its end.
    private func readFile(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            #if canImport(Glibc)
            let count = Glibc.read(handle.fileDescriptor, buffer.baseAddress, buffer.count)
            #else
            let count = Darwin.read(handle.fileDescriptor, buffer.baseAddress, buffer.count)
            #endif
            if count >= 0 { return count }
            if errno == EINTR { continue }
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }
}

/// Why zlib could not inflate an entry.
struct ZipInflateError: Error, CustomStringConvertible {
    /// What went wrong.
    var description: String
}

/// zlib's `inflate`, named apart from the byte sources' own methods (used by
/// ``ZipEntryByteSource`` and ``GzipByteSource``).
enum CZlibShim {
    static func inflate(_ stream: UnsafeMutablePointer<z_stream>) -> Int32 {
        CPaceZlib.inflate(stream, Z_NO_FLUSH)
    }
}
