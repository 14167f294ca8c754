import ArgumentParser
import Foundation
import PaceStore
import PaceTransfer

/// `pace export ID --format gpx|tcx|csv`: a stored workout as a file.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a workout with its route, heart rate, laps and pauses as GPX, TCX, FIT or CSV.")

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var object: ObjectIDArgument

    @Option(name: .long, help: "gpx, tcx, fit or csv.", transform: { text in
        guard let format = ExportFormat(rawValue: text.lowercased()) else {
            throw ValidationError("Unknown format '\(text)'. Use gpx, tcx, fit or csv.")
        }
        return format
    })
    var format: ExportFormat

    @Option(name: .long, help: "Write here instead of standard output.")
    var output: String?

    func run() async throws {
        let data: Data
        do { data = try await WorkoutExporter(store: try storeOptions.open()).export(workoutID: object.id, as: format) }
        catch let error as ExportError { throw ValidationError(error.message) }
        if let output {
            do { try data.write(to: URL(fileURLWithPath: output), options: .atomic) } catch {
                throw ValidationError("Cannot write '\(output)': \(error.localizedDescription)")
            }
        } else {
            FileHandle.standardOutput.write(data)
        }
    }
}
