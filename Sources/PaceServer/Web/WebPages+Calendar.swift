import Foundation
import Hummingbird
import PaceAnalysis
import PaceModel
import PaceStore

/// `GET /workouts/calendar?month=2026-11`: one month of the reader's calendar (weeks from Monday,
/// days in their time zone), each day's workouts linked, with the previous and next months.
extension WebPages {
    /// One day of the month grid, or a blank before the first or after the last day.
    struct CalendarCell {
        var inMonth: Bool
        var number: Int
        var date: String
        var isToday: Bool
        var workouts: [LinkedWorkout]
    }

    /// One row of the grid, Monday to Sunday.
    struct CalendarWeek {
        var days: [CalendarCell]
    }

    /// The calendar page's content.
    struct CalendarPage {
        var title: String
        var account: String
        var zone: String
        var zoneQuery: String
        var month: String
        var weekdays: [String]
        var weeks: [CalendarWeek]
        var count: Int
        var previous: String
        var next: String
    }

    @Sendable func calendar(_ request: Request, context: ServerRequestContext) async throws -> Response {
        guard let (account, caller) = try await signedIn(request, context) else { return Self.redirect(to: "/sign-in") }
        let reader = try await reader(request, account: account)
        let calendar = reader.calendar
        let asked = request.uri.queryParameters.get("month")
        guard let start = Self.monthStart(asked, calendar: calendar),
              let end = calendar.date(byAdding: .month, value: 1, to: start),
              let previous = calendar.date(byAdding: .month, value: -1, to: start) else {
            return try notFound(account: account.name)
        }
        let found = try await caller.store.samples(matching: .workout, predicate: .date(from: start, to: end, options: .strictStartDate),
                                                   sort: [.startDate(ascending: true)])
        var byDay: [Int: [LinkedWorkout]] = [:]
        for case .workout(let workout) in found {
            let day = calendar.component(.day, from: workout.startDate)
            byDay[day, default: []].append(Self.linked(WorkoutDigest(workout), reader: reader))
        }
        let days = calendar.range(of: .day, in: .month, for: start)?.count ?? 0
        let leading = (calendar.component(.weekday, from: start) - calendar.firstWeekday + 7) % 7
        let today = WebFormat.day(Date(), calendar: calendar)
        var cells = Array(repeating: CalendarCell(inMonth: false, number: 0, date: "", isToday: false, workouts: []), count: leading)
        for number in 1...max(days, 1) where days > 0 {
            let date = calendar.date(byAdding: .day, value: number - 1, to: start).map { WebFormat.day($0, calendar: calendar) } ?? ""
            cells.append(CalendarCell(inMonth: true, number: number, date: date, isToday: date == today, workouts: byDay[number] ?? []))
        }
        while cells.count % 7 != 0 { cells.append(CalendarCell(inMonth: false, number: 0, date: "", isToday: false, workouts: [])) }
        let weeks = stride(from: 0, to: cells.count, by: 7).map { CalendarWeek(days: Array(cells[$0..<$0 + 7])) }
        let names = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        let weekdays = (0..<7).map { names[($0 + calendar.firstWeekday - 1) % 7] }
        let month = WebFormat.monthName(start, calendar: calendar)
        return try render("calendar", CalendarPage(
            title: month, account: account.name, zone: reader.name, zoneQuery: reader.query, month: month,
            weekdays: weekdays, weeks: weeks, count: byDay.values.reduce(0) { $0 + $1.count },
            previous: WebFormat.month(previous, calendar: calendar), next: WebFormat.month(end, calendar: calendar)))
    }

    /// The local start of the month `2026-11` in `calendar`, or of the current month without one;
    /// `nil` for text that is no month.
    static func monthStart(_ text: String?, calendar: Calendar) -> Date? {
        guard let text else {
            return calendar.dateInterval(of: .month, for: Date())?.start
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let year = Int(parts[0]), let month = Int(parts[1]),
              (1...12).contains(month), year >= 1 else { return nil }
        return calendar.date(from: DateComponents(year: year, month: month, day: 1))
    }
}
