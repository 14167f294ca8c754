import Foundation
import PaceModel
import PaceStore

extension SamplePredicate {
    /// The predicate as a PostgreSQL condition on the `healthObject` row `o`, its values bound into
    /// `statement`: the dialect's twin of the SQLite backend's `SamplePredicate+SQL.swift`.
    ///
    /// Subqueries stay inside the row's account (`account = o.account`); metadata is matched in the
    /// `metadata` JSONB column, whose values are objects naming their kind (`{"string": "…"}`).
    ///
    /// - Throws: ``StoreError`` as ``validate(for:)`` does, for a predicate that does not fit `type`.
    func postgresCondition(for type: HealthObjectType, into statement: inout PostgresStatement) throws(StoreError) -> String {
        try Self.condition(node, type: type, dates: "o", into: &statement)
    }

    /// The condition on a series sample's values (`v`, a `quantitySeriesValue` row, beside its
    /// sample's row `o`): a date node tests the value's own interval, every other node the sample.
    func postgresSeriesValueCondition(for type: HealthObjectType, into statement: inout PostgresStatement) throws(StoreError) -> String {
        try Self.condition(node, type: type, dates: "v", into: &statement)
    }

    private static func condition(_ node: Node, type: HealthObjectType, dates o: String,
                                  into statement: inout PostgresStatement) throws(StoreError) -> String {
        switch node {
        case .all:
            return "TRUE"
        case .date(let from, let to, let options):
            try checkRange(from: from, to: to)
            var parts: [String] = []
            if let from {
                let value = statement.bind(from.timeIntervalSinceReferenceDate)
                parts.append(options.contains(.strictStartDate) ? "\(o).startDate >= \(value)"
                                                                : "(\(o).endDate > \(value) OR \(o).startDate >= \(value))")
            }
            if let to {
                let value = statement.bind(to.timeIntervalSinceReferenceDate)
                parts.append(options.contains(.strictEndDate) ? "\(o).endDate <= \(value)" : "\(o).startDate < \(value)")
            }
            return parts.isEmpty ? "TRUE" : "(" + parts.joined(separator: " AND ") + ")"
        case .sources(let bundles):
            return "o.sourceBundleIdentifier = ANY(\(statement.bind(bundles)))"
        case .deviceName(let name):
            return "(o.device ->> 'name') = \(statement.bind(name))"
        case .workout(let id):
            let workout = statement.bind(id)
            return """
                (o.uuid IN (SELECT sampleUUID FROM workoutSample WHERE account = o.account AND workoutUUID = \(workout)) \
                OR o.routeWorkout = \(workout))
                """
        case .ids(let ids):
            return "o.uuid = ANY(\(statement.bind(ids)))"
        case .metadata(let key, let value):
            let field = "(o.metadata -> \(statement.bind(key.rawValue)))"
            switch value {
            case .string(let text): return "(\(field) ->> 'string') = \(statement.bind(text))"
            case .integer(let number): return "(\(field) ->> 'integer')::bigint = \(statement.bind(number))"
            case .double(let number): return "(\(field) ->> 'double')::double precision = \(statement.bind(number))"
            case .bool(let flag): return "(\(field) ->> 'bool')::boolean = \(statement.bind(flag))"
            case .date(let date): return "(\(field) ->> 'date')::double precision = \(statement.bind(date.timeIntervalSince1970))"
            case .quantity: return "FALSE"
            }
        case .metadataKey(let key):
            return "(o.metadata ? \(statement.bind(key.rawValue)))"
        case .quantity(let comparison, let quantity):
            let canonical = try canonicalValue(of: quantity, for: type)
            return "o.canonicalValue \(comparison.rawValue) \(statement.bind(canonical))"
        case .activityType(let activity):
            return "o.activityType = \(statement.bind(Int64(activity.rawValue)))"
        case .categoryValue(let comparison, let value):
            try requireCategory(type)
            return "o.categoryValue \(comparison.rawValue) \(statement.bind(Int64(value)))"
        case .workoutDuration(let comparison, let seconds):
            return "o.duration \(comparison.rawValue) \(statement.bind(seconds))"
        case .workoutTotal(let total, let comparison, let quantity):
            let column = total == .distance ? "o.totalDistanceMeters" : "o.totalEnergyBurnedKilocalories"
            return "\(column) \(comparison.rawValue) \(statement.bind(try totalValue(quantity, total)))"
        case .and(let lhs, let rhs):
            let left = try condition(lhs, type: type, dates: o, into: &statement)
            return "(\(left) AND \(try condition(rhs, type: type, dates: o, into: &statement)))"
        case .or(let lhs, let rhs):
            let left = try condition(lhs, type: type, dates: o, into: &statement)
            return "(\(left) OR \(try condition(rhs, type: type, dates: o, into: &statement)))"
        case .not(let inner):
            // A comparison with a NULL column (another kind's) is unknown, which NOT keeps unknown:
            // as in SQLite, such rows match neither the predicate nor its negation.
            return "NOT (\(try condition(inner, type: type, dates: o, into: &statement)))"
        }
    }
}

extension SampleSortDescriptor {
    /// The ORDER BY term on the `healthObject` row `o`.
    var postgresTerm: String {
        let column = switch key {
        case .startDate: "o.startDate"
        case .endDate: "o.endDate"
        case .value: "o.canonicalValue"
        }
        return column + (ascending ? " ASC" : " DESC")
    }
}
