import ArgumentParser
import Foundation
import PaceAnalysis
import PaceModel
import PaceStore

/// `pace trends`: totals per week, month or year and activity, training load, and health trends.
struct TrendsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trends",
        abstract: "Show totals per week, month or year, training load, and health trends.",
        discussion: """
            Periods follow the local calendar (TZ); weeks start on Monday unless --week-start sunday. \
            Totals count each workout in the period it started in. Training load is Banister's TRIMP per \
            workout with 7-day (acute) and 42-day (chronic) exponentially weighted means; health trends are \
            resting heart rate, body mass, steps, sleep and VO2max (docs/ANALYSIS.md). The range defaults \
            to the last 12 weeks. --json prints metres, seconds, kilograms and the types' own units.
            """)

    /// The period of totals and trends.
    enum Period: String, ExpressibleByArgument, CaseIterable {
        case day, week, month, year

        var history: HistoryPeriod {
            switch self {
            case .day: .day
            case .week: .week
            case .month: .month
            case .year: .year
            }
        }
    }

    /// The first day of the week.
    enum WeekStart: String, ExpressibleByArgument, CaseIterable {
        case monday, sunday

        var weekday: Int { self == .monday ? 2 : 1 }
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var units: UnitsOptions
    @OptionGroup var heartRate: HeartRateOptions

    @Option(name: .long, help: "The start: a date (2026-03-29, local midnight) or an ISO 8601 date-time (default: 12 weeks ago).")
    var from: String?

    @Option(name: .long, help: "The end, excluded: a date (local midnight) or an ISO 8601 date-time (default: now).")
    var to: String?

    @Option(name: .long, help: "The period of totals and health trends: day, week, month or year.")
    var by: Period = .week

    @Option(name: .long, help: "The first day of a week: monday or sunday.")
    var weekStart: WeekStart = .monday

    func validate() throws {
        for (option, text) in [("--from", from), ("--to", to)] {
            if let text, StatsCommand.date(text, timeZone: .current) == nil {
                throw ValidationError("\(option) '\(text)' is not a date such as 2026-03-29 or an ISO 8601 date-time such as 2026-03-29T07:00:00Z.")
            }
        }
    }

    func run() async throws {
        output.write(try await report(timeZone: .current, now: Date()))
    }

    /// The tables or JSON the command prints, in `timeZone`, the default range ending at `now`.
    func report(timeZone: TimeZone, now: Date) async throws -> String {
        let calendar = Calendar.history(timeZone: timeZone, firstWeekday: weekStart.weekday)
        let end = to.flatMap { StatsCommand.date($0, timeZone: timeZone) } ?? now
        let start = from.flatMap { StatsCommand.date($0, timeZone: timeZone) }
            ?? calendar.date(byAdding: .weekOfYear, value: -12, to: calendar.startOfDay(for: end)) ?? end
        guard start < end else { throw ValidationError("--from must be before --to.") }
        let store = try storeOptions.open()
        // Three chronic time constants before the range warm the training load up.
        let warmUp = calendar.date(byAdding: .day, value: -126, to: start) ?? start
        var inRange: [WorkoutDigest] = []
        var all: [WorkoutDigest] = []
        for workout in try await store.workouts() where workout.startDate >= warmUp && workout.startDate < end {
            let digest = WorkoutDigest(workout, analysis: try await store.analysis(of: workout, options: heartRate.analysisOptions))
            all.append(digest)
            if workout.startDate >= start { inRange.append(digest) }
        }
        let totals = PeriodTotals.totals(of: inRange, by: by.history, calendar: calendar)
        let model = TrainingLoad(restingHeartRate: heartRate.restingHeartRate ?? 60, maximumHeartRate: heartRate.maxHeartRate)
        let load = model.days(of: all, from: start, to: end, calendar: calendar)
        var health: [HealthTrend] = []
        for metric in HealthMetric.allCases {
            if let type = metric.quantityType {
                health.append(HealthTrend(metric, values: try await store.quantitySeries(of: type, from: start, to: end), by: by.history, calendar: calendar))
            } else {
                // A night that ends in the range began up to a day before it.
                let objects = try await store.samples(of: .category(.sleepAnalysis), from: start.addingTimeInterval(-86_400), to: end)
                let nights = objects.compactMap { object -> CategorySample? in
                    if case .categorySample(let sample) = object, sample.endDate > start, sample.endDate <= end { return sample }
                    return nil
                }
                health.append(HealthTrend(sleep: nights, by: by.history, calendar: calendar))
            }
        }
        if output.json {
            return try JSONOutput.encode(TrendsJSON(timeZone: timeZone.identifier, from: start, to: end, period: by.rawValue,
                                                    weekStart: weekStart.rawValue, totals: totals, model: model, load: load, health: health))
        }
        return text(totals: totals, load: load, health: health, formatting: Formatting(timeZone: timeZone))
    }

    private func text(totals: [PeriodTotals], load: [TrainingLoad.Day], health: [HealthTrend], formatting: Formatting) -> String {
        var sections: [String] = []
        func day(_ date: Date) -> String { String(formatting.date(date).prefix(10)) }
        if totals.isEmpty {
            sections.append("No workouts in the range.")
        } else {
            sections.append(TextTable.render(header: [by.rawValue.uppercased(), "ACTIVITY", "WORKOUTS", "DISTANCE", "TIME", "MOVING", "CLIMB"],
                                             rows: totals.map { total in
                [day(total.interval.start), total.activityType.name, String(total.count), units.distance(total.distance),
                 formatting.duration(total.duration), formatting.duration(total.movingTime), units.elevation(total.elevationGain)]
            }))
        }
        // The load at the end of each week of the range, from the first with any.
        let weekly = load.enumerated().filter { $0.offset % 7 == 6 || $0.offset == load.count - 1 }.map(\.element)
            .drop(while: { $0.acute < 0.05 && $0.chronic < 0.05 })
        if !weekly.isEmpty {
            sections.append(TextTable.render(header: ["LOAD ON", "ACUTE (7 d)", "CHRONIC (42 d)", "RATIO"], rows: weekly.map { entry in
                [day(entry.interval.start), String(format: "%.1f", entry.acute), String(format: "%.1f", entry.chronic),
                 entry.ratio.map { String(format: "%.2f", $0) } ?? "-"]
            }))
        }
        for trend in health where !trend.points.isEmpty {
            sections.append(TextTable.render(header: [by.rawValue.uppercased(), Self.title(of: trend.metric)], rows: trend.points.map { point in
                [day(point.interval.start), Self.value(point.value, of: trend.metric, formatting: formatting)]
            }))
        }
        return sections.joined(separator: "\n\n")
    }

    private static func title(of metric: HealthMetric) -> String {
        switch metric {
        case .restingHeartRate: "RESTING HR"
        case .bodyMass: "BODY MASS"
        case .steps: "STEPS / DAY"
        case .sleep: "SLEEP / NIGHT"
        case .vo2Max: "VO2MAX"
        }
    }

    private static func value(_ value: Double, of metric: HealthMetric, formatting: Formatting) -> String {
        switch metric {
        case .restingHeartRate: String(format: "%.0f bpm", value)
        case .bodyMass: String(format: "%.1f kg", value)
        case .steps: String(format: "%.0f", value)
        case .sleep: formatting.duration(value)
        case .vo2Max: String(format: "%.1f mL/(kg·min)", value)
        }
    }
}

