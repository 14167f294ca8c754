import Foundation
import GRDB
import GRDBSQLite
import PaceModel

/// Multi-row inserts for the sample fast path: up to ``SampleChunk/maximumRows`` samples in one
/// `INSERT … VALUES (…), (…), …` per table.
///
/// One statement per row spends a third of its time opening and closing cursors and halting the
/// virtual machine (measured with perf on a million-record import); one statement per chunk pays
/// that once. A chunk is all or nothing: SQLite rolls a failed statement back as a whole, so when
/// any row fails a constraint (a stored UUID, a stored sync identifier), nothing of the chunk was
/// written, and its samples go one by one through ``ObjectWriter/insertSample(_:encoded:transaction:skipping:)``,
/// which sorts out which of them are duplicates, replacements or errors exactly as before.
enum SampleChunk {
    /// Rows per statement: 16 columns × 48 rows stays far below SQLite's 32 766 parameters, and
    /// longer statements gain nothing measurable.
    static let maximumRows = 48

    /// Whether `object` can go in a chunk: a sample with its columns encoded, and a quantity's
    /// canonical value known (else the single-row path reports why it cannot be converted).
    static func fits(_ object: HealthObject, _ encoded: EncodedSample?) -> Bool {
        guard let encoded else { return false }
        switch object {
        case .quantitySample: return encoded.canonicalValue != nil
        case .categorySample: return true
        case .workout, .workoutRoute: return false
        }
    }

    static func quantitySQL(rows: Int) -> String {
        "INSERT INTO quantitySample (anchor, value, unit, canonicalValue) VALUES "
            + Array(repeating: "(?,?,?,?)", count: rows).joined(separator: ",")
    }

    static func categorySQL(rows: Int) -> String {
        "INSERT INTO categorySample (uuid, value) VALUES " + Array(repeating: "(?,?)", count: rows).joined(separator: ",")
    }
}

/// The chunk statements of one transaction, prepared on first use per row count, and the UUID
/// texts of the chunk being written (bound without copying: they stay put until the next chunk).
final class SampleChunkStatements {
    private var headers: [Int: Statement] = [:]
    private var quantities: [Int: Statement] = [:]
    private var categories: [Int: Statement] = [:]
    /// 36 bytes of UUID text per row of the chunk.
    let uuidTexts = UnsafeMutablePointer<UInt8>.allocate(capacity: 36 * SampleChunk.maximumRows)
    /// The other texts of the chunk, copied here and bound without SQLite copying them again (one
    /// allocation per text otherwise). Holds still until the next chunk, as binding requires.
    private var arena = UnsafeMutableRawPointer.allocate(byteCount: 1 << 16, alignment: 1)
    private var arenaCapacity = 1 << 16
    private var arenaUsed = 0

    deinit {
        uuidTexts.deallocate()
        arena.deallocate()
    }

    /// Starts a chunk whose texts take at most `bytes` bytes.
    func beginTexts(bytes: Int) {
        arenaUsed = 0
        guard bytes > arenaCapacity else { return }
        arena.deallocate()
        arenaCapacity = max(bytes, arenaCapacity * 2)
        arena = UnsafeMutableRawPointer.allocate(byteCount: arenaCapacity, alignment: 1)
    }

    /// Binds `text` (or NULL) at `index` of `statement` from a copy in the arena.
    func bind(_ text: String?, to statement: Statement, at index: Int32) {
        guard var text else {
            sqlite3_bind_null(statement.sqliteStatement, index)
            return
        }
        text.withUTF8 { utf8 in
            let start = arena + arenaUsed
            precondition(arenaUsed + utf8.count <= arenaCapacity, "beginTexts(bytes:) counted too few bytes")
            if let base = utf8.baseAddress { start.copyMemory(from: base, byteCount: utf8.count) }
            arenaUsed += utf8.count
            sqlite3_bind_text(statement.sqliteStatement, index, start.assumingMemoryBound(to: CChar.self), Int32(utf8.count), nil)
        }
    }

    /// UTF-8 bytes of the texts a chunk row binds.
    static func textBytes(_ object: HealthObject, _ encoded: EncodedSample) -> Int {
        let source = object.source
        return object.objectType.identifier.utf8.count + source.name.utf8.count + source.bundleIdentifier.utf8.count
            + (source.version?.utf8.count ?? 0) + (source.productType?.utf8.count ?? 0)
            + (source.operatingSystemVersion?.utf8.count ?? 0) + encoded.metadataJSON.utf8.count
            + (encoded.syncIdentifier?.utf8.count ?? 0) + (encoded.unitText?.utf8.count ?? 0)
    }

    func header(rows: Int, db: Database) throws -> Statement {
        try statement(rows, in: &headers, db: db, sql: { HealthObjectInsert.sql(rows: $0) })
    }

    func quantity(rows: Int, db: Database) throws -> Statement {
        try statement(rows, in: &quantities, db: db, sql: SampleChunk.quantitySQL)
    }

    func category(rows: Int, db: Database) throws -> Statement {
        try statement(rows, in: &categories, db: db, sql: SampleChunk.categorySQL)
    }

    private func statement(_ rows: Int, in table: inout [Int: Statement], db: Database, sql: (Int) -> String) throws -> Statement {
        if let found = table[rows] { return found }
        let made = try db.makeStatement(sql: sql(rows))
        // Arguments are bound with sqlite3_bind_*; tell GRDB they are in place.
        made.setUncheckedArguments([])
        table[rows] = made
        return made
    }
}

