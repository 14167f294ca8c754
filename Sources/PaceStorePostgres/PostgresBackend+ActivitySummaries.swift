import Foundation
package import PaceModel
package import PaceStore
import PostgresNIO

extension PostgresBackend {
    package func saveActivitySummaries(_ summaries: [ActivitySummary]) async throws(StoreError) -> Int {
        let names = PostgresActivitySummaryColumns.names
        let now = Date().timeIntervalSinceReferenceDate
        return try await transaction(kind: .write) { connection, account in
            var changed = 0
            for summary in summaries {
                var statement = PostgresStatement()
                let values = PostgresActivitySummaryColumns.values(of: summary).map { statement.bind($0) }
                let day = statement.bind(summary.dayText ?? ""), owner = statement.bind(account), saved = statement.bind(now)
                statement.append("""
                    INSERT INTO activitySummary AS s (account, day, \(names.joined(separator: ", ")), savedAt)
                    VALUES (\(owner), \(day), \(values.map { $0 + "::double precision" }.joined(separator: ", ")), \(saved))
                    ON CONFLICT (account, day) DO UPDATE SET
                        \(names.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")), savedAt = excluded.savedAt
                    WHERE \(names.map { "s.\($0) IS DISTINCT FROM excluded.\($0)" }.joined(separator: " OR "))
                    RETURNING 1
                    """)
                changed += try await connection.rows(statement.query, logger: logger).count
            }
            if changed > 0 {
                try await connection.run("SELECT pg_notify(\(channel), \(String(StoreAreas.activitySummaries.rawValue)))", logger: logger)
            }
            return changed
        }
    }

    package func activitySummaries(from start: String?, through end: String?) async throws(StoreError) -> [ActivitySummary] {
        let names = PostgresActivitySummaryColumns.names
        var statement = PostgresStatement("SELECT day, \(names.joined(separator: ", ")) FROM activitySummary WHERE account = ")
        statement.append(statement.bind(account))
        if let start { statement.append(" AND day >= " + statement.bind(start)) }
        if let end { statement.append(" AND day <= " + statement.bind(end)) }
        statement.append(" ORDER BY day")
        let query = statement.query
        return try await transaction(kind: .read) { connection, _ in
            var summaries: [ActivitySummary] = []
            for try await row in try await connection.query(query, logger: logger) {
                var cells = row.makeIterator()
                guard let dayCell = cells.next() else { continue }
                let text = try dayCell.decode(String.self)
                guard let day = CalendarDay.components(fromText: text) else {
                    throw StoreError(code: .corrupt, message: "The stored activity summary day '\(text)' is not a date. The store was changed outside Pace.")
                }
                var values: [Double?] = []
                while let cell = cells.next() { values.append(try cell.decode(Double?.self)) }
                summaries.append(PostgresActivitySummaryColumns.summary(day: day, values: values))
            }
            return summaries
        }
    }
}
