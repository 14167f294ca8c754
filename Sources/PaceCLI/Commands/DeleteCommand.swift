import ArgumentParser
import Foundation
import PaceModel
import PaceStore

/// `pace delete ID`: deletes an object, leaving a tombstone.
struct DeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a workout (with its routes), sample or route by its UUID.")

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var object: ObjectIDArgument

    func run() async throws {
        let store = try storeOptions.open()
        let uuid = self.object.id
        guard let object = try await store.object(id: uuid) else {
            throw StoreError(code: .objectNotFound, message: "No object with UUID \(uuid.uuidString) in the store; nothing was deleted.")
        }
        let routes = if case .workout = object { try await store.routes(forWorkout: uuid).map(\.id) } else { [UUID]() }
        try await store.delete(id: uuid)
        if output.json {
            output.write(try JSONOutput.encode(DeletionReport(deleted: [uuid] + routes)))
        } else {
            let extra = routes.isEmpty ? "" : " and its \(routes.count) route\(routes.count == 1 ? "" : "s")"
            output.write("Deleted \(object.objectType.displayName.lowercased()) \(uuid.uuidString)\(extra).")
        }
    }
}

/// `pace delete --json` output: the UUIDs deleted.
struct DeletionReport: Encodable {
    var deleted: [UUID]
}
