public import Foundation
public import PaceModel

/// One object read from an Apple Health export, handed to the caller's handler as soon as it is complete.
public enum AppleHealthExportItem: Sendable {
    /// A `<Record>` of a quantity type (`HKQuantityTypeIdentifier…`).
    case quantitySample(QuantitySample)
    /// A `<Record>` of a category type (`HKCategoryTypeIdentifier…`).
    case categorySample(CategorySample)
    /// A `<Correlation>` (blood pressure, food) with its inner records.
    ///
    /// Apple's DTD notes that records inside a correlation *also* appear as top-level `<Record>`s,
    /// which arrive as separate ``quantitySample(_:)``/``categorySample(_:)`` items: store either
    /// those or these, not both.
    case correlation(AppleHealthCorrelation)
    /// A `<Workout>` with its events, statistics and metadata. Its routes follow as ``workoutRoute(_:)``.
    case workout(Workout)
    /// A `<WorkoutRoute>` of the workout delivered just before (`workoutID` is that workout's `id`),
    /// read from its `<FileReference>` GPX file or its inline `<Location>` elements.
    case workoutRoute(WorkoutRoute)
    /// The `<Me>` element's characteristics.
    case characteristics(AppleHealthCharacteristics)
    /// An `<ActivitySummary>` (one day of Move/Exercise/Stand rings; exercise in minutes, standing
    /// as a count of hours). Not validated here: the store refuses a negative value.
    case activitySummary(ActivitySummary)
    /// Something skipped while reading; reading continues.
    case warning(AppleHealthWarning)
}

/// The user's characteristics from the export's `<Me>` element; `nil` when absent or not set.
public struct AppleHealthCharacteristics: Hashable, Sendable {
    /// Date of birth (`year`, `month`, `day`).
    public var dateOfBirth: DateComponents?
    /// Biological sex.
    public var biologicalSex: BiologicalSex?
    /// Blood type.
    public var bloodType: BloodType?
    /// Fitzpatrick skin type.
    public var fitzpatrickSkinType: FitzpatrickSkinType?
    /// Wheelchair use.
    public var wheelchairUse: WheelchairUse?
    /// Activity move mode.
    public var activityMoveMode: ActivityMoveMode?

    /// Creates characteristics.
    public init(dateOfBirth: DateComponents? = nil, biologicalSex: BiologicalSex? = nil, bloodType: BloodType? = nil,
                fitzpatrickSkinType: FitzpatrickSkinType? = nil, wheelchairUse: WheelchairUse? = nil,
                activityMoveMode: ActivityMoveMode? = nil) {
        self.dateOfBirth = dateOfBirth
        self.biologicalSex = biologicalSex
        self.bloodType = bloodType
        self.fitzpatrickSkinType = fitzpatrickSkinType
        self.wheelchairUse = wheelchairUse
        self.activityMoveMode = activityMoveMode
    }
}

/// A `<Correlation>` (for example `HKCorrelationTypeIdentifierBloodPressure`) and the records inside it.
public struct AppleHealthCorrelation: Hashable, Sendable {
    /// The correlation type identifier as written in the export.
    public var type: String
    /// The start of the correlation.
    public var startDate: Date
    /// The end of the correlation.
    public var endDate: Date
    /// The app that wrote it.
    public var source: Source
    /// The device, if the export names one.
    public var device: Device?
    /// The correlation's own metadata.
    public var metadata: Metadata
    /// The quantity records inside it.
    public var quantitySamples: [QuantitySample]
    /// The category records inside it.
    public var categorySamples: [CategorySample]

    /// Creates a correlation.
    public init(type: String, startDate: Date, endDate: Date, source: Source, device: Device? = nil,
                metadata: Metadata = Metadata(), quantitySamples: [QuantitySample] = [],
                categorySamples: [CategorySample] = []) {
        self.type = type
        self.startDate = startDate
        self.endDate = endDate
        self.source = source
        self.device = device
        self.metadata = metadata
        self.quantitySamples = quantitySamples
        self.categorySamples = categorySamples
    }
}

/// What a read delivered: counts per kind, the export date, and the first warnings.
public struct AppleHealthExportSummary: Hashable, Sendable {
    /// The `<ExportDate value=…>`, if present and readable.
    public var exportDate: Date?
    /// Quantity samples delivered (top-level records only).
    public var quantitySampleCount = 0
    /// Category samples delivered (top-level records only).
    public var categorySampleCount = 0
    /// Correlations delivered.
    public var correlationCount = 0
    /// Workouts delivered.
    public var workoutCount = 0
    /// Workout routes delivered.
    public var workoutRouteCount = 0
    /// Activity summaries delivered.
    public var activitySummaryCount = 0
    /// All warnings, including those not kept in ``warnings``.
    public var warningCount = 0
    /// The first ``maximumKeptWarnings`` warnings (every warning also goes to the handler).
    public var warnings: [AppleHealthWarning] = []

    /// How many warnings ``warnings`` keeps, so a huge export with many unknown types stays small in memory.
    public static let maximumKeptWarnings = 1000

    /// Creates an empty summary.
    public init() {}
}
