import Foundation
import Hummingbird
import PaceAnalysis
import PaceModel
import PaceStore

/// `GET /trends?period=day|week|month`: over the last 12 weeks, the training load (acute and chronic,
/// ``PaceAnalysis/TrainingLoad``) and the health trends the store holds (``PaceAnalysis/HealthTrend``:
/// resting heart rate, body mass, steps, sleep, VO2max), each charted with its figures in a table.
extension WebPages {
    /// A line chart's data, read by `pace.js` from the canvas's `data-chart`.
    struct LineChart: Encodable {
        /// One line, one value per label (`nil` for none).
        struct Series: Encodable {
            var label: String
            var values: [Double?]
        }
        var labels: [String]
        var series: [Series]
        var unit: String
    }

    /// One period of a health metric.
    struct TrendRow {
        var period: String
        var value: String
    }

    /// One health metric's section.
    struct TrendSection {
        var key: String
        var name: String
        var rows: [TrendRow]
        var hasRows: Bool
        var latest: String
        var data: String
    }

    /// The trends page's content.
    struct TrendsPage {
        var title = "Trends"
        var chart = true
        var account: String
        var zone: String
        var from: String
        var periodName: String
        var choices: [PeriodChoice]
        var hasLoad: Bool
        var acute: String
        var chronic: String
        var ratio: String
        var load: String
        var metrics: [TrendSection]
    }

    /// The days the trends page covers (12 weeks), and the days before them that warm the training load up (3 × 42).
    static let trendDays = 84, warmUpDays = 126

    @Sendable func trends(_ request: Request, context: ServerRequestContext) async throws -> Response {
        guard let (account, caller) = try await signedIn(request, context) else { return Self.redirect(to: "/sign-in") }
        let reader = try await reader(request, account: account)
        let calendar = reader.calendar
        let periods: [(value: String, name: String, period: HistoryPeriod)] = [("day", "Day", .day), ("week", "Week", .week), ("month", "Month", .month)]
        let asked = request.uri.queryParameters.get("period") ?? "week"
        guard let choice = periods.first(where: { $0.value == asked }) else { return try notFound(account: account.name) }
        let end = calendar.interval(of: .day, containing: Date()).end
        let start = calendar.date(byAdding: .day, value: -Self.trendDays, to: end) ?? end
        let warmUp = calendar.date(byAdding: .day, value: -Self.warmUpDays, to: start) ?? start

        let digests = try await digests(caller).filter { $0.startDate >= warmUp && $0.startDate < end }
        let days = TrainingLoad().days(of: digests, from: start, to: end, calendar: calendar)
        let hasLoad = digests.contains { $0.startDate >= start } || days.contains { $0.chronic > 0.05 }
        let last = days.last
        let load = LineChart(labels: days.map { WebFormat.day($0.interval.start, calendar: calendar) },
                             series: [LineChart.Series(label: "Acute load (7 d)", values: days.map { ($0.acute * 10).rounded() / 10 }),
                                      LineChart.Series(label: "Chronic load (42 d)", values: days.map { ($0.chronic * 10).rounded() / 10 })],
                             unit: "TRIMP")

        var metrics: [TrendSection] = []
        for metric in HealthMetric.allCases {
            let trend: HealthTrend
            if let type = metric.quantityType {
                trend = HealthTrend(metric, values: try await caller.store.quantitySeries(of: type, from: start, to: end), by: choice.period, calendar: calendar)
            } else {
                // A night that ends in the range began up to a day before it.
                let objects = try await caller.store.samples(matching: .category(.sleepAnalysis),
                                                             predicate: .date(from: start.addingTimeInterval(-86_400), to: end))
                let nights = objects.compactMap { object -> CategorySample? in
                    if case .categorySample(let sample) = object, sample.endDate > start, sample.endDate <= end { return sample }
                    return nil
                }
                trend = HealthTrend(sleep: nights, by: choice.period, calendar: calendar)
            }
            metrics.append(Self.section(trend, calendar: calendar, units: reader.units))
        }
        return try render("trends", TrendsPage(
            account: account.name, zone: reader.name, from: WebFormat.day(start, calendar: calendar), periodName: choice.name.lowercased(),
            choices: periods.map { PeriodChoice(value: $0.value, name: $0.name, selected: $0.value == choice.value) },
            hasLoad: hasLoad, acute: last.map { String(format: "%.1f", $0.acute) } ?? "—",
            chronic: last.map { String(format: "%.1f", $0.chronic) } ?? "—",
            ratio: last?.ratio.map { String(format: "%.2f", $0) } ?? "—", load: WebFormat.json(load), metrics: metrics))
    }

    /// A metric's section: its periods newest first, its latest value, its chart's data, in `units`.
    static func section(_ trend: HealthTrend, calendar: Calendar, units: AccountSettings.Units) -> TrendSection {
        let metric = trend.metric
        let label = { (point: HealthTrend.Point) in periodLabel(point.interval.start, trend.period, calendar: calendar) }
        let chart = LineChart(labels: trend.points.map(label),
                              series: [LineChart.Series(label: title(metric), values: trend.points.map { chartValue($0.value, metric, units) })],
                              unit: chartUnit(metric, units))
        return TrendSection(key: metric.rawValue, name: title(metric),
                            rows: trend.points.reversed().map { TrendRow(period: label($0), value: text($0.value, metric, units)) },
                            hasRows: !trend.points.isEmpty, latest: trend.points.last.map { text($0.value, metric, units) } ?? "—",
                            data: WebFormat.json(chart))
    }

    /// The metric's name for people.
    static func title(_ metric: HealthMetric) -> String {
        switch metric {
        case .restingHeartRate: "Resting heart rate"
        case .bodyMass: "Weight"
        case .steps: "Steps per day"
        case .sleep: "Sleep per night"
        case .vo2Max: "VO2max"
        }
    }

    /// Kilograms in a pound.
    static let kilogramsPerPound = 0.453_592_37

    /// A value as the table writes it (weight in kilograms, or pounds in imperial `units`).
    static func text(_ value: Double, _ metric: HealthMetric, _ units: AccountSettings.Units) -> String {
        switch metric {
        case .restingHeartRate: String(format: "%.0f bpm", value)
        case .bodyMass: units == .imperial ? String(format: "%.1f lb", value / kilogramsPerPound) : String(format: "%.1f kg", value)
        case .steps: String(format: "%.0f", value)
        case .sleep: WebFormat.duration(value)
        case .vo2Max: String(format: "%.1f mL/(kg·min)", value)
        }
    }

    /// A value as the chart draws it (sleep in hours, weight in pounds in imperial `units`, the rest in
    /// their own unit), rounded to 0.01.
    static func chartValue(_ value: Double, _ metric: HealthMetric, _ units: AccountSettings.Units) -> Double {
        let shown = switch metric {
        case .sleep: value / 3600
        case .bodyMass where units == .imperial: value / kilogramsPerPound
        default: value
        }
        return (shown * 100).rounded() / 100
    }

    /// The chart's unit.
    static func chartUnit(_ metric: HealthMetric, _ units: AccountSettings.Units) -> String {
        switch metric {
        case .restingHeartRate: "bpm"
        case .bodyMass: units == .imperial ? "lb" : "kg"
        case .steps: "steps"
        case .sleep: "h"
        case .vo2Max: "mL/(kg·min)"
        }
    }
}
