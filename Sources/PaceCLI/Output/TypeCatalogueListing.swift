import PaceModel

/// One catalogue entry as `pace types --json` prints it. Field names are stable.
struct TypeCatalogueEntry: Encodable, Hashable {
    /// HealthKit's identifier, e.g. `"HKQuantityTypeIdentifierHeartRate"` or `"HKWorkoutActivityTypeRunning"`.
    var identifier: String
    /// The short name the CLI accepts, e.g. `"heartRate"` or `"running"`.
    var name: String
    /// Display name, e.g. `"Heart Rate"`.
    var displayName: String
    /// `quantity`, `category`, `characteristic`, `workout`, `route` or `activity`.
    var kind: String
    /// The type's group, e.g. `"heart"`, if it has one.
    var group: String?
    /// Quantity types: HealthKit's aggregation style.
    var aggregationStyle: String?
    /// Quantity types: the unit Pace stores values in, a HealthKit unit string.
    var canonicalUnit: String?
    /// Workout activities: HealthKit's raw value.
    var rawValue: UInt?
}

/// Builds and renders `pace types`.
enum TypeCatalogueListing {
    static func entries(filter: String?, kind: TypeKind?, group: TypeGroup?) -> [TypeCatalogueEntry] {
        var all: [TypeCatalogueEntry] = HealthObjectType.allTypes.map(entry)
        all += WorkoutActivityType.allCases.map { activity in
            TypeCatalogueEntry(identifier: activity.hkIdentifier, name: activity.name, displayName: activity.displayName,
                               kind: TypeKind.activity.rawValue, group: nil, aggregationStyle: nil, canonicalUnit: nil,
                               rawValue: activity.rawValue)
        }
        let needle = filter?.lowercased()
        return all.filter { entry in
            (kind == nil || entry.kind == kind?.rawValue)
                && (group == nil || entry.group == group?.rawValue)
                && (needle.map { needle in [entry.identifier, entry.name, entry.displayName].contains { $0.lowercased().contains(needle) } } ?? true)
        }
    }

    private static func entry(_ type: HealthObjectType) -> TypeCatalogueEntry {
        switch type {
        case .quantity(let id):
            let descriptor = id.descriptor
            return TypeCatalogueEntry(identifier: id.rawValue, name: "\(id)", displayName: descriptor.displayName,
                                      kind: "quantity", group: descriptor.group.rawValue,
                                      aggregationStyle: descriptor.aggregationStyle.rawValue,
                                      canonicalUnit: descriptor.canonicalUnitString, rawValue: nil)
        case .category(let id):
            return TypeCatalogueEntry(identifier: id.rawValue, name: "\(id)", displayName: id.descriptor.displayName,
                                      kind: "category", group: id.descriptor.group.rawValue,
                                      aggregationStyle: nil, canonicalUnit: nil, rawValue: nil)
        case .characteristic(let id):
            return TypeCatalogueEntry(identifier: id.rawValue, name: "\(id)", displayName: type.displayName,
                                      kind: "characteristic", group: type.group?.rawValue,
                                      aggregationStyle: nil, canonicalUnit: nil, rawValue: nil)
        case .workout:
            return TypeCatalogueEntry(identifier: type.identifier, name: "workout", displayName: type.displayName,
                                      kind: "workout", group: type.group?.rawValue, aggregationStyle: nil, canonicalUnit: nil, rawValue: nil)
        case .workoutRoute:
            return TypeCatalogueEntry(identifier: type.identifier, name: "workoutRoute", displayName: type.displayName,
                                      kind: "route", group: type.group?.rawValue, aggregationStyle: nil, canonicalUnit: nil, rawValue: nil)
        case .activitySummary:
            return TypeCatalogueEntry(identifier: type.identifier, name: "activitySummary", displayName: type.displayName,
                                      kind: "activitySummary", group: type.group?.rawValue, aggregationStyle: nil, canonicalUnit: nil,
                                      rawValue: nil)
        }
    }

    static func text(_ entries: [TypeCatalogueEntry]) -> String {
        guard !entries.isEmpty else { return "No type matches. Run 'pace types' without a filter to see them all." }
        let rows = entries.map { entry in
            [entry.name, entry.kind, entry.group ?? "-", entry.aggregationStyle ?? "-", entry.canonicalUnit ?? "-", entry.identifier]
        }
        return TextTable.render(header: ["NAME", "KIND", "GROUP", "AGGREGATION", "UNIT", "IDENTIFIER"], rows: rows)
            + "\n\(entries.count) type\(entries.count == 1 ? "" : "s")"
    }
}
