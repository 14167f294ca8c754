package import Foundation
import GRDB
import GRDBSQLite
package import PaceModel

extension SQLiteBackend {
    /// Saves a series sample and its values in one transaction (DECISIONS 172).
    package func save(_ series: QuantitySeriesSample) async throws(StoreError) {
        _ = try await write { db in try SQLiteBackend.insert(series, db) }
    }

    /// The values of the stored series sample `id` in start order, in the type's canonical unit; an
    /// ordinary quantity sample's one value; `nil` when no quantity sample has this UUID.
    package func seriesValues(of id: UUID) async throws(StoreError) -> [TimedQuantity]? {
        try await read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT o.anchor, o.startDate, o.endDate, q.canonicalValue, q.count
                FROM healthObject o JOIN quantitySample q ON q.anchor = o.anchor WHERE o.uuid = ? AND o.kind = 'quantity'
                """, arguments: [StoreCoding.text(id)]) else { return nil }
            let count: Int = row[4]
            guard count > 1 else {
                return [TimedQuantity(start: StoreCoding.date(row[1]), end: StoreCoding.date(row[2]), value: row[3])]
            }
            var values: [TimedQuantity] = []
            values.reserveCapacity(count)
            let anchor: Int64 = row[0]
            try db.forEachRawRow("SELECT startDate, endDate, canonicalValue FROM quantitySeriesValue WHERE anchor = ? ORDER BY position",
                                 arguments: [anchor]) { handle in
                values.append(TimedQuantity(start: StoreCoding.date(sqlite3_column_double(handle, 0)),
                                            end: StoreCoding.date(sqlite3_column_double(handle, 1)),
                                            value: sqlite3_column_double(handle, 2)))
            }
            return values
        }
    }

    /// Writes `series` by the rules of any save — a stored or deleted UUID is refused, a higher sync
    /// version replaces the stored one — and then its values, each added to the rollups in the bucket
    /// of its own start.
    /// - Returns: The series sample's anchor.
    @discardableResult
    static func insert(_ series: QuantitySeriesSample, _ db: Database) throws -> Int64 {
        let transaction = WriteTransactionState(db: db)
        let writer = ObjectWriter(db: db, now: Date(), transaction: transaction)
        let sample = series.sample
        try writer.insert(.quantitySample(sample))
        guard let anchor = transaction.lastAnchor else { return 0 }
        try transaction.rollup.begin(db: db)
        let statement = try db.makeStatement(sql: """
            INSERT INTO quantitySeriesValue (anchor, position, startDate, endDate, canonicalValue) VALUES (?, ?, ?, ?, ?)
            """)
        statement.setUncheckedArguments([])
        let type = sample.type.rawValue
        let source = sample.source.bundleIdentifier
        for (position, value) in series.values.enumerated() {
            let start = StoreCoding.value(value.start)
            statement.resetForBinding()
            statement.bind(anchor, at: 1)
            statement.bind(Int64(position), at: 2)
            statement.bind(start, at: 3)
            statement.bind(StoreCoding.value(value.end), at: 4)
            statement.bind(value.value, at: 5)
            try statement.execute()
            try transaction.rollup.add(typeIdentifier: type, start: start, sourceBundleIdentifier: source, value: value.value, db: db)
        }
        try transaction.finish()
        return anchor
    }
}
