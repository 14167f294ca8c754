import ArgumentParser
import Foundation
import PaceModel
import PaceStore

/// `pace add ACTIVITY`: enters a workout by hand, as HealthKit's "Add Data" does.
struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a workout by hand (marked as user-entered).",
        discussion: "Example: pace add running --start 2026-11-20T07:00:00Z --duration 42:30 --distance 10km --energy 650kcal")

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The activity, e.g. running, walking, cycling, hiking, swimming (see 'pace types --kind activity').")
    var activity: String

    @Option(name: .long, help: "When it started, ISO 8601 (2026-11-20T07:00:00Z); default: the duration before now.")
    var start: String?

    @Option(name: .long, help: "How long it lasted: 42:30, 1:02:03, or a time quantity such as 45min or 1.5hr.")
    var duration: String

    @Option(name: .long, help: "Distance covered, a length quantity such as 10km, 6.2mi or 400m.")
    var distance: String?

    @Option(name: .long, help: "Active energy burned, an energy quantity such as 650kcal or 2700kJ.")
    var energy: String?

    @Flag(name: .long, help: "The workout took place indoors.")
    var indoor = false

    func validate() throws {
        guard WorkoutActivityType(name: activity) != nil else {
            throw ValidationError("Unknown activity '\(activity)'. Use a name such as running, walking, cycling or hiking; 'pace types --kind activity' lists them all.")
        }
        if let start, ISO8601.date(start) == nil {
            throw ValidationError("--start '\(start)' is not an ISO 8601 date-time such as 2026-11-20T07:00:00Z.")
        }
        _ = try parsedDuration()
        _ = try parsedQuantity(distance, option: "--distance", like: .meter, example: "10km")
        _ = try parsedQuantity(energy, option: "--energy", like: .kilocalorie, example: "650kcal")
    }

    func run() async throws {
        let seconds = try parsedDuration()
        let startDate = start.flatMap(ISO8601.date) ?? Date().addingTimeInterval(-seconds)
        var metadata = Metadata()
        metadata[.wasUserEntered] = .bool(true)
        if indoor { metadata[.indoorWorkout] = .bool(true) }
        let workout = Workout(
            activityType: WorkoutActivityType(name: activity) ?? .other,
            start: startDate, end: startDate.addingTimeInterval(seconds), duration: seconds,
            totalDistance: try parsedQuantity(distance, option: "--distance", like: .meter, example: "10km"),
            totalEnergyBurned: try parsedQuantity(energy, option: "--energy", like: .kilocalorie, example: "650kcal"),
            metadata: metadata)
        let store = try storeOptions.open()
        try await store.save(workout)
        output.write(output.json ? try JSONOutput.encode(WorkoutRow(workout)) : "Added \(workout.activityType.displayName.lowercased()) \(workout.id.uuidString).")
    }

    /// The duration in seconds, from `h:mm:ss`, `mm:ss`, plain seconds or a time quantity.
    private func parsedDuration() throws -> TimeInterval {
        let parts = duration.split(separator: ":", omittingEmptySubsequences: false)
        var seconds: Double?
        if parts.count > 1, parts.count <= 3 {
            let numbers = parts.map { Double($0) }
            if numbers.allSatisfy({ $0 != nil && $0! >= 0 }) {
                seconds = numbers.reduce(0.0) { $0 * 60 + ($1 ?? 0) }
            }
        } else if let plain = Double(duration) {
            seconds = plain
        } else if let quantity = try? Quantity(parsing: duration) {
            seconds = try? quantity.doubleValue(for: .second)
        }
        guard let seconds, seconds.isFinite, seconds > 0 else {
            throw ValidationError("--duration '\(duration)' is not a duration. Use 42:30, 1:02:03, 2700 (seconds) or 45min.")
        }
        return seconds
    }

    private func parsedQuantity(_ text: String?, option: String, like unit: HealthUnit, example: String) throws -> Quantity? {
        guard let text else { return nil }
        let quantity: Quantity
        do { quantity = try Quantity(parsing: text) } catch {
            throw ValidationError("\(option) '\(text)': \(error) Write a number and a unit, such as \(example).")
        }
        guard quantity.isCompatible(with: unit), quantity.value >= 0, quantity.value.isFinite else {
            throw ValidationError("\(option) '\(text)' must be a non-negative quantity in a unit like '\(unit)', such as \(example).")
        }
        return quantity
    }
}
