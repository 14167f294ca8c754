public import Foundation

/// A forward-only source of bytes, read in chunks: a file, a buffer in memory, or an entry being
/// decompressed out of a zip archive. Readers that stream (XML, FIT) pull from one, so a file of any
/// size is read in constant memory.
///
/// A source is used from one thread at a time; it is a class because reading moves its position.
public protocol ByteSource: AnyObject {
    /// Copies up to `buffer.count` bytes into `buffer`.
    /// - Returns: The number of bytes copied; `0` only at the end of the source.
    /// - Throws: The underlying I/O or decompression error.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

/// The bytes of a `Data` value as a ``ByteSource``.
public final class DataByteSource: ByteSource {
    private let data: Data
    private var position: Int

    /// Creates a source that yields `data` from its first byte.
    /// - Parameter data: The bytes.
    public init(_ data: Data) {
        self.data = data
        self.position = data.startIndex
    }

    /// The bytes not yet read.
    var remainingCount: Int { data.endIndex - position }

    /// Copies the next bytes of the data.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(buffer.count, data.endIndex - position)
        guard count > 0 else { return 0 }
        data.copyBytes(to: buffer.bindMemory(to: UInt8.self), from: position..<(position + count))
        position += count
        return count
    }
}

/// A file read with `read(2)` as a ``ByteSource``; the file descriptor is closed when the source is
/// released.
public final class FileByteSource: ByteSource {
    private let handle: FileHandle

    /// The file's size in bytes when it was opened.
    public let size: UInt64

    /// Opens a file for reading.
    /// - Parameter url: A `file:` URL.
    /// - Throws: The error `FileHandle` reports when the file cannot be opened.
    public init(url: URL) throws {
        handle = try FileHandle(forReadingFrom: url)
        size = (try? handle.seekToEnd()) ?? 0
        try handle.seek(toOffset: 0)
    }

    deinit { try? handle.close() }

    /// Reads the next bytes of the file, retrying when interrupted by a signal.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            #if canImport(Glibc)
            let count = Glibc.read(handle.fileDescriptor, base, buffer.count)
            #else
            let count = Darwin.read(handle.fileDescriptor, base, buffer.count)
            #endif
            if count >= 0 { return count }
            if errno == EINTR { continue }
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }
}
