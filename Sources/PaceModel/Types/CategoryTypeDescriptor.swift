/// One enumerated value of a category type: HealthKit's raw `Int` and its
/// Swift case name (e.g. `3` / `"asleepCore"` for sleep analysis).
public struct CategoryValue: Sendable, Hashable, Codable {
    /// HealthKit's raw value, as stored in `HKCategorySample.value`.
    public let rawValue: Int
    /// HealthKit's Swift case name for the value, e.g. `"asleepREM"`.
    public let name: String

    /// Creates a value entry.
    public init(rawValue: Int, name: String) {
        self.rawValue = rawValue
        self.name = name
    }
}

/// Static facts about one category type: its name, group and the values its
/// samples may take.
public struct CategoryTypeDescriptor: Sendable, Hashable {
    /// The type this descriptor describes.
    public let identifier: CategoryTypeIdentifier
    /// Human-readable name, e.g. "Sleep".
    public let displayName: String
    /// Browse group the type is listed under.
    public let group: TypeGroup
    /// Name of the HealthKit value enumeration, e.g. `"HKCategoryValueSeverity"`.
    public let valueSetName: String
    /// Every value HealthKit defines for the type, in ascending raw-value order.
    public let values: [CategoryValue]

    /// Creates a descriptor. The catalogue builds these; clients normally read
    /// ``CategoryTypeIdentifier/descriptor`` instead.
    public init(
        identifier: CategoryTypeIdentifier,
        displayName: String,
        group: TypeGroup,
        valueSetName: String,
        values: [CategoryValue]
    ) {
        self.identifier = identifier
        self.displayName = displayName
        self.group = group
        self.valueSetName = valueSetName
        self.values = values
    }

    /// The case name for `rawValue`, or `nil` if HealthKit defines no such value.
    public func valueName(for rawValue: Int) -> String? {
        values.first { $0.rawValue == rawValue }?.name
    }

    /// The raw value whose name matches `name` (case-insensitive; `-`, `_` and
    /// spaces ignored, so `"asleep-core"` finds `asleepCore`), or `nil`.
    public func rawValue(named name: String) -> Int? {
        let wanted = CatalogueNaming.normalize(name)
        return values.first { CatalogueNaming.normalize($0.name) == wanted }?.rawValue
    }
}

/// HealthKit's category value enumerations (`HKCategoryValue…`), shared by
/// the category types that use them.
enum CategoryValueSet {
    /// Builds a value list from `(rawValue, name)` pairs.
    private static func make(_ pairs: [(Int, String)]) -> [CategoryValue] {
        pairs.map { CategoryValue(rawValue: $0.0, name: $0.1) }
    }

    /// `HKCategoryValue`: types that carry no value.
    static let notApplicable = make([(0, "notApplicable")])
    /// `HKCategoryValueAppleStandHour`.
    static let appleStandHour = make([(0, "stood"), (1, "idle")])
    /// `HKCategoryValueAppetiteChanges`.
    static let appetiteChanges = make([(0, "unspecified"), (1, "noChange"), (2, "decreased"), (3, "increased")])
    /// `HKCategoryValueAppleWalkingSteadinessEvent`.
    static let appleWalkingSteadinessEvent = make([
        (1, "initialLow"), (2, "initialVeryLow"), (3, "repeatLow"), (4, "repeatVeryLow"),
    ])
    /// `HKCategoryValueAudioExposureEvent` (deprecated).
    static let audioExposureEvent = make([(1, "loudEnvironment")])
    /// `HKCategoryValueCervicalMucusQuality`.
    static let cervicalMucusQuality = make([
        (1, "dry"), (2, "sticky"), (3, "creamy"), (4, "watery"), (5, "eggWhite"),
    ])
    /// `HKCategoryValueContraceptive`.
    static let contraceptive = make([
        (1, "unspecified"), (2, "implant"), (3, "injection"), (4, "intrauterineDevice"),
        (5, "intravaginalRing"), (6, "oral"), (7, "patch"),
    ])
    /// `HKCategoryValueEnvironmentalAudioExposureEvent`.
    static let environmentalAudioExposureEvent = make([(1, "momentaryLimit")])
    /// `HKCategoryValueHeadphoneAudioExposureEvent`.
    static let headphoneAudioExposureEvent = make([(1, "sevenDayLimit")])
    /// `HKCategoryValueLowCardioFitnessEvent`.
    static let lowCardioFitnessEvent = make([(1, "lowFitness")])
    /// `HKCategoryValueOvulationTestResult` (the deprecated alias `positive` = 2 is omitted).
    static let ovulationTestResult = make([
        (1, "negative"), (2, "luteinizingHormoneSurge"), (3, "indeterminate"), (4, "estrogenSurge"),
    ])
    /// `HKCategoryValuePregnancyTestResult` and `HKCategoryValueProgesteroneTestResult`.
    static let testResult = make([(1, "negative"), (2, "positive"), (3, "indeterminate")])
    /// `HKCategoryValuePresence` (note: present is 0, notPresent is 1).
    static let presence = make([(0, "present"), (1, "notPresent")])
    /// `HKCategoryValueSeverity`.
    static let severity = make([
        (0, "unspecified"), (1, "notPresent"), (2, "mild"), (3, "moderate"), (4, "severe"),
    ])
    /// `HKCategoryValueSleepAnalysis` (the deprecated alias `asleep` = 1 is omitted).
    static let sleepAnalysis = make([
        (0, "inBed"), (1, "asleepUnspecified"), (2, "awake"), (3, "asleepCore"), (4, "asleepDeep"), (5, "asleepREM"),
    ])
    /// `HKCategoryValueVaginalBleeding` (same values as the older `HKCategoryValueMenstrualFlow`).
    static let vaginalBleeding = make([
        (1, "unspecified"), (2, "light"), (3, "medium"), (4, "heavy"), (5, "none"),
    ])
}
