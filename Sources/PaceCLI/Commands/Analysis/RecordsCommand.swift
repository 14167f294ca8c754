import ArgumentParser
import Foundation
import PaceAnalysis
import PaceModel
import PaceRecorder
import PaceStore

/// `pace records`: the personal records of each activity, with the workout that set each.
struct RecordsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "records",
        abstract: "Show personal records: fastest 400 m, 1 km, mile, 5 km, 10 km, half and marathon, best 20-minute power.",
        discussion: """
            Every stored workout with a route is analysed (docs/ANALYSIS.md): a best effort is the fastest \
            stretch of that distance inside a workout, pauses included; of equal times the earliest holds \
            the record. Dates are in the local time zone (TZ). --json prints metres, seconds and watts.
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var units: UnitsOptions

    @Option(name: .long, help: "Only this activity, e.g. running or cycling.")
    var activity: String?

    func validate() throws {
        if let activity, WorkoutActivityType(name: activity) == nil {
            throw ValidationError("'\(activity)' is not an activity name; try running, cycling, walking or hiking.")
        }
    }

    func run() async throws {
        output.write(try await report(timeZone: .current))
    }

    /// The table or JSON the command prints, dates in `timeZone`.
    func report(timeZone: TimeZone) async throws -> String {
        let store = try storeOptions.open()
        var digests: [WorkoutDigest] = []
        for workout in try await store.workouts(activityType: activity.flatMap(WorkoutActivityType.init(name:))) {
            digests.append(WorkoutDigest(workout, analysis: try await store.analysis(of: workout, options: WorkoutAnalysis.Options())))
        }
        let records = PersonalRecord.records(in: digests)
        if output.json {
            return try JSONOutput.encode(RecordsJSON(records: records.map(RecordsJSON.Record.init)))
        }
        guard !records.isEmpty else { return "No records: no stored workout has a route long enough for 400 m, nor 20 minutes of power." }
        let formatting = Formatting(timeZone: timeZone)
        let rows = records.map { record in
            [record.activityType.name, record.effort,
             record.duration.map { formatting.duration($0) } ?? record.power.map { String(format: "%.0f W", $0) } ?? "-",
             record.duration.flatMap { time in record.distance.map { units.rate($0 / time, showsPace: record.activityType.showsPace) } } ?? "-",
             formatting.date(record.date), record.workoutID.uuidString]
        }
        return TextTable.render(header: ["ACTIVITY", "EFFORT", "BEST", "PACE/SPEED", "DATE", "WORKOUT"], rows: rows)
    }
}

/// The `--json` form of `pace records`: SI units, dates ISO 8601 UTC. Field names are stable.
struct RecordsJSON: Encodable {
    /// One record.
    struct Record: Encodable {
        /// Activity name, e.g. `"running"`.
        var activityType: String
        /// `"400m"`, `"1km"`, `"1mi"`, `"5km"`, `"10km"`, `"halfMarathon"`, `"marathon"` or `"power20min"`.
        var effort: String
        /// Distance efforts: metres.
        var distanceMeters: Double?
        /// Distance efforts: seconds.
        var durationSeconds: Double?
        /// The power effort: mean watts.
        var powerWatts: Double?
        /// The workout that set it.
        var workoutID: UUID
        /// Its start.
        var date: Date

        init(_ record: PersonalRecord) {
            activityType = record.activityType.name
            effort = record.effort
            distanceMeters = record.distance
            durationSeconds = record.duration
            powerWatts = record.power
            workoutID = record.workoutID
            date = record.date
        }
    }

    var records: [Record]
}
