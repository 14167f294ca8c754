import Foundation

/// Figures in the reader's units and dates in the reader's zone (``AccountSettings``). The metric
/// functions without units stay as they are for pages that do not pass settings.
extension WebFormat {
    /// Metres in a mile.
    static let metresPerMile = 1_609.344
    /// Metres in a foot.
    static let metresPerFoot = 0.3048

    /// `12.34 km` or `7.67 mi` from metres; `—` when unknown.
    static func distance(_ metres: Double?, units: AccountSettings.Units) -> String {
        guard units == .imperial else { return distance(metres) }
        guard let metres, metres.isFinite else { return "—" }
        return String(format: "%.2f mi", metres / metresPerMile)
    }

    /// `5:12 /km` or `8:22 /mi` from seconds and metres; `—` when either is unknown, the distance is
    /// zero or the pace past a whole number of seconds.
    static func pace(seconds: Double?, metres: Double?, units: AccountSettings.Units) -> String {
        guard units == .imperial else { return pace(seconds: seconds, metres: metres) }
        guard let seconds, let metres, metres > 0, seconds.isFinite, metres.isFinite,
              let perMile = Int(exactly: (seconds / metres * metresPerMile).rounded()) else { return "—" }
        return String(format: "%d:%02d /mi", perMile / 60, perMile % 60)
    }

    /// `123 m` or `404 ft` from metres; `—` when unknown.
    static func elevation(_ metres: Double?, units: AccountSettings.Units) -> String {
        guard let metres, metres.isFinite else { return "—" }
        return units == .imperial ? String(format: "%.0f ft", metres / metresPerFoot) : String(format: "%.0f m", metres)
    }

    /// `2026-11-26 21:04` in `zone` (24-hour clock, the zone's abbreviation after it), for the
    /// text of a `<time>` whose `datetime` is ``instant(_:)``.
    static func date(_ date: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let text = String(format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0)
        return text + " " + (zone.abbreviation(for: date) ?? zone.identifier)
    }

    /// The unit a pace is written per: `km` or `mi`.
    static func paceUnit(_ units: AccountSettings.Units) -> String {
        units == .imperial ? "mi" : "km"
    }
}
