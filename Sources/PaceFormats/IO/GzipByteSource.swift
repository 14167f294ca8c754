import Foundation
import CPaceZlib

/// A gzip stream (RFC 1952: `ride.gpx.gz`, `activity.fit.gz`, as Strava's bulk export and many
/// tools write them) decompressed on demand as a ``ByteSource`` in constant memory.
///
/// zlib checks each member's header, CRC-32 and length; members written back to back (`cat a.gz
/// b.gz`) are read as one stream, as `gzip -d` does. Decompression stops with a ``GzipError`` when the
/// output passes ``maximumOutputBytes`` or, after the first ``ratioCheckThresholdBytes``, expands
/// more than ``maximumRatio`` times the compressed bytes read (a gzip bomb). A failure is thrown by
/// the ``read(into:)`` that reaches it and by every later call; bytes delivered before it stay
/// delivered, so callers treat a thrown error as fatal for everything read from the source.
///
/// ```swift
/// let source = try GzipByteSource(FileByteSource(url: url), maximumOutputBytes: 1 << 30)
/// let document = try GPXReader().read(source: source, file: url.path)
/// ```
public final class GzipByteSource: ByteSource {
    /// The most bytes decompression may produce, in bytes.
    public let maximumOutputBytes: UInt64
    /// The highest expansion allowed, as output bytes per compressed byte (a ratio, no unit).
    public let maximumRatio: UInt64
    /// Output bytes produced before ``maximumRatio`` is enforced, in bytes.
    public let ratioCheckThresholdBytes: UInt64

    /// Compressed bytes read from the underlying source per step.
    static let inputSize = 64 * 1024

    private let source: any ByteSource
    private let input: UnsafeMutableRawBufferPointer
    private let stream: UnsafeMutablePointer<z_stream>
    private var streamReady = false
    private var sourceEnded = false
    /// The current member ended; the next input byte starts another member or the end.
    private var memberEnded = false
    private var members = 0
    private var ended = false
    private var failure: GzipError?
    private var compressedRead: UInt64 = 0
    private var produced: UInt64 = 0

