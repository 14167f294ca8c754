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

    @OptionGroup var object: ObjectIDArgument

    func run() throws {
        let store = try storeOptions.open()
        let uuid = self.object.id
        guard let object = try store.object(id: uuid) else {
            throw StoreError(code: .objectNotFound, message: "No object with UUID \(uuid.uuidString) in the store. Run 'pace list' to see the workouts.")
        }
        let routes = if case .workout = object { try store.routes(forWorkout: uuid) } else { [WorkoutRoute]() }
        let detail = ObjectDetail(object, routes: routes)
        output.write(output.json ? try JSONOutput.encode(detail) : detail.text(formatting: Formatting()))
    }
}
