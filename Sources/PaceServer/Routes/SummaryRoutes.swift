import Foundation
import HTTPTypes
import Hummingbird
import PaceAPI
import PaceModel
import PaceStore

/// Activity summaries (the rings, per day) and characteristics (date of birth, biological sex, …):
/// read only, each needing its read scope.
struct SummaryRoutes: Sendable {
    let gate: Gate

    var routes: [ServerRoutes.Route] {
        [
            ServerRoutes.Route(method: .get, path: "/api/v1/activity-summaries") { try await summaries($0, context: $1).response(from: $0, context: $1) },
            ServerRoutes.Route(method: .get, path: "/api/v1/characteristics") { try await characteristics($0, context: $1).response(from: $0, context: $1) },
        ]
    }

    /// `GET /activity-summaries?from=YYYY-MM-DD&to=YYYY-MM-DD`: the days from `from` through `to`.
    @Sendable func summaries(_ request: Request, context: ServerRequestContext) async throws -> ActivitySummaryListJSON {
        let caller = try await gate.caller(request, context)
        try caller.requireRead(.activitySummary)
        let (from, to) = try request.query.dayRange()
        return ActivitySummaryListJSON(summaries: try await caller.store.activitySummaries(from: from, through: to).map(ActivitySummaryJSON.init))
    }

    /// `GET /characteristics`: those the token may read, each absent when not set.
    @Sendable func characteristics(_ request: Request, context: ServerRequestContext) async throws -> CharacteristicsJSON {
        let caller = try await gate.caller(request, context)
        let readable = CharacteristicTypeIdentifier.allCases.filter { caller.token.read.contains(.characteristic($0)) }
        guard !readable.isEmpty else {
            throw ServerError(.forbidden, code: "scope.read",
                              message: "This token may read no characteristic; make a token whose read scope has one, e.g. HKCharacteristicTypeIdentifierDateOfBirth.")
        }
        var found = CharacteristicsJSON()
        for type in readable {
            guard let stored = try await caller.store.characteristic(type) else { continue }
            switch stored.value {
            case .dateOfBirth(let day): found.dateOfBirth = CalendarDay.text(day)
            case .biologicalSex(let value): found.biologicalSex = "\(value)"
            case .bloodType(let value): found.bloodType = "\(value)"
            case .fitzpatrickSkinType(let value): found.fitzpatrickSkinType = "\(value)"
            case .wheelchairUse(let value): found.wheelchairUse = "\(value)"
            case .activityMoveMode(let value): found.activityMoveMode = "\(value)"
            }
        }
        return found
    }
}

/// One day's activity summary, energies in kilocalories, times in minutes, stand in hours.
struct ActivitySummaryJSON: Codable, Sendable {
    var day: String
    var activeEnergyBurned: Double?
    var activeEnergyBurnedGoal: Double?
    var appleMoveTime: Double?
    var appleMoveTimeGoal: Double?
    var appleExerciseTime: Double?
    var appleExerciseTimeGoal: Double?
    var appleStandHours: Double?
    var appleStandHoursGoal: Double?

    init(_ summary: ActivitySummary) {
        func value(_ quantity: Quantity?, _ unit: HealthUnit) -> Double? {
            quantity.flatMap { try? $0.doubleValue(for: unit) }.flatMap { $0.isFinite ? $0 : nil }
        }
        day = summary.dayText ?? ""
        activeEnergyBurned = value(summary.activeEnergyBurned, .kilocalorie)
        activeEnergyBurnedGoal = value(summary.activeEnergyBurnedGoal, .kilocalorie)
        appleMoveTime = value(summary.appleMoveTime, .minute)
        appleMoveTimeGoal = value(summary.appleMoveTimeGoal, .minute)
        appleExerciseTime = value(summary.appleExerciseTime, .minute)
        appleExerciseTimeGoal = value(summary.appleExerciseTimeGoal, .minute)
        appleStandHours = value(summary.appleStandHours, .count)
        appleStandHoursGoal = value(summary.appleStandHoursGoal, .count)
    }
}

/// The summaries, oldest day first.
struct ActivitySummaryListJSON: ResponseEncodable, Codable, Sendable {
    var summaries: [ActivitySummaryJSON]
}

/// The characteristics the token may read and that are set; each value is a name (`female`,
/// `aPositive`, …) or, for the date of birth, a day written YYYY-MM-DD.
struct CharacteristicsJSON: ResponseEncodable, Codable, Sendable {
    var dateOfBirth: String?
    var biologicalSex: String?
    var bloodType: String?
    var fitzpatrickSkinType: String?
    var wheelchairUse: String?
    var activityMoveMode: String?
}
