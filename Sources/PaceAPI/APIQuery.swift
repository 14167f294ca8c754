package import Foundation
package import PaceModel
package import PaceStore

/// The query parameters of an HTTP API request, read by name into the values the routes need —
/// one grammar for every route, each refusal an ``APIParameterError`` naming the parameter.
///
/// Absent parameters take the route's default (or `nil`); a parameter given more than once counts
/// by its first value, as the server's router reads it.
///
/// ```swift
/// let query = APIQuery { request.uri.queryParameters.get($0) }
/// let predicate = try query.interval()              // from / to, half-open
/// let limit = try query.limit(default: 50, maximum: 500)
/// ```
package struct APIQuery {
    private let value: (String) -> String?

    /// A query whose parameter `name` has the text `value(name)` (already percent-decoded), or none.
    package init(value: @escaping (String) -> String?) {
        self.value = value
    }

    /// A query of the given parameters.
    package init(_ parameters: [String: String]) {
        self.init { parameters[$0] }
    }

    /// The parameter's text, or `nil` when it is absent.
    package subscript(name: String) -> String? { value(name) }

    // MARK: Dates and intervals

    /// An ISO 8601 date and time as RFC 3339 writes it (`2026-11-26T07:00:00Z`, fractional seconds
    /// allowed, an offset or `Z` required; ``APIDateTime``), or `nil` when absent.
    /// - Throws: ``APIParameterError`` when the text is no such date, or names a day that does not exist.
    package func date(_ name: String) throws(APIParameterError) -> Date? {
        guard let text = value(name) else { return nil }
        guard let date = APIDateTime.parse(text) else {
            throw APIParameterError(name: name, problem: "is not an ISO 8601 date and time, e.g. 2026-11-26T07:00:00Z")
        }
        return date
    }

    /// An ISO 8601 date and time that must be given.
    /// - Parameter meaning: What the date is, for the message ("the range's start").
    /// - Throws: ``APIParameterError`` when it is absent or no such date.
    package func requiredDate(_ name: String, meaning: String) throws(APIParameterError) -> Date {
        guard let date = try date(name) else { throw APIParameterError(name: name, problem: "is missing; give \(meaning) (ISO 8601)") }
        return date
    }

    /// `from` and `to` (ISO 8601, each optional) as HealthKit's half-open interval predicate;
    /// ``SamplePredicate/all`` when neither is given.
    /// - Throws: ``APIParameterError`` for a date that does not read, or `to` before `from`.
    package func interval() throws(APIParameterError) -> SamplePredicate {
        let (from, to) = try dateRange()
        return from == nil && to == nil ? .all : .date(from: from, to: to)
    }

    /// `from` and `to` (ISO 8601, each optional), `to` not before `from`.
    /// - Throws: ``APIParameterError`` for a date that does not read, or `to` before `from`.
    package func dateRange() throws(APIParameterError) -> (from: Date?, to: Date?) {
        let from = try date("from"), to = try date("to")
        if let from, let to, to < from { throw APIParameterError(name: "to", problem: "is before 'from'; give the earlier date as 'from'") }
        return (from, to)
    }

    /// `from` and `to` as calendar days written `YYYY-MM-DD` (each optional), `to` not before `from`.
    /// - Throws: ``APIParameterError`` for a day that does not read, or `to` before `from`.
    package func dayRange() throws(APIParameterError) -> (from: DateComponents?, to: DateComponents?) {
        func day(_ name: String) throws(APIParameterError) -> DateComponents? {
            guard let text = value(name) else { return nil }
            guard let day = CalendarDay.components(fromText: text) else {
                throw APIParameterError(name: name, problem: "is not a calendar day written YYYY-MM-DD, e.g. 2026-11-26")
            }
            return day
        }
        let from = try day("from"), to = try day("to")
        if let from, let to, let first = CalendarDay.text(from), let last = CalendarDay.text(to), last < first {
            throw APIParameterError(name: "to", problem: "is before 'from'; give the earlier day as 'from'")
        }
        return (from, to)
    }

    /// `timeZone`, an IANA time zone name; UTC when absent.
    /// - Throws: ``APIParameterError`` for a name the system does not know.
    package func timeZone() throws(APIParameterError) -> TimeZone {
        let name = value("timeZone") ?? "UTC"
        guard let zone = TimeZone(identifier: name) else {
            throw APIParameterError(name: "timeZone", problem: "is not an IANA time zone, e.g. Europe/Zurich or America/New_York")
        }
        return zone
    }

    // MARK: Numbers

    /// `limit`, a page size from 1 to `maximum`; `value` when absent.
    /// - Throws: ``APIParameterError`` for anything else.
    package func limit(default value: Int, maximum: Int) throws(APIParameterError) -> Int {
        try wholeNumber("limit", in: 1...maximum) ?? value
    }

    /// A whole number in `range`, or `nil` when absent.
    /// - Throws: ``APIParameterError`` for text that is no whole number, or one outside `range`.
    package func wholeNumber(_ name: String, in range: ClosedRange<Int>) throws(APIParameterError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw APIParameterError(name: name, problem: range.upperBound == .max ? "must be a whole number from \(range.lowerBound) up"
                                        : "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// A finite number in `range`, or `nil` when absent.
    /// - Parameter unit: The number's unit, plural, for the message ("metres").
    /// - Throws: ``APIParameterError`` for text that is no number, not finite, or outside `range`.
    package func number(_ name: String, in range: ClosedRange<Double>, unit: String) throws(APIParameterError) -> Double? {
        guard let text = value(name) else { return nil }
        guard let number = Double(text), number.isFinite, range.contains(number) else {
            throw APIParameterError(name: name, problem: "must be a number of \(unit) from \(Self.plain(range.lowerBound)) to \(Self.plain(range.upperBound))")
        }
        return number
    }

    /// A bound as people write it: `1000`, not `1000.0` or `1,000`.
    private static func plain(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    // MARK: Paging and sync

    /// `cursor`, the page cursor a previous page gave, or `nil` when absent.
    /// - Throws: ``APIParameterError`` for text that is no cursor this server gave.
    package func cursor() throws(APIParameterError) -> PageCursor? {
        try value("cursor").map { text throws(APIParameterError) in try PageCursor(parsing: text) }
    }

    /// `anchor`, the sync anchor a previous pull gave, or `nil` when absent.
    /// - Throws: ``APIParameterError`` for text that is no anchor this server gave.
    package func syncAnchor() throws(APIParameterError) -> QueryAnchor? {
        try value("anchor").map { text throws(APIParameterError) in try SyncAnchorText.anchor(text) }
    }

    // MARK: Types and options

    /// `activityType`, a workout activity type by its name (`running`, `cycling`, …), or `nil` when absent.
    /// - Throws: ``APIParameterError`` for a name that is no activity type.
    package func activityType() throws(APIParameterError) -> WorkoutActivityType? {
        guard let name = value("activityType") else { return nil }
        guard let type = WorkoutActivityType.allCases.first(where: { $0.name == name }) else {
            throw APIParameterError(name: "activityType", problem: "is not an activity type (e.g. running, cycling)")
        }
        return type
    }

    /// HealthKit's statistics option names, as `options` takes them.
    package static let statisticsOptionNames: [(name: String, option: StatisticsOptions)] = [
        ("discreteAverage", .average), ("discreteMin", .minimum), ("discreteMax", .maximum), ("mostRecent", .mostRecent), ("cumulativeSum", .sum),
    ]

    /// `options`, comma-separated HealthKit option names that fit the type's aggregation
    /// (`cumulativeSum` alone for a cumulative type, any others for a discrete one); the type's
    /// default when absent.
    /// - Throws: ``APIParameterError`` for an unknown name, or one the type's aggregation refuses.
    package func statisticsOptions(for type: QuantityTypeIdentifier) throws(APIParameterError) -> StatisticsOptions {
        guard let text = value("options") else { return .default(for: type) }
        let names = Self.statisticsOptionNames
        var options: StatisticsOptions = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let option = names.first(where: { $0.name == name })?.option else {
                throw APIParameterError(name: "options", problem: "has '\(name)', which is not one of \(names.map(\.name).joined(separator: ", "))")
            }
            options.insert(option)
        }
        let cumulative = type.descriptor.aggregationStyle.isCumulative
        if cumulative, options != .sum {
            throw APIParameterError(name: "options", problem: "can only be cumulativeSum: \(type.rawValue) is cumulative")
        }
        if !cumulative, options.contains(.sum) {
            throw APIParameterError(name: "options", problem: "cannot hold cumulativeSum: \(type.rawValue) is discrete; "
                                        + "ask for discreteAverage, discreteMin, discreteMax or mostRecent")
        }
        return options
    }

    /// A value of a closed set by its raw text, or `nil` when absent.
    /// - Throws: ``APIParameterError`` for any other text, listing the values.
    package func oneOf<Value: RawRepresentable & CaseIterable>(_ name: String, _ type: Value.Type) throws(APIParameterError) -> Value?
        where Value.RawValue == String {
        guard let text = value(name) else { return nil }
        guard let chosen = Value(rawValue: text) else {
            throw APIParameterError(name: name, problem: "must be one of \(Value.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return chosen
    }
}
