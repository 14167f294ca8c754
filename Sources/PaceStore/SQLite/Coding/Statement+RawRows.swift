import GRDB
import GRDBSQLite

extension Database {
    /// Runs `sql` with `arguments` and hands each result row to `body` as SQLite's own statement
    /// handle, to read with `sqlite3_column_*`: no GRDB `Row` per row, for scans of many rows
    /// (anchored pages, rollup buckets).
    ///
    /// The handle is valid only inside `body`; the statement is reset afterwards.
    func forEachRawRow(_ sql: String, arguments: StatementArguments, _ body: (OpaquePointer) throws -> Void) throws {
        let statement = try makeStatement(sql: sql)
        try statement.setArguments(arguments)
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(sqliteConnection)),
                                    sql: sql)
            }
            try body(handle)
        }
    }
}
