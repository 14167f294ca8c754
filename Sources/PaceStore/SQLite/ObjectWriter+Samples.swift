import Foundation
import GRDB
import GRDBSQLite
import PaceModel

/// What one save transaction keeps between objects: the anchor counter, the prepared sample
/// statements, whether tombstones exist, and the JSON encoder of the general path.
///
/// Anchors are read from `storeState` once, counted in memory and written back by ``finish()``
/// before the transaction commits, so they stay strictly increasing and gap-free exactly as if
/// each object had taken `lastAnchor + 1` from the table.
final class WriteTransactionState {
    let db: Database
    let encoder = StoreCoding.JSONText()
    /// The last anchor taken (the anchor of the object written last), nil before the first.
    private(set) var lastAnchor: Int64?
    private var storedAnchor: Int64?
    /// `nil` until asked; `true` once an object went through the general path (which may delete).
    private var tombstonesMayExist: Bool?
    private var statements: SampleStatements?
    /// The fast path's quantity samples not yet added to the rollup.
    var rollup = DeferredRollup()
    /// The device rows this transaction used; they roll back with it, so the cache never outlives it.
    var devices = DeviceIDCache()
    /// 36 bytes for the text of a UUID.
    let uuidText = UnsafeMutablePointer<UInt8>.allocate(capacity: 36)

    init(db: Database) {
        self.db = db
    }

    deinit { uuidText.deallocate() }

    /// The next anchor, taken.
    func takeAnchor() throws -> Int64 {
        let anchor = try peekAnchor()
        lastAnchor = anchor
        return anchor
    }

    /// The anchor ``takeAnchor()`` would return, not taken.
    func peekAnchor() throws -> Int64 {
        if lastAnchor == nil {
            let stored = try Int64.fetchOne(db, sql: "SELECT lastAnchor FROM storeState WHERE id = 1") ?? 0
            lastAnchor = stored
            storedAnchor = stored
        }
        return lastAnchor! + 1
    }

    /// Adds the deferred samples to the rollup and writes the last anchor taken back to `storeState`.
    func finish() throws {
        try applyDeferredRollup()
        guard let lastAnchor, lastAnchor != storedAnchor else { return }
        try db.execute(sql: "UPDATE storeState SET lastAnchor = ? WHERE id = 1", arguments: [lastAnchor])
        storedAnchor = lastAnchor
    }

    /// Called when an object takes the general path, which may delete objects (leaving tombstones)
    /// and relies on the rollup triggers: the deferred samples are added to the rollup first.
    func noteSlowInsert() throws {
        tombstonesMayExist = true
        try applyDeferredRollup()
    }

    /// Adds the fast path's quantity samples counted so far to the rollup (``DeferredRollup``).
    func applyDeferredRollup() throws {
        try rollup.apply(db: db)
    }

    /// Whether a UUID must be looked up among the tombstones: only if any exist.
    func mustCheckTombstones() throws -> Bool {
        if let tombstonesMayExist { return tombstonesMayExist }
        let exists = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM tombstone)") ?? true
        tombstonesMayExist = exists
        return exists
    }

    private var chunks: SampleChunkStatements?

    /// The multi-row statements of ``ObjectWriter/insertChunk(_:_:indices:transaction:)``.
    func chunkStatements() -> SampleChunkStatements {
        if let chunks { return chunks }
        let made = SampleChunkStatements()
        chunks = made
        return made
    }

    /// Takes the `count` anchors after the last one taken (a chunk written with them).
    func takeAnchors(_ count: Int) {
        lastAnchor = (lastAnchor ?? 0) + Int64(count)
    }

    func sampleStatements() throws -> SampleStatements {
        if let statements { return statements }
        let made = try SampleStatements(db: db)
        statements = made
        return made
    }

    /// Writes the upper-case text of `id` into ``uuidText``.
    func writeText(of id: UUID) {
        writeText(of: id, into: uuidText)
    }

    /// Writes the 36-byte upper-case text of `id` at `uuidText`.
    func writeText(of id: UUID, into uuidText: UnsafeMutablePointer<UInt8>) {
        let digits: StaticString = "0123456789ABCDEF"
        let hex = digits.utf8Start
        withUnsafeBytes(of: id.uuid) { bytes in
            var out = 0
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    uuidText[out] = 0x2D
                    out += 1
                }
                uuidText[out] = hex[Int(bytes[index] >> 4)]
                uuidText[out + 1] = hex[Int(bytes[index] & 0x0F)]
                out += 2
            }
        }
    }
}

/// The statements of the sample bulk path, prepared once per transaction and bound with
/// `sqlite3_bind_*` directly: no `StatementArguments` per row.
struct SampleStatements {
    let header: Statement
    let quantity: Statement
    let category: Statement
    let tombstone: Statement

    init(db: Database) throws {
        header = try db.makeStatement(sql: HealthObjectInsert.sql())
        quantity = try db.makeStatement(sql: "INSERT INTO quantitySample (anchor, value, unit, canonicalValue) VALUES (?, ?, ?, ?)")
        category = try db.makeStatement(sql: "INSERT INTO categorySample (uuid, value) VALUES (?, ?)")
        tombstone = try db.makeStatement(sql: "SELECT 1 FROM tombstone WHERE uuid = ?")
        // Arguments are bound below with sqlite3_bind_*; tell GRDB they are in place.
        for statement in [header, quantity, category, tombstone] { statement.setUncheckedArguments([]) }
    }
}

