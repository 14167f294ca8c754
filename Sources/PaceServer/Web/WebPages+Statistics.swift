import Foundation
import Hummingbird
import PaceAnalysis
import PaceModel

/// `GET /statistics?period=week|month|year`: totals per period and sport (``PaceAnalysis/PeriodTotals``)
/// as a table and a bar chart of the distance; the last 12 weeks or months, or every year.
extension WebPages {
    /// One choice of the period menu.
    struct PeriodChoice {
        var value: String
        var name: String
        var selected: Bool
    }

    /// One period's totals of one sport.
    struct StatisticsRow {
        var period: String
        var total: TotalRow
    }

    /// The chart's data, read by `pace.js` from the canvas's `data-chart`: one bar series per sport, kilometres or miles per period.
    struct BarChart: Encodable {
        /// One sport's distance (kilometres or miles, as `unit` says), one per label.
        struct Series: Encodable {
            var label: String
            var values: [Double]
        }
        var labels: [String]
        var series: [Series]
        var unit: String
    }

    /// The statistics page's content.
    struct StatisticsPage {
        var title = "Statistics"
        var chart = true
        var account: String
        var zone: String
        var periodName: String
        var choices: [PeriodChoice]
        var rows: [StatisticsRow]
        var hasRows: Bool
        var data: String
    }

    /// The periods the statistics page offers, by query value.
    static let statisticsPeriods: [(value: String, name: String, period: HistoryPeriod, shown: Int?)] = [
        ("week", "Week", .week, 12), ("month", "Month", .month, 12), ("year", "Year", .year, nil),
    ]

    @Sendable func statistics(_ request: Request, context: ServerRequestContext) async throws -> Response {
        guard let (account, caller) = try await signedIn(request, context) else { return Self.redirect(to: "/sign-in") }
        let reader = try await reader(request, account: account)
        let calendar = reader.calendar
        let asked = request.uri.queryParameters.get("period") ?? "week"
        guard let choice = Self.statisticsPeriods.first(where: { $0.value == asked }) else { return try notFound(account: account.name) }
        let digests = try await digests(caller)
        let current = calendar.interval(of: choice.period, containing: Date())
        // The first period shown: 11 before the current one, or the year of the first workout.
        let first: Date = if let shown = choice.shown {
            calendar.date(byAdding: choice.period.component, value: -(shown - 1), to: current.start) ?? current.start
        } else {
            digests.last.map { calendar.interval(of: .year, containing: $0.startDate).start } ?? current.start
        }
        let totals = PeriodTotals.totals(of: digests.filter { $0.startDate >= first && $0.startDate < current.end }, by: choice.period, calendar: calendar)
        let label = { (date: Date) -> String in Self.periodLabel(date, choice.period, calendar: calendar) }
        var starts: [Date] = []
        var start = first
        while start < current.end {
            starts.append(start)
            guard let next = calendar.date(byAdding: choice.period.component, value: 1, to: start), next > start else { break }
            start = next
        }
        let sports = Array(Set(totals.map(\.activityType))).sorted { $0.name < $1.name }
        let perUnit = reader.units == .imperial ? WebFormat.metresPerMile : 1_000
        let chart = BarChart(labels: starts.map(label), series: sports.map { sport in
            BarChart.Series(label: Self.name(sport), values: starts.map { periodStart in
                totals.first { $0.activityType == sport && $0.interval.start == periodStart }.map { ($0.distance / perUnit * 100).rounded() / 100 } ?? 0
            })
        }, unit: WebFormat.paceUnit(reader.units))
        let rows = totals.reversed().map { StatisticsRow(period: label($0.interval.start), total: Self.row($0, units: reader.units)) }
        return try render("statistics", StatisticsPage(
            account: account.name, zone: reader.name, periodName: choice.name.lowercased(),
            choices: Self.statisticsPeriods.map { PeriodChoice(value: $0.value, name: $0.name, selected: $0.value == choice.value) },
            rows: rows, hasRows: !rows.isEmpty, data: WebFormat.json(chart)))
    }

    /// `Week of 2026-11-23`, `2026-11`, `2026`: a period's label by its local start.
    static func periodLabel(_ start: Date, _ period: HistoryPeriod, calendar: Calendar) -> String {
        switch period {
        case .week: "Week of " + WebFormat.day(start, calendar: calendar)
        case .month: WebFormat.month(start, calendar: calendar)
        case .year: String(calendar.component(.year, from: start))
        case .day: WebFormat.day(start, calendar: calendar)
        }
    }
}
