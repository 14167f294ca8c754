public import Foundation

/// The value of category types that have none of their own (Apple's `HKCategoryValue`).
public enum HKCategoryValue: Int, Sendable {
    /// Not applicable: the sample's presence is the information (e.g. a mindful session).
    case notApplicable = 0
}

/// Sleep analysis values (Apple's `HKCategoryValueSleepAnalysis`), with Apple's raw values.
public enum HKCategoryValueSleepAnalysis: Int, Sendable, CaseIterable {
    /// In bed, asleep or not.
    case inBed = 0
    /// Asleep, stage not known.
    case asleepUnspecified = 1
    /// Awake.
    case awake = 2
    /// Core (light) sleep.
    case asleepCore = 3
    /// Deep sleep.
    case asleepDeep = 4
    /// REM sleep.
    case asleepREM = 5

    /// The old name of ``asleepUnspecified``.
    @available(*, deprecated, renamed: "asleepUnspecified")
    public static var asleep: HKCategoryValueSleepAnalysis { .asleepUnspecified }

    /// Every value that means asleep.
    public static var allAsleepValues: Set<HKCategoryValueSleepAnalysis> { [.asleepUnspecified, .asleepCore, .asleepDeep, .asleepREM] }
}

extension HKCategoryValueSleepAnalysis {
    /// Samples whose sleep value is one of `values`.
    public static func predicateForSamples(equalTo values: Set<HKCategoryValueSleepAnalysis>) -> NSPredicate {
        HKQuery.predicateForCategorySamples(equalTo: Set(values.map(\.rawValue)))
    }
}