extension Statement {
    fileprivate func bindInteger(_ value: Int64?, at index: Int32) {
        if let value { sqlite3_bind_int64(sqliteStatement, index, value) } else { sqlite3_bind_null(sqliteStatement, index) }
    }

    /// Binds 36 bytes that stay unchanged until the statement has run (no copy).
    fileprivate func bindUUIDText(_ text: UnsafeMutablePointer<UInt8>, at index: Int32) {
        _ = text.withMemoryRebound(to: CChar.self, capacity: 36) { sqlite3_bind_text(sqliteStatement, index, $0, 36, nil) }
    }
}

extension ObjectWriter {
    /// Inserts samples that all ``SampleChunk/fits(_:_:)`` as one chunk.
    ///
    /// - Returns: `false` when the chunk was refused by a constraint; nothing was written then, and
    ///   the caller saves the samples one by one.
    func insertChunk(_ objects: [HealthObject], _ encoded: [EncodedSample?], indices: ArraySlice<Int>,
                     transaction: WriteTransactionState) throws -> Bool {
        try insertChunk(ObjectChunkRows(objects: objects, encoded: encoded, indices: indices), transaction: transaction)
    }

    /// Inserts the rows of `chunk` as one chunk: one multi-row statement per table.
    ///
    /// - Returns: `false` when the chunk was refused by a constraint; nothing was written then, and
    ///   the caller saves the samples one by one.
    func insertChunk(_ chunk: some SampleChunkRows, transaction: WriteTransactionState) throws -> Bool {
        let statements = transaction.chunkStatements()
        let rows = chunk.count
        let header = try statements.header(rows: rows, db: db)
        sqlite3_reset(header.sqliteStatement)
        statements.beginTexts(bytes: chunk.textBytes)
        let firstAnchor = try transaction.peekAnchor()
        let savedAt = StoreCoding.value(now)
        var quantityRows = 0
        for row in 0..<rows {
            let uuid = statements.uuidTexts + 36 * row
            transaction.writeText(of: chunk.id(row), into: uuid)
            let kind: StaticString
            if chunk.isQuantity(row) {
                kind = "quantity"
                quantityRows += 1
            } else {
                kind = "category"
            }
            let source = chunk.source(row)
            let base = Int32(row * 16)
            header.bindUUIDText(uuid, at: base + 1)
            kind.utf8Start.withMemoryRebound(to: CChar.self, capacity: kind.utf8CodeUnitCount) {
                _ = sqlite3_bind_text(header.sqliteStatement, base + 2, $0, Int32(kind.utf8CodeUnitCount), nil)
            }
            statements.bind(chunk.typeIdentifier(row), to: header, at: base + 3)
            sqlite3_bind_double(header.sqliteStatement, base + 4, chunk.start(row))
            sqlite3_bind_double(header.sqliteStatement, base + 5, chunk.end(row))
            sqlite3_bind_int64(header.sqliteStatement, base + 6, firstAnchor + Int64(row))
            statements.bind(source.name, to: header, at: base + 7)
            statements.bind(source.bundleIdentifier, to: header, at: base + 8)
            statements.bind(source.version, to: header, at: base + 9)
            statements.bind(source.productType, to: header, at: base + 10)
            statements.bind(source.operatingSystemVersion, to: header, at: base + 11)
            header.bindInteger(try transaction.devices.id(of: chunk.deviceJSON(row), db: db), at: base + 12)
            statements.bind(chunk.metadataJSON(row), to: header, at: base + 13)
            statements.bind(chunk.syncIdentifier(row), to: header, at: base + 14)
            header.bindInteger(chunk.syncVersion(row), at: base + 15)
            sqlite3_bind_double(header.sqliteStatement, base + 16, savedAt)
        }
        if quantityRows > 0 { try transaction.rollup.begin(db: db) }
        do {
            try header.execute()
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            sqlite3_reset(header.sqliteStatement)
            return false
        }
        transaction.takeAnchors(rows)
        if quantityRows > 0 {
            let statement = try statements.quantity(rows: quantityRows, db: db)
            sqlite3_reset(statement.sqliteStatement)
            var parameter: Int32 = 1
            for row in 0..<rows where chunk.isQuantity(row) {
                let canonical = chunk.canonicalValue(row)
                sqlite3_bind_int64(statement.sqliteStatement, parameter, firstAnchor + Int64(row))
                sqlite3_bind_double(statement.sqliteStatement, parameter + 1, chunk.value(row))
                statements.bind(chunk.unitText(row), to: statement, at: parameter + 2)
                sqlite3_bind_double(statement.sqliteStatement, parameter + 3, canonical)
                parameter += 4
                try transaction.rollup.add(typeIdentifier: chunk.typeIdentifier(row), start: chunk.start(row),
                                           sourceBundleIdentifier: chunk.source(row).bundleIdentifier, value: canonical, db: db)
            }
            try statement.execute()
        }
        if quantityRows < rows {
            let statement = try statements.category(rows: rows - quantityRows, db: db)
            sqlite3_reset(statement.sqliteStatement)
            var parameter: Int32 = 1
            for row in 0..<rows where !chunk.isQuantity(row) {
                statement.bindUUIDText(statements.uuidTexts + 36 * row, at: parameter)
                sqlite3_bind_int64(statement.sqliteStatement, parameter + 1, chunk.categoryValue(row))
                parameter += 2
            }
            try statement.execute()
        }
        return true
    }
}
