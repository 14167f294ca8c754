import ArgumentParser
import Foundation
import PaceModel
import PaceStore

/// `pace show ID`: one stored object in full.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a workout, sample or route by its UUID.")

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The object's UUID, as 'pace list' prints it.")
    var id: String

    func validate() throws {
        if UUID(uuidString: id) == nil { throw ValidationError("'\(id)' is not a UUID. Copy the ID column of 'pace list'.") }
    }

    func run() throws {
        let store = try storeOptions.open()
        guard let uuid = UUID(uuidString: id), let object = try store.object(id: uuid) else {
            throw StoreError(code: .objectNotFound, message: "No object with UUID \(id) in the store. Run 'pace list' to see the workouts.")
        }
        let routes = if case .workout = object { try store.routes(forWorkout: uuid) } else { [WorkoutRoute]() }
        let detail = ObjectDetail(object, routes: routes)
        output.write(output.json ? try JSONOutput.encode(detail) : detail.text(formatting: Formatting()))
    }
}
