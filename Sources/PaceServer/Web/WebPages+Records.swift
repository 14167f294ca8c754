import Foundation
import Hummingbird
import PaceAnalysis
import PaceModel

/// `GET /records`: per sport, the personal records (``PaceAnalysis/PersonalRecord``: best efforts
/// from 400 m to the marathon, best 20-minute power) and the longest workout, each linking the
/// workout that set it.
extension WebPages {
    /// One sport's records.
    struct RecordGroup {
        var key: String
        var activity: String
        var records: [RecordRow]
    }

    /// The records page's content.
    struct RecordsPage {
        var title = "Records"
        var account: String
        var zone: String
        var groups: [RecordGroup]
        var hasGroups: Bool
    }

    @Sendable func records(_ request: Request, context: ServerRequestContext) async throws -> Response {
        guard let (account, caller) = try await signedIn(request, context) else { return Self.redirect(to: "/sign-in") }
        let reader = try await reader(request, account: account)
        let digests = try await digests(caller)
        let records = PersonalRecord.records(in: digests)
        let longest = Dictionary(Self.longest(digests).map { ($0.activityType, $0) }, uniquingKeysWith: { first, _ in first })
        let sports = Set(records.map(\.activityType)).union(longest.keys).sorted { $0.name < $1.name }
        let groups = sports.map { sport in
            var rows = records.filter { $0.activityType == sport }.map { Self.row($0, reader: reader) }
            if let longest = longest[sport] {
                var row = Self.row(PersonalRecord(activityType: sport, effort: "Longest", workoutID: longest.id, date: longest.startDate),
                                   reader: reader)
                row.best = WebFormat.distance(longest.distance, units: reader.units)
                row.pace = WebFormat.pace(seconds: longest.movingTime, metres: longest.distance, units: reader.units)
                rows.append(row)
            }
            return RecordGroup(key: sport.name, activity: Self.name(sport), records: rows)
        }
        return try render("records", RecordsPage(account: account.name, zone: reader.name, groups: groups, hasGroups: !groups.isEmpty))
    }

    /// Per activity with any distance, by name, its longest workout; of equal distances the earliest.
    static func longest(_ digests: [WorkoutDigest]) -> [WorkoutDigest] {
        var best: [WorkoutActivityType: WorkoutDigest] = [:]
        for digest in digests where digest.distance > 0 {
            if let old = best[digest.activityType], (old.distance, digest.startDate) >= (digest.distance, old.startDate) { continue }
            best[digest.activityType] = digest
        }
        return best.values.sorted { $0.activityType.name < $1.activityType.name }
    }
}
