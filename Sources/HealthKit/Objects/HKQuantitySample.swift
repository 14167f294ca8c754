public import Foundation
import PaceModel

/// An amount over an interval, e.g. heart rate or steps (Apple's `HKQuantitySample`).
///
/// ```swift
/// let beat = HKQuantitySample(type: HKQuantityType(.heartRate),
///                             quantity: HKQuantity(unit: .count().unitDivided(by: .minute()), doubleValue: 152),
///                             start: now, end: now)
/// ```
public final class HKQuantitySample: HKSample, @unchecked Sendable {
    init(_ sample: QuantitySample, metadataProblem: HKError? = nil) {
        super.init(.quantitySample(sample), metadataProblem: metadataProblem)
    }

    /// A sample of `quantity` from `startDate` to `endDate`, with the app as its source.
    public convenience init(type quantityType: HKQuantityType, quantity: HKQuantity, start startDate: Date, end endDate: Date) {
        self.init(type: quantityType, quantity: quantity, start: startDate, end: endDate, device: nil, metadata: nil)
    }

    /// A sample with metadata.
    public convenience init(type quantityType: HKQuantityType, quantity: HKQuantity, start startDate: Date, end endDate: Date,
                            metadata: [String: Any]?) {
        self.init(type: quantityType, quantity: quantity, start: startDate, end: endDate, device: nil, metadata: metadata)
    }

    /// A sample with the device that measured it and metadata.
    public convenience init(type quantityType: HKQuantityType, quantity: HKQuantity, start startDate: Date, end endDate: Date,
                            device: HKDevice?, metadata: [String: Any]?) {
        let (paceMetadata, problem) = HKObject.metadata(metadata)
        self.init(QuantitySample(type: quantityType.quantityIdentifier, quantity: quantity.quantity, start: startDate,
                                 end: endDate, source: HKAppIdentity.source, device: device?.device, metadata: paceMetadata),
                  metadataProblem: problem)
    }

    private var sample: QuantitySample {
        guard case .quantitySample(let sample) = object else { preconditionFailure("an HKQuantitySample holds a quantity sample") }
        return sample
    }

    /// The sample's quantity type.
    public var quantityType: HKQuantityType { HKQuantityType(pace: sample.type) }
    /// The amount.
    public var quantity: HKQuantity { HKQuantity(sample.quantity) }
    /// How many values the sample holds: 1, or more for a series sample (its ``quantity`` is then
    /// the values' sum for a cumulative type, their mean for a discrete one).
    public var count: Int { sample.count }
}

/// A value from a list over an interval, e.g. a sleep stage (Apple's `HKCategorySample`).
public final class HKCategorySample: HKSample, @unchecked Sendable {
    init(_ sample: CategorySample, metadataProblem: HKError? = nil) {
        super.init(.categorySample(sample), metadataProblem: metadataProblem)
    }

    /// A sample of `value` (one of the type's values, e.g. `HKCategoryValueSleepAnalysis.asleepCore.rawValue`).
    public convenience init(type: HKCategoryType, value: Int, start startDate: Date, end endDate: Date) {
        self.init(type: type, value: value, start: startDate, end: endDate, device: nil, metadata: nil)
    }

    /// A sample with metadata.
    public convenience init(type: HKCategoryType, value: Int, start startDate: Date, end endDate: Date, metadata: [String: Any]?) {
        self.init(type: type, value: value, start: startDate, end: endDate, device: nil, metadata: metadata)
    }

    /// A sample with the device that measured it and metadata.
    public convenience init(type: HKCategoryType, value: Int, start startDate: Date, end endDate: Date, device: HKDevice?,
                            metadata: [String: Any]?) {
        let (paceMetadata, problem) = HKObject.metadata(metadata)
        self.init(CategorySample(type: type.categoryIdentifier, value: value, start: startDate, end: endDate,
                                 source: HKAppIdentity.source, device: device?.device, metadata: paceMetadata),
                  metadataProblem: problem)
    }

    private var sample: CategorySample {
        guard case .categorySample(let sample) = object else { preconditionFailure("an HKCategorySample holds a category sample") }
        return sample
    }

    /// The sample's category type.
    public var categoryType: HKCategoryType { HKCategoryType(pace: sample.type) }
    /// The value.
    public var value: Int { sample.value }
}
