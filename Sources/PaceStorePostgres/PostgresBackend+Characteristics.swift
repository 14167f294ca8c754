package import Foundation
package import PaceModel
package import PaceStore
import PostgresNIO

extension PostgresBackend {
    package func setCharacteristic(_ type: CharacteristicTypeIdentifier, text: String, at date: Date) async throws(StoreError) -> Bool {
        try await transaction(kind: .write) { connection, account in
            let stored = try await connection.rows("""
                SELECT value FROM characteristic WHERE account = \(account) AND typeIdentifier = \(type.rawValue)
                """, logger: logger).first?.decode(String.self)
            guard stored != text else { return false }
            try await connection.run("""
                INSERT INTO characteristic (account, typeIdentifier, value, setAt)
                VALUES (\(account), \(type.rawValue), \(text), \(date.timeIntervalSinceReferenceDate))
                ON CONFLICT (account, typeIdentifier) DO UPDATE SET value = excluded.value, setAt = excluded.setAt
                """, logger: logger)
            return true
        }
    }

    package func removeCharacteristic(_ type: CharacteristicTypeIdentifier) async throws(StoreError) -> Bool {
        try await transaction(kind: .write) { connection, account in
            try await !connection.rows("""
                DELETE FROM characteristic WHERE account = \(account) AND typeIdentifier = \(type.rawValue) RETURNING 1
                """, logger: logger).isEmpty
        }
    }

    package func characteristics(_ types: [CharacteristicTypeIdentifier]) async throws(StoreError) -> [StoredCharacteristic] {
        try await transaction(kind: .read) { connection, account in
            var stored: [String: (String, Double)] = [:]
            for try await (type, value, setAt) in try await connection.query("""
                SELECT typeIdentifier, value, setAt FROM characteristic WHERE account = \(account)
                AND typeIdentifier = ANY(\(types.map(\.rawValue)))
                """, logger: logger).decode((String, String, Double).self) {
                stored[type] = (value, setAt)
            }
            return try types.compactMap { type -> StoredCharacteristic? in
                guard let (text, setAt) = stored[type.rawValue] else { return nil }
                guard let value = CharacteristicCoding.value(text, type: type) else {
                    throw StoreError(code: .corrupt, message: "The stored \(type.displayName) cannot be read. Set it again to replace it.")
                }
                return StoredCharacteristic(value: value, setAt: Date(timeIntervalSinceReferenceDate: setAt))
            }
        }
    }
}
