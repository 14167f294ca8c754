import PostgresNIO

/// A PostgreSQL statement being built: its SQL text, with `$1`, `$2`, … placeholders, and the values
/// bound to them in order. Predicates and listings compose their parts into one statement, each part
/// binding its own values (``bind(_:)`` returns the placeholder to write).
///
/// ```swift
/// var statement = PostgresStatement("SELECT uuid FROM healthObject WHERE account = ")
/// statement.append(statement.bind(account))
/// let rows = try await connection.query(statement.query, logger: logger)
/// ```
struct PostgresStatement {
    /// The SQL text so far.
    var sql: String
    /// The values bound so far, one per placeholder.
    var binds = PostgresBindings()

    /// A statement starting with `sql`.
    init(_ sql: String = "") {
        self.sql = sql
    }

    /// Binds `value` and returns its placeholder (`$n`).
    mutating func bind<Value: PostgresDynamicTypeEncodable>(_ value: Value) -> String {
        binds.append(value)
        return "$\(binds.count)"
    }

    /// Binds an optional value (`NULL` when `nil`) and returns its placeholder.
    mutating func bind<Value: PostgresDynamicTypeEncodable>(_ value: Value?) -> String {
        binds.append(value)
        return "$\(binds.count)"
    }

    /// Appends `text` to the SQL.
    mutating func append(_ text: String) {
        sql += text
    }

    /// The query to run.
    var query: PostgresQuery { PostgresQuery(unsafeSQL: sql, binds: binds) }
}
