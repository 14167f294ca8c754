import Foundation
import PaceFormats

extension FuzzTarget {
    /// gzip: ``GzipByteSource`` on any bytes, read twice, in 64 KiB and in 7-byte chunks. Both reads
    /// must give the same bytes, or fail with the same ``GzipError`` (the small reads having delivered
/// at least the bytes the large ones did); the
    /// output never passes the limit, and a failure is only ever a `GzipError`.
    static let gzip = FuzzTarget(
        name: "gzip",
        summary: "GzipByteSource: chunk-size independent, bounded output, only GzipError",
        seedFiles: [
            FuzzSeedFiles("Tests/PaceFormatsTests/Fixtures/gzip", extensions: ["gz"]),
            FuzzSeedFiles("Tests/PaceFormatsTests/Fixtures/gpx", extensions: ["gz"]),
        ]
    ) { (data) throws(FuzzInvariantViolation) -> FuzzOutcome in
        let check = FuzzCheck(target: "gzip")
        let limit: UInt64 = 4 << 20
        func read(chunkSize: Int) -> ByteSourceDrain.Result {
            let source = GzipByteSource(DataByteSource(data), maximumOutputBytes: limit, ratioCheckThresholdBytes: 1 << 20)
            return ByteSourceDrain(chunkSize: chunkSize, limit: Int(limit) + 1).drain(source)
        }
        let large = read(chunkSize: 64 * 1024)
        let small = read(chunkSize: 7)
        try check.require(large.bytes.count <= Int(limit), "produced \(large.bytes.count) bytes past the \(limit)-byte limit")
        switch (large.error, small.error) {
        case (nil, nil):
            try check.require(large.bytes == small.bytes,
                              "64 KiB reads gave \(large.bytes.count) bytes, 7-byte reads \(small.bytes.count) (or other bytes)")
            return .decoded
        case (let first as GzipError, let second as GzipError):
            // The read that reaches a failure throws instead of returning the bytes it inflated, so
            // small reads deliver more of the stream first; what both delivered must agree.
            try check.require(small.bytes.starts(with: large.bytes),
                              "before failing, 64 KiB reads gave \(large.bytes.count) bytes that 7-byte reads (\(small.bytes.count)) do not start with")
            try check.require(first.code == second.code, "64 KiB reads failed with \(first.code), 7-byte reads with \(second.code)")
            try check.require(first.offset <= UInt64(data.count), "failure \(first.code) at byte \(first.offset) of \(data.count)")
            try check.require(first.code != .readFailed, "an in-memory read failed with \(first.code)")
            return .refused(code: first.code.rawValue)
        case (let first, let second):
            throw FuzzInvariantViolation(target: "gzip", message: "reads ended differently or not with a GzipError: \(String(describing: first)) / \(String(describing: second))")
        }
    }
}
