import ArgumentParser
import Foundation
import PaceModel
import PaceStore

/// `pace summaries`: the daily activity summaries (Move, Exercise and Stand rings) in the store.
struct SummariesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "summaries",
        abstract: "List the daily activity summaries: Move (active kcal, or minutes), Exercise (minutes) and Stand (hours), each with its goal.",
        discussion: """
            Summaries come from an Apple Health export's <ActivitySummary> elements ('pace import'), one per \
            day. Move is in active kilocalories, or in minutes on a day recorded in the move-time mode. A value \
            the export lacks shows as '-'. --json gives kilocalories, minutes and hours.
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    @Option(name: .long, help: ArgumentHelp("The first day listed.", valueName: "YYYY-MM-DD"))
    var from: String?

    @Option(name: .long, help: ArgumentHelp("The last day listed (included).", valueName: "YYYY-MM-DD"))
    var through: String?

    /// Parses and validates `arguments` as ArgumentParser would (for tests, which do not import ArgumentParser).
    static func parsed(_ arguments: [String]) throws -> SummariesCommand { try parse(arguments) }

    func validate() throws {
        for (option, text) in [("--from", from), ("--through", through)] {
            guard let text else { continue }
            guard CalendarDay.components(fromText: text) != nil else {
                throw ValidationError("\(option) '\(text)' is not a day; write it as YYYY-MM-DD, e.g. 2026-03-29.")
            }
        }
    }

    func run() async throws {
        output.write(try await report())
    }

    /// The table or JSON the command prints.
    func report() async throws -> String {
        let summaries = try await storeOptions.open().activitySummaries(from: from.flatMap(CalendarDay.components(fromText:)),
                                                                  through: through.flatMap(CalendarDay.components(fromText:)))
        if output.json {
            return try JSONOutput.encode(summaries.map(SummaryJSON.init))
        }
        guard !summaries.isEmpty else {
            return "No activity summaries stored\(from == nil && through == nil ? "" : " in those days"). "
                + "'pace import' stores those of an Apple Health export."
        }
        let rows = summaries.map { summary in
            [summary.dayText ?? "-",
             Self.move(summary),
             Self.ring(summary.appleExerciseTime, summary.appleExerciseTimeGoal, unit: .minute),
             Self.ring(summary.appleStandHours, summary.appleStandHoursGoal, unit: .count)]
        }
        return TextTable.render(header: ["DAY", "MOVE", "EXERCISE MIN", "STAND H"], rows: rows)
            + "\n\(summaries.count) day\(summaries.count == 1 ? "" : "s")"
    }

    /// The Move ring: `value / goal kcal`, or `value / goal min` on a day with move time and no energy.
    static func move(_ summary: ActivitySummary) -> String {
        let inTime = summary.activeEnergyBurned == nil && summary.activeEnergyBurnedGoal == nil
            && (summary.appleMoveTime != nil || summary.appleMoveTimeGoal != nil)
        return inTime
            ? ring(summary.appleMoveTime, summary.appleMoveTimeGoal, unit: .minute) + " min"
            : ring(summary.activeEnergyBurned, summary.activeEnergyBurnedGoal, unit: .kilocalorie) + " kcal"
    }

    /// `value / goal` in `unit`, rounded to whole numbers; `-` for a missing side.
    static func ring(_ value: Quantity?, _ goal: Quantity?, unit: HealthUnit) -> String {
        func text(_ quantity: Quantity?) -> String {
            guard let number = quantity.flatMap({ try? $0.doubleValue(for: unit) }) else { return "-" }
            // A stored summary may hold any finite value; past Int's range it is written in full.
            return Int(exactly: number.rounded()).map(String.init) ?? String(format: "%.0f", number)
        }
        return "\(text(value)) / \(text(goal))"
    }
}

/// One day in `pace summaries --json`. Field names are stable; values in kcal, min and h.
struct SummaryJSON: Encodable {
    var day: String
    var activeEnergyBurnedKilocalories: Double?
    var activeEnergyBurnedGoalKilocalories: Double?
    var moveMinutes: Double?
    var moveMinutesGoal: Double?
    var exerciseMinutes: Double?
    var exerciseMinutesGoal: Double?
    var standHours: Double?
    var standHoursGoal: Double?

    init(_ summary: ActivitySummary) {
        func value(_ quantity: Quantity?, _ unit: HealthUnit) -> Double? { quantity.flatMap { try? $0.doubleValue(for: unit) } }
        day = summary.dayText ?? ""
        activeEnergyBurnedKilocalories = value(summary.activeEnergyBurned, .kilocalorie)
        activeEnergyBurnedGoalKilocalories = value(summary.activeEnergyBurnedGoal, .kilocalorie)
        moveMinutes = value(summary.appleMoveTime, .minute)
        moveMinutesGoal = value(summary.appleMoveTimeGoal, .minute)
        exerciseMinutes = value(summary.appleExerciseTime, .minute)
        exerciseMinutesGoal = value(summary.appleExerciseTimeGoal, .minute)
        standHours = value(summary.appleStandHours, .count)
        standHoursGoal = value(summary.appleStandHoursGoal, .count)
    }
}
