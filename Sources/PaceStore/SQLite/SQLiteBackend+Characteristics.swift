package import Foundation
import GRDB
package import PaceModel

extension SQLiteBackend {
    package func setCharacteristic(_ type: CharacteristicTypeIdentifier, text: String, at date: Date) async throws(StoreError) -> Bool {
        try await write { db in
            let stored = try String.fetchOne(db, sql: "SELECT value FROM characteristic WHERE typeIdentifier = ?",
                                             arguments: [type.rawValue])
            guard stored != text else { return false }
            try db.execute(sql: """
                INSERT INTO characteristic (typeIdentifier, value, setAt) VALUES (?, ?, ?)
                ON CONFLICT (typeIdentifier) DO UPDATE SET value = excluded.value, setAt = excluded.setAt
                """, arguments: [type.rawValue, text, StoreCoding.value(date)])
            return true
        }
    }

    package func removeCharacteristic(_ type: CharacteristicTypeIdentifier) async throws(StoreError) -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM characteristic WHERE typeIdentifier = ?", arguments: [type.rawValue])
            return db.changesCount > 0
        }
    }

    package func characteristics(_ types: [CharacteristicTypeIdentifier]) async throws(StoreError) -> [StoredCharacteristic] {
        try await read { db in try Self.characteristics(types, db) }
    }

    package func characteristicsBlocking(_ types: [CharacteristicTypeIdentifier]) throws(StoreError) -> [StoredCharacteristic] {
        try readBlocking { db in try Self.characteristics(types, db) }
    }

    private static func characteristics(_ types: [CharacteristicTypeIdentifier], _ db: Database) throws -> [StoredCharacteristic] {
        try types.compactMap { type -> StoredCharacteristic? in
            guard let row = try Row.fetchOne(db, sql: "SELECT value, setAt FROM characteristic WHERE typeIdentifier = ?",
                                             arguments: [type.rawValue]) else { return nil }
            let text: String = row["value"]
            guard let value = CharacteristicCoding.value(text, type: type) else {
                throw StoreError(code: .corrupt, message: "The stored \(type.displayName) cannot be read. Set it again to replace it.")
            }
            return StoredCharacteristic(value: value, setAt: StoreCoding.date(row["setAt"]))
        }
    }
}
