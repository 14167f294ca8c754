public import Foundation
import GRDB
import HTTPTypes

/// Each account's settings for its pages (``AccountSettings``).
extension AccountDirectory {
    /// The settings of account `id`; ``AccountSettings/standard`` when it chose none.
    public func settings(of id: UUID) async throws -> AccountSettings {
        try await pool.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM accountSettings WHERE account = ?", arguments: [id.uuidString]) else {
                return AccountSettings.standard
            }
            return AccountSettings(units: AccountSettings.Units(rawValue: row["units"]) ?? .metric, timeZone: row["timeZone"],
                                   maximumHeartRate: row["maximumHeartRate"], restingHeartRate: row["restingHeartRate"],
                                   mapTiles: AccountSettings.MapTiles(rawValue: row["mapTiles"]) ?? .server)
        }
    }

    /// Stores the settings of account `id`, replacing any before.
    /// - Throws: ``ServerError`` `settings.invalid` (the first problem's message) for settings with problems.
    public func saveSettings(_ settings: AccountSettings, of id: UUID) async throws {
        if let problem = settings.problems().sorted(by: { $0.key < $1.key }).first {
            throw ServerError(.badRequest, code: "settings.invalid", message: problem.value)
        }
        try await pool.write { db in
            try db.execute(sql: """
                INSERT INTO accountSettings (account, units, timeZone, maximumHeartRate, restingHeartRate, mapTiles) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (account) DO UPDATE SET units = excluded.units, timeZone = excluded.timeZone,
                    maximumHeartRate = excluded.maximumHeartRate, restingHeartRate = excluded.restingHeartRate,
                    mapTiles = excluded.mapTiles
                """, arguments: [id.uuidString, settings.units.rawValue, settings.timeZone, settings.maximumHeartRate, settings.restingHeartRate,
                                 settings.mapTiles.rawValue])
            try Self.audit(db, account: id, kind: "settingsChanged", detail: settings.units.rawValue + " " + settings.timeZone)
        }
    }
}
