package import Foundation
package import PaceModel
package import PaceStore
import PostgresNIO

extension PostgresBackend {
    /// Saves a series sample and its values in one transaction (DECISIONS 172), by the rules of any
    /// save; the values go in one statement (arrays unnested into rows).
    package func save(_ series: QuantitySeriesSample) async throws(StoreError) {
        try await transaction(kind: .write) { connection, account in
            let writer = try await writer(connection, account)
            try await writer.insert(series)
            try await writer.finish()
        }
    }

    /// Saves `series` and then `batch` in one transaction (DECISIONS 177).
    package func save(_ series: [QuantitySeriesSample], then batch: HealthObjectBatch) async throws(StoreError) {
        try await transaction(kind: .write) { connection, account in
            let writer = try await writer(connection, account)
            for each in series { try await writer.insert(each) }
            _ = try await writer.insert(batch, skipping: false)
            try await writer.finish()
        }
    }

    /// The values of the stored quantity sample `id` in start order, in its type's canonical unit:
    /// a series sample's values, an ordinary sample's one value; `nil` when no quantity sample has it.
    package func seriesValues(of id: UUID) async throws(StoreError) -> [TimedQuantity]? {
        try await transaction(kind: .read) { connection, account in
            guard let row = try await connection.rows("""
                SELECT startDate, endDate, canonicalValue, valueCount FROM healthObject
                WHERE account = \(account) AND uuid = \(id) AND kind = 'quantity'
                """, logger: logger).first else { return nil }
            let (start, end, value, count) = try row.decode((Double, Double, Double?, Int32).self)
            guard count > 1 else {
                return value.map { [TimedQuantity(start: Date(timeIntervalSinceReferenceDate: start),
                                                  end: Date(timeIntervalSinceReferenceDate: end), value: $0)] } ?? []
            }
            var values: [TimedQuantity] = []
            values.reserveCapacity(Int(count))
            for try await (start, end, value) in try await connection.query("""
                SELECT startDate, endDate, canonicalValue FROM quantitySeriesValue
                WHERE account = \(account) AND sampleUUID = \(id) ORDER BY position
                """, logger: logger).decode((Double, Double, Double).self) {
                values.append(TimedQuantity(start: Date(timeIntervalSinceReferenceDate: start),
                                            end: Date(timeIntervalSinceReferenceDate: end), value: value))
            }
            return values
        }
    }
}

extension PostgresObjectWriter {
    /// Inserts a series sample and its values, by the rules of any save; the values go in one
    /// statement (arrays unnested into rows).
    func insert(_ series: QuantitySeriesSample) async throws {
        let sample = series.sample
        _ = try await insert(.quantitySample(sample), skipping: false)
        var statement = PostgresStatement("""
            INSERT INTO quantitySeriesValue (account, sampleUUID, position, startDate, endDate, canonicalValue)
            SELECT
            """)
        statement.append(" \(statement.bind(account)), \(statement.bind(sample.id)), u.* FROM unnest(")
        let values = series.values
        statement.append([
            statement.bind(values.indices.map { Int32($0) }) + "::integer[]",
            statement.bind(values.map { $0.start.timeIntervalSinceReferenceDate }) + "::double precision[]",
            statement.bind(values.map { $0.end.timeIntervalSinceReferenceDate }) + "::double precision[]",
            statement.bind(values.map(\.value)) + "::double precision[]",
        ].joined(separator: ", ") + ") AS u")
        try await connection.run(statement.query, logger: logger)
    }
}

