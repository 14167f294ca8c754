import Foundation
import PaceModel

/// Why decompressing one zip entry stopped; the archive turns it into its format's error.
enum ZipReadFailure: Error {
    /// The entry produced more bytes than its header declares (`declared`, bytes).
    case exceedsDeclaredSize(declared: UInt64)
    /// The entry ended after `produced` bytes although its header declares `declared` bytes.
    case shorterThanDeclared(produced: UInt64, declared: UInt64)
    /// The entry expanded beyond `limit`:1 (`produced` bytes from the first `compressed` bytes).
    case ratioExceeded(limit: UInt64, produced: UInt64, compressed: UInt64)
    /// The archive as a whole produced more than `limit` bytes.
    case totalExceeded(limit: UInt64)
    /// The entry is larger than the `limit` (bytes) set for its kind.
    case entryTooLarge(limit: UInt64)
    /// The CRC-32 of the produced bytes differs from the one in the directory.
    case checksumMismatch(expected: UInt32, computed: UInt32)
    /// The compression method is neither stored (0) nor deflate (8).
    case unsupportedMethod(UInt16)
    /// The compressed data cannot be read or inflated.
    case corrupt(any Error)
}

/// Bytes all entries of one archive have produced so far, shared by every read of that archive
/// (export.xml sources, which may be read on another thread, and route reads), guarded by a lock.
final class ZipByteBudget: Sendable {
    private let used = Locked<UInt64>(0)
    /// The most bytes allowed, in bytes.
    let limit: UInt64

    init(limit: UInt64) { self.limit = limit }

    /// Counts `count` more bytes.
    /// - Throws: ``ZipReadFailure/totalExceeded(limit:)`` when the total passes the limit.
    func spend(_ count: Int) throws(ZipReadFailure) {
        let total = used.withLock { used in
            used += UInt64(count)
            return used
        }
        if total > limit { throw .totalExceeded(limit: limit) }
    }
}

/// Checks one entry's bytes as they are produced: never more than declared, never beyond the
/// per-entry cap, the compression ratio, or the archive's budget; then the length and CRC-32.
struct ZipEntryMeter: Sendable {
    /// The uncompressed size the directory declares, in bytes.
    let declaredSize: UInt64
    /// The compressed size the directory declares, in bytes.
    let compressedSize: UInt64
    /// The CRC-32 the directory declares.
    let expectedChecksum: UInt32
    /// The largest size allowed for this entry, in bytes (`nil`: only the declared size).
    let entryLimit: UInt64?
    /// The archive's limits.
    let limits: ZipLimits
    /// The archive's shared running total.
    let budget: ZipByteBudget
    /// Bytes produced so far.
    private(set) var produced: UInt64 = 0

    init(declaredSize: UInt64, compressedSize: UInt64, expectedChecksum: UInt32, entryLimit: UInt64?,
         limits: ZipLimits, budget: ZipByteBudget) {
        self.declaredSize = declaredSize
        self.compressedSize = compressedSize
        self.expectedChecksum = expectedChecksum
        self.entryLimit = entryLimit
        self.limits = limits
        self.budget = budget
    }

    /// Checks the sizes an entry declares before any byte is read.
    func checkDeclaration(method: UInt16) throws(ZipReadFailure) {
        guard method == 0 || method == 8 else { throw .unsupportedMethod(method) }
        if let entryLimit, declaredSize > entryLimit { throw .entryTooLarge(limit: entryLimit) }
        // A stored entry is copied byte for byte, so both sizes must agree.
        if method == 0, compressedSize > declaredSize { throw .exceedsDeclaredSize(declared: declaredSize) }
        if method == 0, compressedSize < declaredSize { throw .shorterThanDeclared(produced: compressedSize, declared: declaredSize) }
    }

    /// Counts `count` more bytes of output, `consumed` compressed bytes having been inflated so far.
    ///
    /// The ratio is judged on the compressed bytes consumed, not on the entry's whole compressed
    /// size: judged on the whole, a bomb whose entry is large (64 KB of deflated zeros) was inflated
    /// to the end — 64 MiB, or a GiB from a 1 MB entry — before its ratio showed.
    mutating func add(_ count: Int, consumed: UInt64) throws(ZipReadFailure) {
        guard count > 0 else { return }
        produced += UInt64(count)
        if produced > declaredSize { throw .exceedsDeclaredSize(declared: declaredSize) }
        if let entryLimit, produced > entryLimit { throw .entryTooLarge(limit: entryLimit) }
        if produced > limits.ratioCheckThresholdBytes {
            let (allowed, overflow) = max(consumed, 1).multipliedReportingOverflow(by: limits.maxCompressionRatio)
            if !overflow, produced > allowed {
                throw .ratioExceeded(limit: limits.maxCompressionRatio, produced: produced, compressed: consumed)
            }
        }
        try budget.spend(count)
    }

    /// Checks, once the entry has ended, that it had its declared length and checksum.
    func finish(computedChecksum: UInt32) throws(ZipReadFailure) {
        guard produced == declaredSize else { throw .shorterThanDeclared(produced: produced, declared: declaredSize) }
        guard computedChecksum == expectedChecksum else {
            throw .checksumMismatch(expected: expectedChecksum, computed: computedChecksum)
        }
    }
}
