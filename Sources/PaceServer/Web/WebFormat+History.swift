import Foundation

/// How the history pages write days, periods, efforts and plain figures (beside ``WebFormat``'s distance, time and pace).
extension WebFormat {
    /// `2026-11-26`: the local day of `date` in `calendar`'s time zone.
    static func day(_ date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// `2026-11`: the local month of `date` in `calendar`'s time zone.
    static func month(_ date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month], from: date)
        return String(format: "%04d-%02d", parts.year ?? 0, parts.month ?? 0)
    }

    /// `November 2026`: a month for people.
    static func monthName(_ date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month], from: date)
        let names = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        let month = parts.month.map { names[($0 - 1 + 12) % 12] } ?? "?"
        return "\(month) \(parts.year ?? 0)"
    }

    /// `5 km`, `Half marathon`, `Best 20-min power`: an effort's name (``PaceAnalysis/EffortDistance/name``) for people.
    static func effort(_ name: String) -> String {
        switch name {
        case "400m": "400 m"
        case "1km": "1 km"
        case "1mi": "1 mile"
        case "5km": "5 km"
        case "10km": "10 km"
        case "halfMarathon": "Half marathon"
        case "marathon": "Marathon"
        case "power20min": "Best 20-min power"
        default: name
        }
    }

    /// The JSON text of a value for a page's `data-` attribute (the template escapes it); `{}` if it cannot be encoded.
    static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
