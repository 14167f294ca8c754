public import Foundation

/// A sample type and a predicate, for queries of several types at once (Apple's `HKQueryDescriptor`).
public final class HKQueryDescriptor: NSObject, @unchecked Sendable {
    /// The samples' type.
    public let sampleType: HKSampleType
    /// Which samples, when given.
    public let predicate: NSPredicate?

    /// A descriptor of `sampleType`'s samples matching `predicate` (all when `nil`).
    public init(sampleType: HKSampleType, predicate: NSPredicate?) {
        self.sampleType = sampleType
        self.predicate = predicate
    }
}
