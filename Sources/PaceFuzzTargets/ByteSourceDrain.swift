import Foundation
import PaceFormats

/// Reads a ``ByteSource`` to its end in chunks of one size, keeping at most a limit of bytes.
struct ByteSourceDrain {
    /// The result: every byte read, or the error that stopped the reading (and the bytes before it).
    struct Result {
        var bytes: [UInt8]
        var error: (any Error)?
    }

    /// The size of each `read(into:)`, in bytes.
    let chunkSize: Int
    /// The most bytes kept; reading stops once it is passed (the limits under test are lower).
    let limit: Int

    /// Reads `source` until it ends, fails or passes ``limit``.
    func drain(_ source: some ByteSource) -> Result {
        var bytes: [UInt8] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 8)
        defer { buffer.deallocate() }
        do {
            while bytes.count <= limit {
                let count = try source.read(into: buffer)
                if count == 0 { break }
                bytes.append(contentsOf: buffer.prefix(count))
            }
        } catch {
            return Result(bytes: bytes, error: error)
        }
        return Result(bytes: bytes, error: nil)
    }
}