private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

extension Statement {
    /// Resets the statement for new bindings (after a success or a failure alike).
    func resetForBinding() { sqlite3_reset(sqliteStatement) }

    func bind(_ text: String?, at index: Int32) {
        guard var text else {
            sqlite3_bind_null(sqliteStatement, index)
            return
        }
        _ = text.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress {
                    sqlite3_bind_text(sqliteStatement, index, base, Int32(chars.count), transient)
                } else {
                    sqlite3_bind_text(sqliteStatement, index, "", 0, transient)
                }
            }
        }
    }

    func bind(_ value: Double, at index: Int32) { sqlite3_bind_double(sqliteStatement, index, value) }

    func bind(_ value: Int64?, at index: Int32) {
        if let value { sqlite3_bind_int64(sqliteStatement, index, value) } else { sqlite3_bind_null(sqliteStatement, index) }
    }

    func bindUUID(_ text: UnsafeMutablePointer<UInt8>, at index: Int32) {
        _ = text.withMemoryRebound(to: CChar.self, capacity: 36) { sqlite3_bind_text(sqliteStatement, index, $0, 36, transient) }
    }
}

extension ObjectWriter {
    /// Inserts a quantity or category sample with the prepared statements of the transaction.
    ///
    /// The checks of the general path (``insert(_:)``) run only when they can fail: the insert
    /// itself fails on a stored UUID or a stored sync identifier of the same source (the primary
    /// key and the unique `healthObject_sync` index), and the tombstones are searched only when
    /// the store has any. On such a failure nothing was written, the anchor is given back, and the
    /// object goes through the general path, which throws the same errors in the same order (or
    /// replaces the synced object) as it always did.
    ///
    /// - Returns: `false` when `skipping` and the sample's sync identifier is stored (left out).
    func insertSample(_ object: HealthObject, encoded: EncodedSample, transaction: WriteTransactionState, skipping: Bool) throws -> Bool {
        let statements = try transaction.sampleStatements()
        transaction.writeText(of: object.id)
        if try transaction.mustCheckTombstones() {
            let probe = statements.tombstone
            probe.resetForBinding()
            probe.bindUUID(transaction.uuidText, at: 1)
            if try Bool.fetchOne(probe) == true { return try insertInGeneralPath(object, skipping: skipping) }
        }
        let kind: String
        let start: Date
        let end: Date
        switch object {
        case .quantitySample(let sample): (kind, start, end) = ("quantity", sample.startDate, sample.endDate)
        case .categorySample(let sample): (kind, start, end) = ("category", sample.startDate, sample.endDate)
        case .workout, .workoutRoute: return try insertInGeneralPath(object, skipping: skipping)
        }
        let source = object.source
        let deviceID = try transaction.devices.id(of: encoded.deviceJSON, db: transaction.db)
        let header = statements.header
        header.resetForBinding()
        header.bindUUID(transaction.uuidText, at: 1)
        header.bind(kind, at: 2)
        header.bind(object.objectType.identifier, at: 3)
        header.bind(StoreCoding.value(start), at: 4)
        header.bind(StoreCoding.value(end), at: 5)
        let anchor = try transaction.peekAnchor()
        header.bind(anchor, at: 6)
        header.bind(source.name, at: 7)
        header.bind(source.bundleIdentifier, at: 8)
        header.bind(source.version, at: 9)
        header.bind(source.productType, at: 10)
        header.bind(source.operatingSystemVersion, at: 11)
        header.bind(deviceID, at: 12)
        header.bind(encoded.metadataJSON, at: 13)
        header.bind(encoded.syncIdentifier, at: 14)
        header.bind(encoded.syncVersion, at: 15)
        header.bind(StoreCoding.value(now), at: 16)
        if kind == "quantity" { try transaction.rollup.begin(db: transaction.db) }
        do {
            try header.execute()
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            header.resetForBinding()
            return try insertInGeneralPath(object, skipping: skipping)
        }
        _ = try transaction.takeAnchor()
        switch object {
        case .quantitySample(let sample):
            var canonical: Double
            if let value = encoded.canonicalValue {
                canonical = value
            } else {
                do { canonical = try sample.quantity.doubleValue(for: sample.type.canonicalUnit) } catch {
                    throw StoreError(code: .invalidObject, message: "Sample \(StoreCoding.text(sample.id)): \(error)", cause: error)
                }
            }
            let row = statements.quantity
            row.resetForBinding()
            row.bind(anchor, at: 1)
            row.bind(sample.quantity.value, at: 2)
            row.bind(encoded.unitText, at: 3)
            row.bind(canonical, at: 4)
            try row.execute()
            try transaction.rollup.add(typeIdentifier: sample.type.rawValue, start: StoreCoding.value(start),
                                       sourceBundleIdentifier: source.bundleIdentifier, value: canonical, db: transaction.db)
        case .categorySample(let sample):
            let row = statements.category
            row.resetForBinding()
            row.bindUUID(transaction.uuidText, at: 1)
            row.bind(Int64(sample.value), at: 2)
            try row.execute()
        case .workout, .workoutRoute:
            break
        }
        return true
    }

    private func insertInGeneralPath(_ object: HealthObject, skipping: Bool) throws -> Bool {
        if skipping, try isSyncIdentifierStored(of: object) { return false }
        try insert(object)
        return true
    }
}
