import ArgumentParser
import PaceModel
import PaceStore

/// `pace list`: workouts, newest first.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List workouts, newest first, with date, type, duration and distance.")

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    @Option(name: .long, help: "Only workouts of this activity, e.g. running or cycling (see 'pace types --kind workout').")
    var activity: String?

    @Option(name: .long, help: "Show at most this many workouts.")
    var limit: Int?

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more, not \(limit).") }
        if let activity, WorkoutActivityType(name: activity) == nil {
            throw ValidationError("Unknown activity '\(activity)'. Use a name such as running, walking, cycling or hiking.")
        }
    }

    func run() async throws {
        let store = try storeOptions.open()
        let workouts = try await store.workouts(activityType: activity.flatMap(WorkoutActivityType.init(name:)), limit: limit)
        output.write(output.json ? try WorkoutListing.json(workouts) : WorkoutListing.text(workouts, formatting: Formatting()))
    }
}
