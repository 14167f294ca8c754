import Foundation

/// How the pages write figures: metric units, durations as clock time, pace as minutes per kilometre.
enum WebFormat {
    /// `12.34 km` from metres; `—` when unknown.
    static func distance(_ metres: Double?) -> String {
        guard let metres, metres.isFinite else { return "—" }
        return String(format: "%.2f km", metres / 1000)
    }

    /// `1:02:03` or `12:34` from seconds; `—` when unknown or past a whole number of seconds
    /// (about 292 billion years: a stored workout may state any finite span).
    static func duration(_ seconds: Double?) -> String {
        guard let seconds, seconds >= 0, let whole = Int(exactly: seconds.rounded()) else { return "—" }
        let hours = whole / 3600, minutes = whole / 60 % 60, rest = whole % 60
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }

    /// `5:12 /km` from seconds and metres; `—` when either is unknown, the distance is zero or the
    /// pace past a whole number of seconds (an hour over 10⁻¹⁵ m).
    static func pace(seconds: Double?, metres: Double?) -> String {
        guard let seconds, let metres, metres > 0, seconds.isFinite, metres.isFinite,
              let perKilometre = Int(exactly: (seconds / metres * 1000).rounded()) else { return "—" }
        return String(format: "%d:%02d /km", perKilometre / 60, perKilometre % 60)
    }

    /// An ISO 8601 instant for `<time datetime>` (the page's script shows it in the reader's zone).
    static func instant(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