/// The `--json` form of `pace trends`: SI units (metres, seconds, kg), dates ISO 8601 UTC. Field names are stable.
struct TrendsJSON: Encodable {
    /// One period's totals of one activity.
    struct Total: Encodable {
        var start: Date
        var end: Date
        var activityType: String
        var count: Int
        var distanceMeters: Double
        var durationSeconds: Double
        var movingSeconds: Double
        var elevationGainMeters: Double
    }

    /// The impulse model's parameters.
    struct Model: Encodable {
        var restingHeartRate: Double
        var maximumHeartRate: Double
        var a: Double
        var b: Double
        var assumedIntensity: Double
        var acuteDays: Double
        var chronicDays: Double
    }

    /// One day of training load.
    struct LoadDay: Encodable {
        var start: Date
        var impulse: Double
        var acute: Double
        var chronic: Double
        var ratio: Double?
    }

    /// The training load over the range.
    struct Load: Encodable {
        var model: Model
        var days: [LoadDay]
    }

    /// One period of a health metric.
    struct Point: Encodable {
        var start: Date
        var end: Date
        var value: Double
        var count: Int
    }

    /// One health metric.
    struct Trend: Encodable {
        var metric: String
        var unit: String
        var points: [Point]
    }

    var timeZone: String
    var from: Date
    var to: Date
    var period: String
    var weekStart: String
    var totals: [Total]
    var trainingLoad: Load
    var health: [Trend]

    init(timeZone: String, from: Date, to: Date, period: String, weekStart: String, totals: [PeriodTotals],
         model: TrainingLoad, load: [TrainingLoad.Day], health: [HealthTrend]) {
        self.timeZone = timeZone
        self.from = from
        self.to = to
        self.period = period
        self.weekStart = weekStart
        self.totals = totals.map {
            Total(start: $0.interval.start, end: $0.interval.end, activityType: $0.activityType.name, count: $0.count,
                  distanceMeters: $0.distance, durationSeconds: $0.duration, movingSeconds: $0.movingTime, elevationGainMeters: $0.elevationGain)
        }
        trainingLoad = Load(model: Model(restingHeartRate: model.restingHeartRate, maximumHeartRate: model.maximumHeartRate, a: model.a, b: model.b,
                                         assumedIntensity: model.assumedIntensity, acuteDays: model.acuteDays, chronicDays: model.chronicDays),
                            days: load.map { LoadDay(start: $0.interval.start, impulse: $0.impulse, acute: $0.acute, chronic: $0.chronic, ratio: $0.ratio) })
        self.health = health.map { trend in
            Trend(metric: trend.metric.rawValue, unit: trend.metric.unit,
                  points: trend.points.map { Point(start: $0.interval.start, end: $0.interval.end, value: $0.value, count: $0.count) })
        }
    }
}
