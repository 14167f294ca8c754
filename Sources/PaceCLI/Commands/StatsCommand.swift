import ArgumentParser
import Foundation
import PaceModel
import PaceStore

/// `pace stats TYPE --from DATE --to DATE --by day`: one statistic of a quantity type per
/// hour, day, week or month, in the local time zone (days follow local midnight).
struct StatsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show a statistic of one quantity type per hour, day, week or month.",
        discussion: """
            Intervals follow the local calendar (TZ): a day runs from local midnight to local midnight, \
            so a daylight-saving day has 23 or 25 hours; weeks start on Monday. Every interval of the range \
            is printed, empty ones as '-'. The default statistic is the sum for cumulative types (steps, \
            distance, energy) and the average for discrete ones (heart rate). Values are in the type's unit.
            """)

    /// The length of each interval.
    enum Period: String, ExpressibleByArgument, CaseIterable {
        case hour, day, week, month
    }

    /// The statistic to print.
    enum Statistic: String, EnumerableFlag {
        case sum, avg, min, max

        static func help(for value: Statistic) -> ArgumentHelp? {
            switch value {
            case .sum: "The total (cumulative types)."
            case .avg: "The average (discrete types)."
            case .min: "The minimum (discrete types)."
            case .max: "The maximum (discrete types)."
            }
        }

        var options: StatisticsOptions {
            switch self {
            case .sum: .sum
            case .avg: .average
            case .min: .minimum
            case .max: .maximum
            }
        }
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The quantity type, e.g. stepCount or HKQuantityTypeIdentifierHeartRate.")
    var type: String

    @Option(name: .long, help: "The start: a date (2026-03-29, local midnight) or an ISO 8601 date-time.")
    var from: String

    @Option(name: .long, help: "The end, excluded: a date (local midnight) or an ISO 8601 date-time.")
    var to: String

    @Option(name: .long, help: "The interval: hour, day, week or month.")
    var by: Period = .day

    @Flag(exclusivity: .exclusive)
    var statistic: Statistic?

    func validate() throws {
        for (option, text) in [("--from", from), ("--to", to)] where Self.date(text, timeZone: .current) == nil {
            throw ValidationError("\(option) '\(text)' is not a date such as 2026-03-29 or an ISO 8601 date-time such as 2026-03-29T07:00:00Z.")
        }
    }

    /// Parses and validates `arguments` as ArgumentParser would (for tests, which do not import ArgumentParser).
    static func parsed(_ arguments: [String]) throws -> StatsCommand { try parse(arguments) }

    func run() async throws {
        output.write(try await report(timeZone: .current))
    }

    /// The table or JSON the command prints, dates in `timeZone`.
    func report(timeZone: TimeZone) async throws -> String {
        guard case .quantity(let quantityType) = try HealthObjectType(lenient: type) else {
            throw ValidationError("'\(type)' is not a quantity type; statistics need numbers. See 'pace types' for the quantity types.")
        }
        guard let start = Self.date(from, timeZone: timeZone), let end = Self.date(to, timeZone: timeZone) else {
            throw ValidationError("--from and --to must be dates such as 2026-03-29 or ISO 8601 date-times.")
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.firstWeekday = 2
        let (anchor, interval) = anchorAndInterval(for: start, calendar: calendar)
        let options = statistic?.options ?? .default(for: quantityType)
        let collection = try await storeOptions.open().statisticsCollection(
            for: quantityType, options: options, anchor: anchor, interval: interval, from: start, to: end, calendar: calendar)
        let unit = quantityType.canonicalUnit.unitString
        let name = Self.name(of: options)
        if output.json {
            let intervals = collection.statistics.map { entry in
                StatsJSON.Interval(start: entry.interval?.start ?? start, end: entry.interval?.end ?? end,
                                   value: entry.value(for: options)?.value, sampleCount: entry.sampleCount)
            }
            return try JSONOutput.encode(StatsJSON(type: quantityType.rawValue, statistic: name, unit: unit, intervals: intervals))
        }
        let formatting = Formatting(timeZone: timeZone)
        let rows = collection.statistics.map { entry in
            [entry.interval.map { formatting.date($0.start) } ?? "-",
             entry.value(for: options).map { formatting.quantity($0) } ?? "-",
             String(entry.sampleCount)]
        }
        return TextTable.render(header: ["START", name.uppercased(), "SAMPLES"], rows: rows)
    }

    /// The start of the period holding `start`, and the period as calendar components.
    private func anchorAndInterval(for start: Date, calendar: Calendar) -> (Date, DateComponents) {
        let component: Calendar.Component = switch by {
        case .hour: .hour
        case .day: .day
        case .week: .weekOfYear
        case .month: .month
        }
        let anchor = calendar.dateInterval(of: component, for: start)?.start ?? start
        var interval = DateComponents()
        interval.setValue(1, for: component)
        return (anchor, interval)
    }

    private static func name(of options: StatisticsOptions) -> String {
        if options.contains(.sum) { return "sum" }
        if options.contains(.minimum) { return "minimum" }
        if options.contains(.maximum) { return "maximum" }
        return "average"
    }

    /// An ISO 8601 date-time, or `yyyy-MM-dd` as local midnight in `timeZone`.
    static func date(_ text: String, timeZone: TimeZone) -> Date? {
        if let date = ISO8601.date(text) { return date }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: year, month: month, day: day)
        guard let date = calendar.date(from: components),
              calendar.component(.day, from: date) == day, calendar.component(.month, from: date) == month else { return nil }
        return date
    }
}

/// The `--json` form of `pace stats`: values in `unit`, dates in ISO 8601 UTC; empty intervals have no `value`.
struct StatsJSON: Encodable {
    struct Interval: Encodable {
        var start: Date
        var end: Date
        var value: Double?
        var sampleCount: Int
    }

    var type: String
    var statistic: String
    var unit: String
    var intervals: [Interval]
}
