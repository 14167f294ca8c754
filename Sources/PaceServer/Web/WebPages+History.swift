import Foundation
import Hummingbird
import PaceAnalysis
import PaceModel
import PaceStore
import PaceTransfer

/// What the history pages (dashboard, calendar, statistics, records, trends, heatmap) share: the
/// reader's time zone and calendar, and every workout of the account digested with its analysis.
extension WebPages {
    /// The identifier the digests of all workouts are cached under (no workout has it).
    static let everyWorkout = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    /// The reader's time zone: the `tz` query parameter's (an IANA name such as `Europe/Berlin`)
    /// when it names one, else UTC. The server keeps no time zone per account yet.
    static func timeZone(_ request: Request) -> TimeZone {
        request.uri.queryParameters.get("tz").flatMap { TimeZone(identifier: $0) } ?? TimeZone(identifier: "UTC") ?? .gmt
    }

    /// The reader's calendar: their time zone, weeks from Monday (``Foundation/Calendar/history(timeZone:firstWeekday:)``).
    static func calendar(_ request: Request) -> Calendar {
        Calendar.history(timeZone: timeZone(request))
    }

    /// `tz=Europe/Berlin&` to carry the reader's time zone into a link's query, or empty for UTC.
    static func zoneQuery(_ request: Request) -> String {
        guard let name = request.uri.queryParameters.get("tz"), TimeZone(identifier: name) != nil else { return "" }
        return "tz=" + (name.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "/_-+"))) ?? name) + "&"
    }

    /// The reader's time zone as the pages name it.
    static func zoneName(_ request: Request) -> String {
        request.uri.queryParameters.get("tz").flatMap { TimeZone(identifier: $0) }?.identifier ?? "UTC"
    }

    /// Every workout the session may read, newest first, each digested with its analysis (moving
    /// time, elevation, heart rate, best efforts, window power). Kept until the store changes.
    func digests(_ caller: Gate.TokenCaller) async throws -> [WorkoutDigest] {
        try await histories.answer(try await caller.answerKey(workout: Self.everyWorkout)) {
            var digests: [WorkoutDigest] = []
            for workout in try await caller.store.workouts() {
                let routes = try await caller.store.routes(forWorkout: workout.id)
                let analysis = WorkoutAnalysis(workout: workout, routes: routes,
                                               series: try await WorkoutSeries(store: caller.store, workout: workout))
                digests.append(WorkoutDigest(workout, analysis: analysis))
            }
            return digests.sorted { ($0.startDate, $0.id.uuidString) > ($1.startDate, $1.id.uuidString) }
        }
    }

    /// One activity's totals over a period, as the pages show them.
    struct TotalRow {
        var key: String
        var activity: String
        var count: Int
        var distance: String
        var duration: String
        var moving: String
        var climb: String
    }

    /// The row of one period's totals.
    static func row(_ total: PeriodTotals) -> TotalRow {
        TotalRow(key: total.activityType.name, activity: name(total.activityType), count: total.count,
                 distance: WebFormat.distance(total.distance), duration: WebFormat.duration(total.duration),
                 moving: WebFormat.duration(total.movingTime), climb: WebFormat.metres(total.elevationGain))
    }

    /// One workout linked from a history page.
    struct LinkedWorkout {
        var id: String
        var start: String
        var day: String
        var activity: String
        var distance: String
        var duration: String
    }

    /// The link of a digested workout; `day` in the reader's calendar.
    static func linked(_ workout: WorkoutDigest, calendar: Calendar) -> LinkedWorkout {
        LinkedWorkout(id: workout.id.uuidString, start: WebFormat.instant(workout.startDate),
                      day: WebFormat.day(workout.startDate, calendar: calendar), activity: name(workout.activityType),
                      distance: workout.distance > 0 ? WebFormat.distance(workout.distance) : "—", duration: WebFormat.duration(workout.duration))
    }

    /// One personal record, as the pages show it.
    struct RecordRow {
        var activity: String
        var effort: String
        var best: String
        var pace: String
        var workout: String
        var start: String
        var day: String
    }

    /// The row of a record (time and pace for a distance, watts for power); `day` in the reader's calendar.
    static func row(_ record: PersonalRecord, calendar: Calendar) -> RecordRow {
        let best = record.duration.map { WebFormat.duration($0) } ?? record.power.map { String(format: "%.0f W", $0) } ?? "—"
        let pace = record.duration.map { WebFormat.pace(seconds: $0, metres: record.distance) } ?? "—"
        return RecordRow(activity: name(record.activityType), effort: WebFormat.effort(record.effort), best: best, pace: pace,
                         workout: record.workoutID.uuidString, start: WebFormat.instant(record.date),
                         day: WebFormat.day(record.date, calendar: calendar))
    }
}
