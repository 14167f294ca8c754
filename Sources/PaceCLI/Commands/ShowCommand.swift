import ArgumentParser
import Foundation
import PaceModel
import PaceStore
import PaceTrack
import PaceTransfer
import PaceAnalysis

/// `pace show ID`: one stored object in full; a workout with what its route and samples add up to.
struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a workout, sample or route by its UUID.",
        discussion: """
            A workout is shown with its totals, moving and elapsed time, pace and speed (average, moving, \
            best), heart rate and time in zones (--max-heart-rate, --resting-heart-rate), cadence, power and \
            normalised power, elevation, splits, laps, pauses and best efforts, computed from the stored \
            workout, its route and its samples (docs/ANALYSIS.md). --json is in SI units.
            """)

    /// The unit of a workout's splits in the text output.
    enum SplitChoice: String, ExpressibleByArgument, CaseIterable {
        case km, mile

        var unit: SplitUnit { self == .km ? .kilometer : .mile }
    }

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    @OptionGroup var object: ObjectIDArgument

    @OptionGroup var heartRate: HeartRateOptions

    @Option(help: "Split a workout by km or mile in the text output (--json has both).")
    var splits: SplitChoice = .km

    func run() async throws {
        let store = try storeOptions.open()
        let uuid = self.object.id
        guard let object = try await store.object(id: uuid) else {
            throw StoreError(code: .objectNotFound, message: "No object with UUID \(uuid.uuidString) in the store. Run 'pace list' to see the workouts.")
        }
        let detail: ObjectDetail
        if case .workout(let workout) = object {
            let routes = try await store.routes(forWorkout: uuid)
            let analysis = WorkoutAnalysis(workout: workout, routes: routes, series: try await WorkoutSeries(store: store, workout: workout),
                                           options: heartRate.analysisOptions)
            detail = ObjectDetail(object, routes: routes, analysis: analysis)
        } else {
            detail = ObjectDetail(object)
        }
        output.write(output.json ? try JSONOutput.encode(detail) : detail.text(formatting: Formatting(), splitUnit: splits.unit))
    }
}
