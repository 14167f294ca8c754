public import Foundation
import PaceStore

/// Sorting samples by start date (the key of an `NSSortDescriptor`).
public let HKSampleSortIdentifierStartDate = "startDate"
/// Sorting samples by end date (the key of an `NSSortDescriptor`).
public let HKSampleSortIdentifierEndDate = "endDate"

extension NSSortDescriptor {
    /// A sort descriptor by key, as HealthKit apps write them: `NSSortDescriptor(key:
    /// HKSampleSortIdentifierStartDate, ascending: false)`.
    ///
    /// Foundation on Linux has no key-value coding, so this initialiser (which it marks
    /// unavailable) comes from the HealthKit module, for the keys HealthKit sorts by: `startDate`
    /// and `endDate`. Another key makes the query that uses it fail with ``HKError/Code/errorInvalidArgument``.
    public convenience init(key: String?, ascending: Bool) {
        switch key {
        case HKSampleSortIdentifierStartDate: self.init(keyPath: \HKSample.startDate, ascending: ascending)
        case HKSampleSortIdentifierEndDate: self.init(keyPath: \HKSample.endDate, ascending: ascending)
        default: self.init(keyPath: \HKObject.uuid, ascending: ascending)
        }
    }
}

enum HKSortDescriptors {
    /// Pace's sort descriptors for an app's; by start date, oldest first, when there are none.
    static func pace(_ descriptors: [NSSortDescriptor]?) throws(HKError) -> [SampleSortDescriptor] {
        guard let descriptors, !descriptors.isEmpty else { return [.startDate()] }
        return try descriptors.map { (descriptor: NSSortDescriptor) throws(HKError) -> SampleSortDescriptor in
            if descriptor.keyPath == \HKSample.startDate { return .startDate(ascending: descriptor.ascending) }
            if descriptor.keyPath == \HKSample.endDate { return .endDate(ascending: descriptor.ascending) }
            throw HKError(.errorInvalidArgument,
                          message: "Pace sorts samples by \(HKSampleSortIdentifierStartDate) or \(HKSampleSortIdentifierEndDate) only.")
        }
    }
}
