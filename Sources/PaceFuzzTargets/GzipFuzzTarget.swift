import Foundation
import PaceFormats

extension FuzzTarget {
    /// gzip: ``GzipByteSource`` on any bytes, read twice, in 64 KiB and in 7-byte chunks. Both reads
    /// must give the same bytes, or fail with the same ``GzipError`` having delivered bytes that agree
    /// (the small reads at most one read short of the large ones); the output never passes the
    /// limit, and a failure is only ever a `GzipError`.
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
        let smallRead = 7
        let large = read(chunkSize: 64 * 1024)
        let small = read(chunkSize: smallRead)
        try check.require(large.bytes.count <= Int(limit), "produced \(large.bytes.count) bytes past the \(limit)-byte limit")
        switch (large.error, small.error) {
        case (nil, nil):
            try check.require(large.bytes == small.bytes,
                              "64 KiB reads gave \(large.bytes.count) bytes, 7-byte reads \(small.bytes.count) (or other bytes)")
            return .decoded
        case (let first as GzipError, let second as GzipError):
            // The read that reaches a failure throws instead of returning the bytes it inflated, so
            // each side stops somewhere before the failure: the 64 KiB reads up to 64 KiB − 1 bytes
            // short of it, the 7-byte reads up to 6. What both delivered must agree, and the small
            // reads may stop short of the large ones only by less than one small read (a large read
            // can end exactly where the failure starts; a small read straddling it gives nothing).
            let agree = small.bytes.count >= large.bytes.count
                ? small.bytes.starts(with: large.bytes) : large.bytes.starts(with: small.bytes)
            try check.require(agree, "before failing, 64 KiB reads gave \(large.bytes.count) bytes and 7-byte reads \(small.bytes.count) that differ")
            try check.require(large.bytes.count - small.bytes.count < smallRead,
                              "before failing, 7-byte reads gave \(small.bytes.count) bytes, more than a read short of the 64 KiB reads' \(large.bytes.count)")
            try check.require(first.code == second.code, "64 KiB reads failed with \(first.code), 7-byte reads with \(second.code)")
            try check.require(first.offset <= UInt64(data.count), "failure \(first.code) at byte \(first.offset) of \(data.count)")
            try check.require(first.code != .readFailed, "an in-memory read failed with \(first.code)")
            return .refused(code: first.code.rawValue)
        case (let first, let second):
            throw FuzzInvariantViolation(target: "gzip", message: "reads ended differently or not with a GzipError: \(String(describing: first)) / \(String(describing: second))")
        }
    }
}
