import Foundation
import Hummingbird
import PaceAnalysis
import PaceModel
import PaceStore

/// `GET /dashboard`: this week's totals per sport, the latest workouts, a few personal records and
/// today's activity rings, in the reader's time zone.
extension WebPages {
    /// One ring of today's activity summary.
    struct RingRow {
        var key: String
        var name: String
        var value: String
        var goal: String?
        /// For `<meter>`: the value and the goal in the ring's unit.
        var amount: String
        var maximum: String?
    }

    /// The dashboard's content.
    struct DashboardPage {
        var title = "Dashboard"
        var account: String
        var zone: String
        var zoneQuery: String
        var weekStart: String
        var weekTotals: [TotalRow]
        var hasWeek: Bool
        var weekDistance: String
        var recent: [LinkedWorkout]
        var hasRecent: Bool
        var records: [RecordRow]
        var hasRecords: Bool
        var today: String
        var rings: [RingRow]
        var hasRings: Bool
    }

    /// How many workouts and records the dashboard lists.
    static let dashboardRecent = 5, dashboardRecords = 6

    @Sendable func dashboard(_ request: Request, context: ServerRequestContext) async throws -> Response {
        guard let (account, caller) = try await signedIn(request, context) else { return Self.redirect(to: "/sign-in") }
        let reader = try await reader(request, account: account)
        let calendar = reader.calendar, now = Date()
        let digests = try await digests(caller)
        let week = calendar.interval(of: .week, containing: now)
        let thisWeek = digests.filter { week.start <= $0.startDate && $0.startDate < week.end }
        let totals = PeriodTotals.totals(of: thisWeek, by: .week, calendar: calendar)
        let records = PersonalRecord.records(in: digests).prefix(Self.dashboardRecords).map { Self.row($0, reader: reader) }
        let today = calendar.dateComponents([.year, .month, .day], from: now)
        let rings = try await caller.store.activitySummaries(from: today, through: today).first.map(Self.rings) ?? []
        let page = DashboardPage(
            account: account.name, zone: reader.name, zoneQuery: reader.query,
            weekStart: WebFormat.day(week.start, calendar: calendar), weekTotals: totals.map { Self.row($0, units: reader.units) }, hasWeek: !totals.isEmpty,
            weekDistance: WebFormat.distance(totals.reduce(0) { $0 + $1.distance }, units: reader.units),
            recent: digests.prefix(Self.dashboardRecent).map { Self.linked($0, reader: reader) }, hasRecent: !digests.isEmpty,
            records: Array(records), hasRecords: !records.isEmpty, today: WebFormat.day(now, calendar: calendar),
            rings: rings, hasRings: !rings.isEmpty)
        return try render("dashboard", page)
    }

    /// The Move, Exercise and Stand rings of a day's summary, each that has a value.
    static func rings(_ summary: ActivitySummary) -> [RingRow] {
        func ring(_ key: String, _ name: String, _ value: Quantity?, _ goal: Quantity?, _ unit: HealthUnit, _ symbol: String) -> RingRow? {
            guard let amount = value.flatMap({ try? $0.doubleValue(for: unit) }) else { return nil }
            let target = goal.flatMap { try? $0.doubleValue(for: unit) }.flatMap { $0 > 0 ? $0 : nil }
            return RingRow(key: key, name: name, value: String(format: "%.0f", amount) + " " + symbol,
                           goal: target.map { String(format: "%.0f", $0) + " " + symbol },
                           amount: String(format: "%.0f", amount), maximum: target.map { String(format: "%.0f", $0) })
        }
        let move = ring("move", "Move", summary.activeEnergyBurned, summary.activeEnergyBurnedGoal, .kilocalorie, "kcal")
            ?? ring("move", "Move", summary.appleMoveTime, summary.appleMoveTimeGoal, .minute, "min")
        return [move,
                ring("exercise", "Exercise", summary.appleExerciseTime, summary.appleExerciseTimeGoal, .minute, "min"),
                ring("stand", "Stand", summary.appleStandHours, summary.appleStandHoursGoal, .count, "h")].compactMap { $0 }
    }
}
