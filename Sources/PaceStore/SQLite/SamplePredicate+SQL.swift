import Foundation
import GRDB
import PaceModel

/// A WHERE fragment over `healthObject o` and its bound arguments.
struct SQLCondition {
    var sql: String
    var arguments: StatementArguments
}

extension SamplePredicate {
    /// The predicate as SQL over `healthObject o`, every value bound.
    ///
    /// - Parameter type: The queried type; quantity comparisons convert to its canonical unit.
    func sqlCondition(for type: HealthObjectType) throws(StoreError) -> SQLCondition {
        try Self.condition(node, type: type, dates: "o")
    }

    /// The condition on a series sample's values (`v`, a `quantitySeriesValue` row, joined to its
    /// sample's `healthObject o`): a date node tests the value's own interval, every other node the
    /// sample — a value matches when the predicate holds with its interval in place of the sample's.
    func seriesValueCondition(for type: HealthObjectType) throws(StoreError) -> SQLCondition {
        try Self.condition(node, type: type, dates: "v")
    }

    private static func condition(_ node: Node, type: HealthObjectType, dates o: String) throws(StoreError) -> SQLCondition {
        switch node {
        case .all:
            return SQLCondition(sql: "1", arguments: [])
        case .date(let from, let to, let options):
            try checkRange(from: from, to: to)
            var parts: [String] = []
            var arguments: StatementArguments = []
            if let from {
                let value = StoreCoding.value(from)
                if options.contains(.strictStartDate) {
                    parts.append("\(o).startDate >= ?")
                    arguments += [value]
                } else {
                    parts.append("(\(o).endDate > ? OR \(o).startDate >= ?)")
                    arguments += [value, value]
                }
            }
            if let to {
                let value = StoreCoding.value(to)
                if options.contains(.strictEndDate) {
                    parts.append("\(o).endDate <= ?")
                } else {
                    parts.append("\(o).startDate < ?")
                }
                arguments += [value]
            }
            return SQLCondition(sql: parts.isEmpty ? "1" : "(" + parts.joined(separator: " AND ") + ")", arguments: arguments)
        case .sources(let bundles):
            return inList("o.sourceBundleIdentifier", bundles)
        case .deviceName(let name):
            return SQLCondition(sql: "o.deviceID IN (SELECT id FROM device WHERE json_extract(json, '$.name') = ?)",
                                arguments: [name])
        case .workout(let id):
            let text = StoreCoding.text(id)
            return SQLCondition(sql: WorkoutSampleRule.condition, arguments: [text, text])
        case .ids(let ids):
            return inList("o.uuid", ids.map(StoreCoding.text))
        case .metadata(let key, let value):
            let bound: (path: String, value: any DatabaseValueConvertible)
            switch value {
            case .string(let text): bound = ("$.string", text)
            case .integer(let number): bound = ("$.integer", number)
            case .double(let number): bound = ("$.double", number)
            case .bool(let flag): bound = ("$.bool", flag)
            case .date(let date): bound = ("$.date", date.timeIntervalSince1970)
            case .quantity: return SQLCondition(sql: "0", arguments: [])
            }
            let inJSON = SQLCondition(sql: """
                EXISTS (SELECT 1 FROM json_each(o.metadata) m WHERE m.key = ? AND json_extract(m.value, ?) = ?)
                """, arguments: [key.rawValue, bound.path, bound.value])
            // A string sync identifier and an integer sync version are in their columns only (StoreCoding.isInSyncColumn).
            guard StoreCoding.isInSyncColumn(key, value) else { return inJSON }
            let column = key == .syncIdentifier ? "o.syncIdentifier" : "o.syncVersion"
            return SQLCondition(sql: """
                ((\(column) = ? AND json_type(o.metadata, ?) IS NULL) OR \(inJSON.sql))
                """, arguments: [bound.value, "$.\"\(key.rawValue)\""] + inJSON.arguments)
        case .metadataKey(let key):
            let inJSON = "EXISTS (SELECT 1 FROM json_each(o.metadata) m WHERE m.key = ?)"
            // The sync identifier and version may be in their columns only (StoreCoding.isInSyncColumn).
            switch key {
            case .syncIdentifier: return SQLCondition(sql: "(o.syncIdentifier IS NOT NULL OR \(inJSON))", arguments: [key.rawValue])
            case .syncVersion: return SQLCondition(sql: "(o.syncVersion IS NOT NULL OR \(inJSON))", arguments: [key.rawValue])
            default: return SQLCondition(sql: inJSON, arguments: [key.rawValue])
            }
        case .quantity(let comparison, let quantity):
            let canonical = try canonicalValue(of: quantity, for: type)
            return SQLCondition(sql: "(SELECT canonicalValue FROM quantitySample WHERE anchor = o.anchor) \(comparison.rawValue) ?",
                                arguments: [canonical])
        case .activityType(let activity):
            return SQLCondition(sql: "o.uuid IN (SELECT uuid FROM workout WHERE activityType = ?)",
                                arguments: [Int64(activity.rawValue)])
        case .categoryValue(let comparison, let value):
            try requireCategory(type)
            return SQLCondition(sql: "(SELECT value FROM categorySample WHERE uuid = o.uuid) \(comparison.rawValue) ?",
                                arguments: [Int64(value)])
        case .workoutDuration(let comparison, let seconds):
            return SQLCondition(sql: "o.uuid IN (SELECT uuid FROM workout WHERE duration \(comparison.rawValue) ?)", arguments: [seconds])
        case .workoutTotal(let total, let comparison, let quantity):
            let column = total == .distance ? "totalDistanceMeters" : "totalEnergyBurnedKilocalories"
            return SQLCondition(sql: "o.uuid IN (SELECT uuid FROM workout WHERE \(column) \(comparison.rawValue) ?)",
                                arguments: [try totalValue(quantity, total)])
        case .and(let lhs, let rhs):
            return try combined(lhs, rhs, with: "AND", type: type, dates: o)
        case .or(let lhs, let rhs):
            return try combined(lhs, rhs, with: "OR", type: type, dates: o)
        case .not(let inner):
            let condition = try condition(inner, type: type, dates: o)
            return SQLCondition(sql: "NOT (\(condition.sql))", arguments: condition.arguments)
        }
    }

    private static func combined(_ lhs: Node, _ rhs: Node, with word: String, type: HealthObjectType,
                                 dates: String) throws(StoreError) -> SQLCondition {
        let left = try condition(lhs, type: type, dates: dates)
        let right = try condition(rhs, type: type, dates: dates)
        return SQLCondition(sql: "(\(left.sql) \(word) \(right.sql))", arguments: left.arguments + right.arguments)
    }

    private static func inList(_ column: String, _ values: [String]) -> SQLCondition {
        guard !values.isEmpty else { return SQLCondition(sql: "0", arguments: []) }
        let marks = Array(repeating: "?", count: values.count).joined(separator: ", ")
        return SQLCondition(sql: "\(column) IN (\(marks))", arguments: StatementArguments(values))
    }
}
