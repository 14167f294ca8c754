/// The one `INSERT` of `healthObject` rows, shared by the single-object save path, the sample bulk
/// path and its multi-row chunks, so their 16 columns cannot drift apart.
enum HealthObjectInsert {
    /// The columns, in the order every writer binds them.
    static let columns = [
        "uuid", "kind", "typeIdentifier", "startDate", "endDate", "anchor",
        "sourceName", "sourceBundleIdentifier", "sourceVersion", "sourceProductType", "sourceOperatingSystemVersion",
        "deviceID", "metadata", "syncIdentifier", "syncVersion", "savedAt",
    ]

    /// The statement inserting `rows` rows (one parameter per column and row).
    static func sql(rows: Int = 1) -> String {
        let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ",") + ")"
        return "INSERT INTO healthObject (" + columns.joined(separator: ", ") + ") VALUES "
            + Array(repeating: row, count: rows).joined(separator: ",")
    }
}
