/// Any kind of health object Pace stores, identified the way HealthKit
/// identifies it. Codable as its identifier string.
public enum HealthObjectType: Hashable, Sendable {
    /// A quantity type (numeric samples with a unit).
    case quantity(QuantityTypeIdentifier)
    /// A category type (samples with an enumerated `Int` value).
    case category(CategoryTypeIdentifier)
    /// A characteristic (unchanging fact about the user).
    case characteristic(CharacteristicTypeIdentifier)
    /// Workouts (`HKWorkoutTypeIdentifier`).
    case workout
    /// Workout GPS routes (`HKWorkoutRouteTypeIdentifier`).
    case workoutRoute
    /// Daily activity rings (`HKActivitySummaryTypeIdentifier`, ``ActivitySummary``): read-only for
    /// clients, as in HealthKit.
    case activitySummary

    /// HealthKit's identifier for the workout type, `"HKWorkoutTypeIdentifier"`.
    public static let workoutIdentifier = "HKWorkoutTypeIdentifier"
    /// HealthKit's identifier for the workout route type, `"HKWorkoutRouteTypeIdentifier"`.
    public static let workoutRouteIdentifier = "HKWorkoutRouteTypeIdentifier"
    /// HealthKit's identifier for the activity summary type, `"HKActivitySummaryTypeIdentifier"`.
    public static let activitySummaryIdentifier = "HKActivitySummaryTypeIdentifier"

    /// HealthKit's identifier string, e.g. `"HKQuantityTypeIdentifierHeartRate"`.
    public var identifier: String {
        switch self {
        case .quantity(let id): id.rawValue
        case .category(let id): id.rawValue
        case .characteristic(let id): id.rawValue
        case .workout: Self.workoutIdentifier
        case .workoutRoute: Self.workoutRouteIdentifier
        case .activitySummary: Self.activitySummaryIdentifier
        }
    }

    /// HealthKit's Swift short name, e.g. `"heartRate"`, `"sleepAnalysis"`,
    /// `"workout"`, `"workoutRoute"`.
    public var name: String {
        switch self {
        case .quantity(let id): id.name
        case .category(let id): id.name
        case .characteristic(let id): id.name
        case .workout: "workout"
        case .workoutRoute: "workoutRoute"
        case .activitySummary: "activitySummary"
        }
    }

    /// Human-readable name, e.g. "Heart Rate" or "Workout Route".
    public var displayName: String {
        switch self {
        case .quantity(let id): id.displayName
        case .category(let id): id.displayName
        case .characteristic(let id): id.displayName
        case .workout: "Workout"
        case .workoutRoute: "Workout Route"
        case .activitySummary: "Activity Summary"
        }
    }

    /// Whether clients may only read objects of this type (characteristics and activity summaries,
    /// which the user or the system sets): HealthKit refuses to ask for permission to share them.
    public var isReadOnly: Bool {
        switch self {
        case .characteristic, .activitySummary: true
        case .quantity, .category, .workout, .workoutRoute: false
        }
    }

    /// Browse group; workouts and routes are ``TypeGroup/activity``,
    /// characteristics have none.
    public var group: TypeGroup? {
        switch self {
        case .quantity(let id): id.group
        case .category(let id): id.group
        case .characteristic: nil
        case .workout, .workoutRoute, .activitySummary: .activity
        }
    }

    /// Every type: quantities, then categories, characteristics, workout,
    /// workout route and activity summary, each in declaration order.
    public static var allTypes: [HealthObjectType] { cachedAllTypes }

    /// Resolves an exact HealthKit identifier string (case-sensitive).
    /// - Throws: ``TypeIdentifierError`` (with a suggestion when a known
    ///   identifier is close) if the string names no known type.
    public init(identifier: String) throws(TypeIdentifierError) {
        guard let type = Self.byIdentifier[identifier] else {
            throw TypeIdentifierError(
                identifier: identifier, suggestion: Self.suggestion(for: identifier, lenient: false))
        }
        self = type
    }

    /// Resolves either a HealthKit identifier or a short Swift name
    /// (`"heartRate"`, `"HeartRate"`, `"heart-rate"`, `"workout"`,
    /// `"workoutRoute"`), case-insensitively and ignoring `-`, `_` and spaces.
    /// Intended for command-line input.
    /// - Throws: ``TypeIdentifierError`` if nothing matches.
    public init(lenient name: String) throws(TypeIdentifierError) {
        if let type = Self.lenientTable[CatalogueNaming.normalize(name)] {
            self = type
        } else {
            throw TypeIdentifierError(identifier: name, suggestion: Self.suggestion(for: name, lenient: true))
        }
    }

    // MARK: Lookup support

    private static let cachedAllTypes: [HealthObjectType] =
        QuantityTypeIdentifier.allCases.map(HealthObjectType.quantity)
        + CategoryTypeIdentifier.allCases.map(HealthObjectType.category)
        + CharacteristicTypeIdentifier.allCases.map(HealthObjectType.characteristic)
        + [.workout, .workoutRoute, .activitySummary]

    private static let byIdentifier: [String: HealthObjectType] =
        Dictionary(uniqueKeysWithValues: cachedAllTypes.map { ($0.identifier, $0) })

    private static let lenientTable: [String: HealthObjectType] = {
        var table: [String: HealthObjectType] = [:]
        for type in cachedAllTypes {
            table[CatalogueNaming.normalize(type.identifier)] = type
            table[CatalogueNaming.normalize(type.name)] = type
        }
        return table
    }()

    /// The closest identifier (strict) or identifier/name (lenient) to
    /// `input`, if its edit distance is within a third of the type's short
    /// name length (at least 2).
    private static func suggestion(for input: String, lenient: Bool) -> String? {
        let wanted = CatalogueNaming.normalize(input)
        guard !wanted.isEmpty else { return nil }
        var best: (distance: Int, text: String)?
        for type in cachedAllTypes {
            let name = type.name
            let byIdentifier = CatalogueNaming.editDistance(wanted, CatalogueNaming.normalize(type.identifier))
            let byName = CatalogueNaming.editDistance(wanted, CatalogueNaming.normalize(name))
            let distance = min(byIdentifier, byName)
            guard distance <= max(2, name.count / 3) else { continue }
            if best.map({ distance < $0.distance }) ?? true {
                let text = lenient && byName < byIdentifier ? name : type.identifier
                best = (distance, text)
            }
        }
        return best?.text
    }
}

extension HealthObjectType: CustomStringConvertible {
    /// The HealthKit identifier string.
    public var description: String { identifier }
}

extension HealthObjectType: Codable {
    /// Decodes from a single identifier string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let string = try container.decode(String.self)
        do {
            try self.init(identifier: string)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes as a single identifier string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }
}
