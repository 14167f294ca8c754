import GRDB

/// The `device` table (migration v7): each distinct device JSON once, referenced by
/// `healthObject.deviceID`. Rows are never deleted: a store holds a handful of devices.
enum DeviceRows {
    /// The id of the row holding `json`, inserted if there is none.
    static func id(of json: String, db: Database) throws -> Int64 {
        if let id = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM device WHERE json = ?"), arguments: [json]) {
            return id
        }
        try db.cachedStatement(sql: "INSERT INTO device (json) VALUES (?)").execute(arguments: [json])
        return db.lastInsertedRowID
    }
}

/// The device ids one write transaction looked up, most recent last: samples come from a few devices,
/// and the batch encoder hands the same JSON string to every sample of a device.
struct DeviceIDCache {
    private var entries: [(json: String, id: Int64)] = []

    /// The id of `json` (`nil` for no device), from the cache or ``DeviceRows/id(of:db:)``.
    mutating func id(of json: String?, db: Database) throws -> Int64? {
        guard let json else { return nil }
        if let index = entries.lastIndex(where: { $0.json == json }) { return entries[index].id }
        let id = try DeviceRows.id(of: json, db: db)
        if entries.count >= 16 { entries.removeFirst() }
        entries.append((json, id))
        return id
    }
}
