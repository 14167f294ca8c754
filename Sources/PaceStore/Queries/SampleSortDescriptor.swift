/// How a sample query orders its results, like HealthKit's sort descriptors.
///
/// Ties are broken by the order the objects were saved.
///
/// ```swift
/// let latest = try await store.samples(matching: .quantity(.heartRate), sort: [.endDate(ascending: false)], limit: 1)
/// ```
public struct SampleSortDescriptor: Sendable, Hashable {
    /// What to sort by.
    public enum Key: String, Sendable, Hashable {
        /// The object's start date.
        case startDate
        /// The object's end date.
        case endDate
        /// A quantity sample's value in its type's canonical unit (other objects sort first).
        case value
    }

    /// What to sort by.
    public var key: Key
    /// `true` for oldest or smallest first.
    public var ascending: Bool

    /// Creates a sort descriptor.
    public init(_ key: Key, ascending: Bool = true) {
        self.key = key
        self.ascending = ascending
    }

    /// By start date.
    public static func startDate(ascending: Bool = true) -> SampleSortDescriptor { .init(.startDate, ascending: ascending) }
    /// By end date.
    public static func endDate(ascending: Bool = true) -> SampleSortDescriptor { .init(.endDate, ascending: ascending) }
    /// By value in the canonical unit.
    public static func value(ascending: Bool = true) -> SampleSortDescriptor { .init(.value, ascending: ascending) }

    /// The ORDER BY term over `healthObject o`.
    var sqlTerm: String {
        let column = switch key {
        case .startDate: "o.startDate"
        case .endDate: "o.endDate"
        case .value: "(SELECT canonicalValue FROM quantitySample WHERE anchor = o.anchor)"
        }
        return column + (ascending ? " ASC" : " DESC")
    }
}
