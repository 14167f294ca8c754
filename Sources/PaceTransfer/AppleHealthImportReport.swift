public import Foundation
public import PaceModel

/// What an Apple Health import did: counts per kind, duplicates skipped, warnings and rejections.
///
/// Characteristics (`<Me>`) are stored; activity summaries are only counted: the store has no table
/// for them yet, so they are not stored (``notes`` says so).
public struct AppleHealthImportReport: Hashable, Sendable, Codable {
    /// The export's `<ExportDate>`, if it had a readable one.
    public var exportDate: Date?
    /// Items the reader delivered, of every kind (warnings included).
    public var itemsRead = 0
    /// Quantity samples saved.
    public var quantitySamplesImported = 0
    /// Category samples saved.
    public var categorySamplesImported = 0
    /// Workouts saved.
    public var workoutsImported = 0
    /// Workout routes saved (each with its workout, in the workout's transaction).
    public var routesImported = 0
    /// Objects left out because an object with the same sync identifier is already stored
    /// (an earlier import) or appears earlier in this export.
    public var duplicatesSkipped = 0
    /// Sample batches saved, each in one transaction.
    public var batchesSaved = 0
    /// Correlations skipped: Apple lists their inner records at top level too, and those are imported.
    public var correlationsSkipped = 0
    /// `<Me>` elements read (0 or 1).
    public var characteristicsRead = 0
    /// Characteristics (date of birth, biological sex, …) the import changed in the store: set, or
    /// removed by a "not set" value. 0 when the store already held the export's values.
    public var characteristicsStored = 0
    /// `<ActivitySummary>` elements read; counted, not stored.
    public var activitySummariesRead = 0
    /// Warnings of the reader (objects it skipped), all of them.
    public var warningCount = 0
    /// The first ``maximumKeptMessages`` warnings.
    public var warnings: [String] = []
    /// Objects the store refused, all of them.
    public var rejectedCount = 0
    /// The first ``maximumKeptMessages`` rejections, each with its reason.
    public var rejected: [String] = []
    /// Notes on what was not imported and why.
    public var notes: [String] = []

    /// How many warnings and rejections are kept as text, so a huge export stays small in memory.
    public static let maximumKeptMessages = 1000

    /// Quantity and category samples saved.
    public var samplesImported: Int { quantitySamplesImported + categorySamplesImported }

    /// Creates an empty report.
    public init() {}

    mutating func warn(_ message: String) {
        warningCount += 1
        if warnings.count < Self.maximumKeptMessages { warnings.append(message) }
    }

    mutating func reject(_ message: String) {
        rejectedCount += 1
        if rejected.count < Self.maximumKeptMessages { rejected.append(message) }
    }
}

/// Deterministic sync identifiers for imported Apple Health objects, so a re-import is recognised.
///
/// `applehealth:` followed by 32 hex digits: two 64-bit FNV-1a hashes (forward and backward) of a
/// canonical text of the object's type, dates, value, unit and source name. Not a security hash.
enum AppleHealthSyncIdentity {
    static let prefix = "applehealth:"

    static func identifier(of object: HealthObject) -> String {
        let text: String
        switch object {
        case .quantitySample(let sample):
            text = ["q", sample.type.rawValue, number(sample.startDate), number(sample.endDate),
                    "\(sample.quantity.value)", sample.quantity.unit.unitString, sample.source.name].joined(separator: "|")
        case .categorySample(let sample):
            text = ["c", sample.type.rawValue, number(sample.startDate), number(sample.endDate),
                    "\(sample.value)", sample.source.name].joined(separator: "|")
        case .workout(let workout):
            text = ["w", "\(workout.activityType.rawValue)", number(workout.startDate), number(workout.endDate),
                    "\(workout.duration)", quantity(workout.totalDistance), quantity(workout.totalEnergyBurned),
                    workout.source.name].joined(separator: "|")
        case .workoutRoute(let route):
            text = ["r", route.startDate.map(number) ?? "-", route.endDate.map(number) ?? "-",
                    "\(route.locations.count)", route.source.name].joined(separator: "|")
        }
        return prefix + hash(text)
    }

    /// A route's identifier also names its workout's, so equal tracks of two workouts stay apart.
    static func routeIdentifier(of route: WorkoutRoute, workoutIdentifier: String, index: Int) -> String {
        prefix + hash(workoutIdentifier + "|\(index)|" + identifier(of: .workoutRoute(route)))
    }

    /// Sets the sync identifier and version 1; a sync identifier and version the export carried
    /// (from the app that wrote the sample) are kept under ``MetadataKey/originalSyncIdentifier``
    /// and ``MetadataKey/originalSyncVersion``.
    static func tagged(_ metadata: Metadata, identifier: String) -> Metadata {
        var metadata = metadata
        if let original = metadata[.syncIdentifier] { metadata[.originalSyncIdentifier] = original }
        if let original = metadata[.syncVersion] { metadata[.originalSyncVersion] = original }
        metadata.syncIdentifier = identifier
        metadata.syncVersion = 1
        return metadata
    }

    private static func number(_ date: Date) -> String { "\(date.timeIntervalSinceReferenceDate)" }

    private static func quantity(_ quantity: Quantity?) -> String {
        quantity.map { "\($0.value) \($0.unit.unitString)" } ?? "-"
    }

    static func hash(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var forward: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            forward ^= UInt64(byte)
            forward &*= 0x0000_0100_0000_01B3
        }
        var backward: UInt64 = 0x8422_2325_CBF2_9CE4
        for byte in bytes.reversed() {
            backward ^= UInt64(byte)
            backward &*= 0x0000_0100_0000_01B3
        }
        return hex(forward) + hex(backward)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension MetadataKey {
    /// The sync identifier an imported object carried from the app that wrote it (string).
    public static let originalSyncIdentifier: MetadataKey = "org.pace.originalSyncIdentifier"
    /// The sync version an imported object carried from the app that wrote it (integer).
    public static let originalSyncVersion: MetadataKey = "org.pace.originalSyncVersion"
}
