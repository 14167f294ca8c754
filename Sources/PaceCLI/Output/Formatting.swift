public import Foundation
public import PaceModel

/// How the human-readable output writes dates, durations, distances and energies.
public struct Formatting: Sendable {
    /// The time zone dates are shown in.
    public var timeZone: TimeZone

    /// Creates a formatting in a time zone (the process's own by default).
    public init(timeZone: TimeZone = .current) { self.timeZone = timeZone }

    /// `2026-11-20 07:05` in ``timeZone``.
    public func date(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0)
    }

    /// `42:07` or `1:02:03` for a duration in seconds (rounded to the second); `-` when not finite
    /// or past a whole number of seconds (about 292 billion years).
    public func duration(_ seconds: TimeInterval) -> String {
        guard let total = Int(exactly: seconds.rounded()) else { return "-" }
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
        return h > 0 ? String(format: "%d:%02d:%02d", h, m, s) : String(format: "%d:%02d", m, s)
    }

    /// `5.02 km` for a length quantity, `-` when absent.
    public func distance(_ quantity: Quantity?) -> String {
        guard let meters = try? quantity?.doubleValue(for: .meter) else { return "-" }
        return String(format: "%.2f km", meters / 1000)
    }

    /// `412 kcal` for an energy quantity, `-` when absent.
    public func energy(_ quantity: Quantity?) -> String {
        guard let kilocalories = try? quantity?.doubleValue(for: .kilocalorie) else { return "-" }
        return String(format: "%.0f kcal", kilocalories)
    }

    /// A value with its unit, `142 count/min`, with up to 6 significant digits.
    public func quantity(_ quantity: Quantity) -> String {
        "\(String(format: "%.6g", quantity.value)) \(quantity.unit.unitString)"
    }
}

/// Lays out rows as left-aligned columns separated by two spaces.
enum TextTable {
    static func render(header: [String], rows: [[String]]) -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}

/// Encodes command output as JSON with sorted keys and ISO 8601 dates.
enum JSONOutput {
    static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601.string(date))
        }
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

/// ISO 8601 in UTC with milliseconds, `2026-11-20T07:05:00.000Z`.
enum ISO8601 {
    static func string(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    static func date(_ string: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: string) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: string)
    }
}
