import Foundation
import Hummingbird
import PaceModel
import PaceStore

/// The workout list's filters: an activity and a range of local days, from the query
/// (`?activity=running&from=2026-11-01&to=2026-11-30`, both days included, in the reader's time zone).
struct WorkoutFilter {
    /// One choice of the activity menu.
    struct Choice {
        var value: String
        var name: String
        var selected: Bool
    }

    /// The activity chosen.
    var activity: WorkoutActivityType?
    /// The first day, as given (`YYYY-MM-DD`), or empty.
    var from = ""
    /// The last day, as given, or empty.
    var to = ""
    /// The start of the first day.
    var start: Date?
    /// The end of the last day (the next day's start), excluded.
    var end: Date?
    /// What in the query could not be read, for the reader.
    var problems: [String] = []

    /// Reads the filters of a query; a value that cannot be read is left out and named in ``problems``.
    init(_ query: Parameters, calendar: Calendar) {
        if let name = query.get("activity"), !name.isEmpty {
            activity = WorkoutActivityType(name: name)
            if activity == nil { problems.append("'\(name)' is not an activity.") }
        }
        func day(_ name: String) -> (String, Date?) {
            guard let text = query.get(name), !text.isEmpty else { return ("", nil) }
            guard let parts = CalendarDay.components(fromText: text), let date = calendar.date(from: parts) else {
                problems.append("'\(text)' is not a day written YYYY-MM-DD.")
                return ("", nil)
            }
            return (text, date)
        }
        let first = day("from"), last = day("to")
        (from, start) = first
        to = last.0
        end = last.1.flatMap { calendar.date(byAdding: .day, value: 1, to: $0) }
    }

    /// Whether any filter is set.
    var isActive: Bool { activity != nil || start != nil || end != nil }

    /// The workouts the filters let through: of the activity, started in the range.
    var predicate: SamplePredicate {
        let range: SamplePredicate? = start != nil || end != nil ? .date(from: start, to: end, options: .strictStartDate) : nil
        switch (activity.map(SamplePredicate.activityType), range) {
        case (let kind?, let range?): return kind && range
        case (let kind?, nil): return kind
        case (nil, let range?): return range
        case (nil, nil): return .all
        }
    }

    /// The filters as a query prefix (`activity=running&from=…&`), to keep them in the next page's link.
    var query: String {
        var parts: [String] = []
        if let activity { parts.append("activity=" + activity.name) }
        if !from.isEmpty { parts.append("from=" + from) }
        if !to.isEmpty { parts.append("to=" + to) }
        return parts.map { $0 + "&" }.joined()
    }

    /// The activity menu: every activity, by display name, the chosen one selected.
    var choices: [Choice] {
        WorkoutActivityType.allCases.filter { !$0.isDeprecated }
            .map { Choice(value: $0.name, name: $0.displayName, selected: $0 == activity) }
            .sorted { $0.name < $1.name }
    }
}
