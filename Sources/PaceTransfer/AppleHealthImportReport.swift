public import Foundation
public import PaceModel

/// What an Apple Health import did: counts per kind, duplicates skipped, and the items skipped
/// (``warnings``) and refused (``rejected``) as typed ``ImportProblem``s.
///
/// Characteristics (`<Me>`) and activity summaries are stored; correlations are counted and skipped
/// (their inner records are imported).
public struct AppleHealthImportReport: Hashable, Sendable, Encodable {
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
    /// `<ActivitySummary>` elements read.
    public var activitySummariesRead = 0
    /// Days of activity summaries the import added or replaced in the store; 0 when the store
    /// already held the export's values (``HealthStore/saveActivitySummaries(_:)``).
    public var activitySummariesStored = 0
    /// Warnings of the reader (objects it skipped), all of them.
    public var warningCount = 0
    /// The first ``maximumKeptMessages`` warnings: items skipped, with the reader's code and position.
    public var warnings: [ImportProblem] = []
    /// Objects the store refused, all of them.
    public var rejectedCount = 0
    /// The first ``maximumKeptMessages`` rejections: objects refused, each with its code, the object
    /// (``ImportProblem/activity``) and the store's reason.
    public var rejected: [ImportProblem] = []
    /// Notes on what was not imported and why.
    public var notes: [String] = []

    /// How many warnings and rejections are kept as text, so a huge export stays small in memory.
    public static let maximumKeptMessages = 1000

    /// Quantity and category samples saved.
    public var samplesImported: Int { quantitySamplesImported + categorySamplesImported }

    /// Creates an empty report.
    public init() {}

    mutating func warn(_ problem: ImportProblem) {
        warningCount += 1
        if warnings.count < Self.maximumKeptMessages { warnings.append(problem) }
    }

    mutating func reject(_ problem: ImportProblem) {
        rejectedCount += 1
        if rejected.count < Self.maximumKeptMessages { rejected.append(problem) }
    }
}

/// Deterministic sync identifiers for imported Apple Health objects, so a re-import is recognised.
///
/// `applehealth:`, 8 hex digits of the object's start time (``timeKey(_:)``), then 32 hex digits:
/// two 64-bit FNV-1a hashes (forward and backward) of a canonical text of the object's type, dates,
/// value, unit and source name. Not a security hash. The time comes first so that identifiers sort
/// by time: an import appends to the store's sync identifier index instead of inserting at random
/// places (docs/DECISIONS.md, "Time-keyed Apple Health sync identifiers"). Stores imported before
/// the time key had `applehealth:` and the 32 hash digits only; the store's migration
/// `v7-compact-objects` rewrites those to this form.
enum AppleHealthSyncIdentity {
    static let prefix = "applehealth:"

    /// The start time as whole seconds since 1970-01-01 UTC (rounded down, clamped to 0…2³² − 1, so
    /// dates from 1970 to 2106 keep their order); ``timeText(_:)`` writes it.
    static func timeKey(_ start: Date) -> UInt32 {
        let seconds = start.timeIntervalSince1970
        guard seconds > 0 else { return 0 }
        guard seconds < Double(UInt32.max) else { return UInt32.max }
        return UInt32(seconds)
    }

    /// ``timeKey(_:)`` as 8 lower-case hex digits.
    static func timeText(_ start: Date) -> String {
        let digits = String(timeKey(start), radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    static func identifier(of object: HealthObject) -> String {
        let text: String
        let start: Date
        switch object {
        case .quantitySample(let sample):
            text = ["q", sample.type.rawValue, number(sample.startDate), number(sample.endDate),
                    "\(sample.quantity.value)", sample.quantity.unit.unitString, sample.source.name].joined(separator: "|")
            start = sample.startDate
        case .categorySample(let sample):
            text = ["c", sample.type.rawValue, number(sample.startDate), number(sample.endDate),
                    "\(sample.value)", sample.source.name].joined(separator: "|")
            start = sample.startDate
        case .workout(let workout):
            text = ["w", "\(workout.activityType.rawValue)", number(workout.startDate), number(workout.endDate),
                    "\(workout.duration)", quantity(workout.totalDistance), quantity(workout.totalEnergyBurned),
                    workout.source.name].joined(separator: "|")
            start = workout.startDate
        case .workoutRoute(let route):
            text = ["r", route.startDate.map(number) ?? "-", route.endDate.map(number) ?? "-",
                    "\(route.locations.count)", route.source.name].joined(separator: "|")
            start = route.startDate ?? Date(timeIntervalSinceReferenceDate: 0)
        }
        return prefix + timeText(start) + hash(text)
    }

    /// A route's identifier also names its workout's, so equal tracks of two workouts stay apart; its
    /// time key is the route's start, the start date its store row has. The hashed text holds both
    /// identifiers in their ``legacyForm(_:)``, as before time keys, so that inserting the time key
    /// into a route identifier of an older store (migration `v7-compact-objects`) gives this one.
    static func routeIdentifier(of route: WorkoutRoute, workoutIdentifier: String, index: Int) -> String {
        let hashed = legacyForm(workoutIdentifier) + "|\(index)|" + legacyForm(identifier(of: .workoutRoute(route)))
        return prefix + timeText(route.startDate ?? Date(timeIntervalSinceReferenceDate: 0)) + hash(hashed)
    }

    /// An identifier without its time key: `applehealth:` and the 32 hash digits, as imports wrote
    /// them before time keys existed.
    static func legacyForm(_ identifier: String) -> String {
        prefix + identifier.dropFirst(prefix.count + 8)
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
