/// What a store holds, as far as its long-running queries watch it.
package struct StoreAreas: OptionSet, Hashable, Sendable {
    /// The raw bits.
    package let rawValue: Int
    /// A set from raw bits.
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// Health objects, their tombstones and the anchors.
    package static let healthObjects = StoreAreas(rawValue: 1 << 0)
    /// Activity summaries.
    package static let activitySummaries = StoreAreas(rawValue: 1 << 1)
}

/// Notifications of committed changes, the primitive of every long-running query.
package protocol ChangeObservingBackend: Sendable {
    /// One element at once, then one after each committed transaction that changed `areas` (quick
    /// successions may coalesce into one), until the consumer stops iterating; commits by other
    /// processes on the same store count too. Long-running queries re-read what they show on each element.
    func commits(touching areas: StoreAreas) -> AsyncThrowingStream<Void, any Error>
}
