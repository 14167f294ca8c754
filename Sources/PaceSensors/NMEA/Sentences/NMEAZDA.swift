/// ZDA — time and date: UTC time, day, month, four-digit year, local zone offset.
public struct NMEAZDA: Hashable, Sendable {
    /// UTC time.
    public var time: NMEATimeOfDay?
    /// UTC date; `nil` when any of day, month, year is empty.
    public var date: NMEADate?
    /// Local zone hours, −13…13 (informational; times are UTC).
    public var localZoneHours: Int?
    /// Local zone minutes, 0…59, with the sign of the hours.
    public var localZoneMinutes: Int?

    init(_ reader: NMEAFieldReader) throws(NMEAParseError) {
        try reader.require(4)
        time = try reader.time(0)
        let day = try reader.int(1, "day", in: 1...31)
        let month = try reader.int(2, "month", in: 1...12)
        let year = try reader.int(3, "year", in: 1980...9999)
        if let day, let month, let year {
            let date = NMEADate(year: year, month: month, day: day)
            guard date.isValid else { throw reader.fail(1, "day") }
            self.date = date
        }
        localZoneHours = try reader.int(4, "local zone hours", in: -13...13)
        localZoneMinutes = try reader.int(5, "local zone minutes", in: 0...59)
    }
}
