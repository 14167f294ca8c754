import Foundation
import GRDB
import PaceModel

extension SQLiteBackend {
    /// Writes the samples of `series` inside the caller's write transaction, by the rules of
    /// ``insert(_:skippingStoredSyncIdentifiers:anchors:_:)`` for the same samples as objects: validated
    /// as each sample would be, written in chunks of ``SampleChunk/maximumRows`` while no tombstone can
    /// match them, and a chunk a constraint refuses (a stored or deleted UUID) saved one sample at a
    /// time through the same single-sample path, with the same errors. Only the encoding differs: the
    /// columns the samples share are encoded once, and no object is made per sample (DECISIONS 119).
    ///
    /// - Returns: The anchor each sample was written with, in order.
    /// - Throws: ``StoreError`` for the first sample that cannot be saved.
    static func insert(_ series: QuantitySampleSeries, _ db: Database) throws -> [Int64] {
        var series = series
        series.assignIdentifiers()
        do { try series.validate() } catch {
            throw StoreError(code: .invalidObject, message: error.description, cause: error)
        }
        let transaction = WriteTransactionState(db: db)
        let objectWriter = ObjectWriter(db: db, now: Date(), transaction: transaction)
        let encoded = try EncodedSeries(series, encoder: transaction.encoder)
        var anchors: [Int64] = []
        anchors.reserveCapacity(series.count)
        var position = 0
        while position < series.count {
            let end = min(series.count, position + SampleChunk.maximumRows)
            let rows = position..<end
            let convertible = rows.allSatisfy { encoded.canonicalValue(of: series.values[$0]) != nil }
            if rows.count > 1, convertible, try !transaction.mustCheckTombstones(),
               try objectWriter.insertChunk(SeriesChunkRows(series: series, encoded: encoded, rows: rows), transaction: transaction) {
                let last = transaction.lastAnchor ?? 0
                anchors += (last - Int64(rows.count) + 1)...last
            } else {
                var units = UnitTexts()
                for row in rows {
                    let object = HealthObject.quantitySample(series.sample(at: row))
                    _ = try objectWriter.insert(object, encoded: EncodedSample(object, encoder: transaction.encoder, units: &units),
                                                skippingStoredSyncIdentifier: false)
                    anchors.append(transaction.lastAnchor ?? 0)
                }
            }
            position = end
        }
        try transaction.finish()
        return anchors
    }
}
