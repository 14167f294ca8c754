public import PaceModel
import GRDB

extension HealthStore {
    /// The sources that wrote objects of a type matching a predicate (HealthKit's `HKSourceQuery`).
    ///
    /// One source per bundle identifier; its name, version, product type and operating system
    /// version are those of the most recently saved matching object of that source. Sorted by
    /// name (case-insensitive), then bundle identifier.
    ///
    /// ```swift
    /// let writers = try await store.sources(of: .quantity(.heartRate), predicate: .date(from: monday, to: sunday))
    /// ```
    ///
    /// - Parameters:
    ///   - type: Any sample type, or the workout or route type.
    ///   - predicate: Which objects count; all by default.
    /// - Throws: ``StoreError`` when the predicate does not fit the type or the store fails.
    public func sources(of type: HealthObjectType, predicate: SamplePredicate = .all) async throws(StoreError) -> [Source] {
        let condition = try predicate.sqlCondition(for: type)
        return try await read { db in try Self.sources(of: type, condition: condition, onlyBundle: nil, db: db) }
    }

    /// The sources query inside a read, limited to one bundle identifier when given.
    static func sources(of type: HealthObjectType, condition: SQLCondition, onlyBundle: String?, db: Database) throws -> [Source] {
        // SQLite takes the bare columns of an aggregate query from the row holding MAX(anchor).
        var sql = """
            SELECT o.sourceBundleIdentifier, MAX(o.anchor), o.sourceName, o.sourceVersion, o.sourceProductType,
                   o.sourceOperatingSystemVersion
            FROM healthObject o WHERE o.typeIdentifier = ? AND \(condition.sql)
            """
        var arguments: StatementArguments = [type.identifier]
        arguments += condition.arguments
        if let onlyBundle {
            sql += " AND o.sourceBundleIdentifier = ?"
            arguments += [onlyBundle]
        }
        sql += " GROUP BY o.sourceBundleIdentifier ORDER BY o.sourceName COLLATE NOCASE, o.sourceName, o.sourceBundleIdentifier"
        return try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
            Source(name: row["sourceName"], bundleIdentifier: row["sourceBundleIdentifier"], version: row["sourceVersion"],
                   productType: row["sourceProductType"], operatingSystemVersion: row["sourceOperatingSystemVersion"])
        }
    }
}
