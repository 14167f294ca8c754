/// How a date predicate treats samples at its edges (Apple's `HKQueryOptions`).
public struct HKQueryOptions: OptionSet, Sendable {
    /// The raw bits, Apple's values.
    public let rawValue: UInt
    /// Options from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// No option: samples overlapping the interval count.
    public static let strictStartDate = HKQueryOptions(rawValue: 1 << 0)
    /// Only samples that end inside the interval count.
    public static let strictEndDate = HKQueryOptions(rawValue: 1 << 1)
}
