import Foundation
import Hummingbird
import PaceAnalysis
import PaceModel
import PaceStore

/// What the history pages (dashboard, calendar, statistics, records, trends, heatmap) share: the
/// reader's time zone and calendar, and every workout of the account digested with its analysis.
extension WebPages {
    /// The identifier the digests of all workouts are cached under (no workout has it).
    static let everyWorkout = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    /// The reader of one page: the account's settings (units, heart rates, map tiles) and the time
    /// zone days are counted in — the `tz` query parameter's zone (an IANA name such as
    /// `Europe/Berlin`) when it names one, else the account's (UTC until set) — with weeks from
    /// Monday (``Foundation/Calendar/history(timeZone:firstWeekday:)``).
    struct Reader {
        /// The account's settings, read once per page.
        var settings: AccountSettings
        /// The zone days are counted in.
        var timeZone: TimeZone
        /// The zone's name as the pages show it.
        var name: String
        /// `tz=Europe/Berlin&` to carry a zone given in the query into a link's query; empty when
        /// the zone is the account's own.
        var query: String
        /// The calendar of the history pages in this zone.
        var calendar: Calendar { Calendar.history(timeZone: timeZone) }
        /// The units figures are written in.
        var units: AccountSettings.Units { settings.units }
    }

    /// The reader of a page: ``Reader``.
    func reader(_ request: Request, account: Account) async throws -> Reader {
        let settings = try await gate.directory.settings(of: account.id)
        if let name = request.uri.queryParameters.get("tz"), let zone = TimeZone(identifier: name) {
            let encoded = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "/_-+"))) ?? name
            return Reader(settings: settings, timeZone: zone, name: zone.identifier, query: "tz=" + encoded + "&")
        }
        return Reader(settings: settings, timeZone: settings.zone, name: settings.timeZone, query: "")
    }

    /// Every workout the session may read, newest first, each digested with its analysis (moving
    /// time, elevation, heart rate, best efforts, window power): ``DigestBook``.
    func digests(_ caller: Gate.TokenCaller) async throws -> [WorkoutDigest] {
        try await digestBook.digests(of: AccountClient(account: caller.token.account, client: caller.token.client), store: caller.store)
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

    /// The row of one period's totals, in `units`.
    static func row(_ total: PeriodTotals, units: AccountSettings.Units) -> TotalRow {
        TotalRow(key: total.activityType.name, activity: name(total.activityType), count: total.count,
                 distance: WebFormat.distance(total.distance, units: units), duration: WebFormat.duration(total.duration),
                 moving: WebFormat.duration(total.movingTime), climb: WebFormat.elevation(total.elevationGain, units: units))
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

    /// The link of a digested workout; `day` in the reader's calendar, the distance in the reader's units.
    static func linked(_ workout: WorkoutDigest, reader: Reader) -> LinkedWorkout {
        LinkedWorkout(id: workout.id.uuidString, start: WebFormat.instant(workout.startDate),
                      day: WebFormat.day(workout.startDate, calendar: reader.calendar), activity: name(workout.activityType),
                      distance: workout.distance > 0 ? WebFormat.distance(workout.distance, units: reader.units) : "—",
                      duration: WebFormat.duration(workout.duration))
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

    /// The row of a record (time and pace for a distance, watts for power); `day` in the reader's
    /// calendar, the pace in the reader's units.
    static func row(_ record: PersonalRecord, reader: Reader) -> RecordRow {
        let calendar = reader.calendar
        let best = record.duration.map { WebFormat.duration($0) } ?? record.power.map { String(format: "%.0f W", $0) } ?? "—"
        let pace = record.duration.map { WebFormat.pace(seconds: $0, metres: record.distance, units: reader.units) } ?? "—"
        return RecordRow(activity: name(record.activityType), effort: WebFormat.effort(record.effort), best: best, pace: pace,
                         workout: record.workoutID.uuidString, start: WebFormat.instant(record.date),
                         day: WebFormat.day(record.date, calendar: calendar))
    }
}
