public import Foundation

/// The periods history is counted in.
public enum HistoryPeriod: String, Hashable, Sendable, CaseIterable, Codable {
    /// A day, local midnight to local midnight (23 or 25 hours across a daylight-saving change).
    case day
    /// A week starting on the calendar's first weekday (Monday by default).
    case week
    /// A calendar month.
    case month
    /// A calendar year.
    case year

    /// The `Calendar` component of the period.
    public var component: Calendar.Component {
        switch self {
        case .day: .day
        case .week: .weekOfYear
        case .month: .month
        case .year: .year
        }
    }
}

extension Calendar {
    /// The Gregorian calendar history is counted in: the user's time zone, weeks starting on
    /// `firstWeekday` (1 Sunday, 2 Monday — the default, ISO 8601 — … 7 Saturday).
    ///
    /// ```swift
    /// let calendar = Calendar.history(timeZone: TimeZone(identifier: "Europe/Berlin")!)
    /// ```
    public static func history(timeZone: TimeZone, firstWeekday: Int = 2) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.firstWeekday = firstWeekday
        calendar.minimumDaysInFirstWeek = 4
        return calendar
    }

    /// The period of this calendar holding `date`.
    public func interval(of period: HistoryPeriod, containing date: Date) -> DateInterval {
        dateInterval(of: period.component, for: date) ?? DateInterval(start: date, duration: 0)
    }
}