    /// Wraps a source of gzip bytes.
    /// - Parameters:
    ///   - source: The compressed bytes (a file, usually).
    ///   - maximumOutputBytes: The most bytes decompression may produce, in bytes (default 4 GiB).
    ///   - maximumRatio: Highest output-to-input ratio, no unit (default 1000; deflate cannot exceed
    ///     about 1032:1 and activity files compress about 5–20:1).
    ///   - ratioCheckThresholdBytes: Output bytes before the ratio is checked, in bytes (default 8 MiB).
    public init(_ source: any ByteSource, maximumOutputBytes: UInt64 = 4 << 30, maximumRatio: UInt64 = 1000,
                ratioCheckThresholdBytes: UInt64 = 8 << 20) {
        self.source = source
        self.maximumOutputBytes = maximumOutputBytes
        self.maximumRatio = maximumRatio
        self.ratioCheckThresholdBytes = ratioCheckThresholdBytes
        input = .allocate(byteCount: Self.inputSize, alignment: 16)
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // 16 + 15: a gzip wrapper (not zlib's, not raw deflate) around a 32 KiB window.
        streamReady = inflateInit2_(stream, 16 + MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
    }

    deinit {
        if streamReady { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
        input.deallocate()
    }

    /// `true` when `bytes` begin with gzip's magic number (`1f 8b`).
    public static func isGzip(_ bytes: some Collection<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        return iterator.next() == 0x1F && iterator.next() == 0x8B
    }

    /// Copies the next decompressed bytes.
    /// - Parameter buffer: Where to copy; up to `buffer.count` bytes.
    /// - Returns: The number of bytes copied; `0` only at the end of the last member.
    /// - Throws: ``GzipError`` when the data is not gzip, is corrupt or truncated, fails its CRC-32 or
    ///   length, passes a limit, or the underlying source fails. Once thrown, every later call throws it.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if let failure { throw failure }
        guard let base = buffer.baseAddress, buffer.count > 0, !ended else { return 0 }
        do throws(GzipError) {
            let count = try inflate(into: base, count: buffer.count)
            if count == 0 { ended = true }
            return count
        } catch {
            failure = error
            throw error
        }
    }

    private func inflate(into base: UnsafeMutableRawPointer, count: Int) throws(GzipError) -> Int {
        guard streamReady else { throw GzipError(code: .corrupt, message: "zlib could not be initialised", offset: 0) }
        stream.pointee.next_out = base.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(min(count, Int(UInt32.max)))
        let room = Int(stream.pointee.avail_out)
        while true {
            if stream.pointee.avail_in == 0, !sourceEnded { try refill() }
            if memberEnded {
                // Another member follows only if bytes are left; the end of the input ends the stream.
                // Zero bytes after a member (padding some writers add) are skipped, as `gzip -d` does.
                while stream.pointee.avail_in > 0, stream.pointee.next_in.pointee == 0 {
                    stream.pointee.next_in += 1
                    stream.pointee.avail_in -= 1
                }
                if stream.pointee.avail_in == 0 {
                    if sourceEnded { return 0 }
                    continue
                }
                guard stream.pointee.next_in.pointee == 0x1F else {
                    throw GzipError(code: .trailingData, message: "bytes that are not gzip follow the end of its compressed data",
                                    offset: consumedOffset)
                }
                guard inflateReset(stream) == Z_OK else {
                    throw GzipError(code: .corrupt, message: "zlib could not start the next member", offset: consumedOffset)
                }
                memberEnded = false
            }
            let before = consumedOffset
            let status = CZlibShim.inflate(stream)
            let done = room - Int(stream.pointee.avail_out)
            switch status {
            case Z_STREAM_END:
                members += 1
                memberEnded = true
                try account(done)
                if done > 0 { return done }
            case Z_OK, Z_BUF_ERROR:
                if done > 0 {
                    try account(done)
                    return done
                }
                if stream.pointee.avail_in == 0, sourceEnded {
                    throw GzipError(code: .truncated, message: members == 0 && compressedRead == 0
                        ? "the file is empty" : "the compressed data ends before the gzip stream does (the file is cut short)",
                                    offset: compressedRead)
                }
                if status == Z_BUF_ERROR, stream.pointee.avail_in > 0 {
                    throw GzipError(code: .corrupt, message: "the deflate stream makes no progress", offset: before)
                }
            default:
                let detail = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(status)"
                let inHeader = members == 0 && consumedOffset <= 10 && (detail.contains("header") || detail.contains("method"))
                let code: GzipError.Code = inHeader ? .notGzip : .corrupt
                throw GzipError(code: code, message: code == .notGzip ? "it is not gzip data (\(detail))" : "invalid gzip data: \(detail)",
                                offset: code == .notGzip ? 0 : consumedOffset)
            }
        }
    }

    /// Bytes of the compressed input zlib has consumed: the offset of the next byte it will read.
    private var consumedOffset: UInt64 { compressedRead - UInt64(stream.pointee.avail_in) }

    private func refill() throws(GzipError) {
        let got: Int
        do {
            got = try source.read(into: input)
        } catch {
            throw GzipError(code: .readFailed, message: "reading the compressed file failed: \(error)", offset: compressedRead)
        }
        if got == 0 { sourceEnded = true }
        compressedRead += UInt64(got)
        stream.pointee.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_in = uInt(got)
    }

    private func account(_ count: Int) throws(GzipError) {
        produced += UInt64(count)
        if produced > maximumOutputBytes {
            throw GzipError(code: .tooLarge, message: "it expands to more than \(maximumOutputBytes) bytes, the most accepted",
                            offset: consumedOffset)
        }
        if produced > ratioCheckThresholdBytes, produced > maximumRatio * max(1, consumedOffset) {
            throw GzipError(code: .ratioExceeded,
                            message: "it expands more than \(maximumRatio) times (\(produced) bytes from \(consumedOffset)), as only a gzip bomb does",
                            offset: consumedOffset)
        }
    }
}

/// Why a gzip stream could not be read, and where in the compressed bytes.
public struct GzipError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of problem.
    public enum Code: String, Sendable, Hashable {
        /// The bytes do not start with a gzip header.
        case notGzip
        /// The header, the deflate data, the CRC-32 or the length check is wrong.
        case corrupt
        /// The compressed data ends before the stream does.
        case truncated
        /// Bytes that are not another gzip member follow the stream.
        case trailingData
        /// The output passed ``GzipByteSource/maximumOutputBytes``.
        case tooLarge
        /// The output passed ``GzipByteSource/maximumRatio`` times the input (a gzip bomb).
        case ratioExceeded
        /// The underlying source failed.
        case readFailed
    }

    /// The kind of problem.
    public var code: Code
    /// What is wrong, without the offset.
    public var message: String
    /// The byte offset in the compressed file where the problem was found.
    public var offset: UInt64

    /// Creates an error.
    /// - Parameters:
    ///   - code: The kind of problem.
    ///   - message: What is wrong.
    ///   - offset: Byte offset in the compressed data.
    public init(code: Code, message: String, offset: UInt64) {
        self.code = code
        self.message = message
        self.offset = offset
    }

    /// `gzip, byte 1234: invalid gzip data: incorrect data check`.
    public var description: String { "gzip, byte \(offset): \(message)" }
}
