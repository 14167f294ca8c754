/// How much a zip archive may expand while Pace reads it: the defences against zip bombs and
/// absurd archives, enforced while entries are decompressed, never trusted from headers alone.
///
/// The defaults fit real Apple Health exports, whose `export.xml` is often several GB and
/// compresses about 10–30:1, while stopping archives built to exhaust memory, disk or time.
/// Tests set small values to exercise each defence quickly.
///
/// ```swift
/// var limits = ZipLimits()
/// limits.maxTotalUncompressedBytes = 1 << 30 // 1 GiB
/// let archive = try AppleHealthExportArchive(url: zipURL, limits: limits)
/// ```
public struct ZipLimits: Sendable, Hashable {
    /// The most bytes, all entries together, that one archive may declare or that reading it may
    /// produce, in bytes. Default 64 GiB: several times the largest exports seen in the field.
    public var maxTotalUncompressedBytes: UInt64

    /// The highest expansion of one entry, as uncompressed bytes per compressed byte (a ratio, no
    /// unit). Default 1000: deflate cannot exceed about 1032:1, and XML compresses far less, so only
    /// streams of repeated bytes (the usual bomb) come near it.
    public var maxCompressionRatio: UInt64

    /// How many bytes of an entry are decompressed before ``maxCompressionRatio`` is enforced, in
    /// bytes. Default 8 MiB, so that small, highly repetitive files are never refused.
    public var ratioCheckThresholdBytes: UInt64

    /// The largest route file (`workout-routes/*.gpx`) that is read into memory, in bytes.
    /// Default 128 MiB: a GPX of a 24-hour activity sampled every second is about 10 MB.
    public var maxRouteBytes: UInt64

    /// The most entries an archive may list in its central directory (a count). Default 500 000:
    /// exports hold one file per route and per ECG, a few thousand at most.
    public var maxEntryCount: Int

    /// Creates limits; every parameter defaults to the documented default.
    /// - Parameters:
    ///   - maxTotalUncompressedBytes: Total bytes declared or produced, in bytes (default 64 GiB).
    ///   - maxCompressionRatio: Highest uncompressed-to-compressed ratio of one entry (default 1000).
    ///   - ratioCheckThresholdBytes: Bytes produced before the ratio is checked, in bytes (default 8 MiB).
    ///   - maxRouteBytes: Largest route file, in bytes (default 128 MiB).
    ///   - maxEntryCount: Most entries in the archive (default 500 000).
    public init(maxTotalUncompressedBytes: UInt64 = 64 << 30, maxCompressionRatio: UInt64 = 1000,
                ratioCheckThresholdBytes: UInt64 = 8 << 20, maxRouteBytes: UInt64 = 128 << 20,
                maxEntryCount: Int = 500_000) {
        self.maxTotalUncompressedBytes = maxTotalUncompressedBytes
        self.maxCompressionRatio = maxCompressionRatio
        self.ratioCheckThresholdBytes = ratioCheckThresholdBytes
        self.maxRouteBytes = maxRouteBytes
        self.maxEntryCount = maxEntryCount
    }
}
