import ArgumentParser
import Foundation
import PaceAnalysis
import PaceModel
import PaceStore
import PaceTransfer

/// `--units metric|imperial`: how distances and paces are printed for people (JSON stays SI).
struct UnitsOptions: ParsableArguments {
    /// A system of units.
    enum Units: String, ExpressibleByArgument, CaseIterable {
        case metric, imperial
    }

    @Option(name: .long, help: "Distances and paces in the text output: metric (km, min/km) or imperial (mi, min/mi); --json is always SI.")
    var units: Units = .metric

    /// `5.02 km` or `3.12 mi` for metres.
    func distance(_ meters: Double) -> String {
        units == .metric ? String(format: "%.2f km", meters / 1000) : String(format: "%.2f mi", meters / 1609.344)
    }

    /// `5:00 /km` or `8:03 /mi` for a speed in m/s; `-` when not positive or so slow that the pace
    /// is past a whole number of seconds.
    func pace(_ speed: Double?) -> String {
        guard let speed, speed > 0 else { return "-" }
        let perMeters = units == .metric ? 1000.0 : 1609.344
        guard let seconds = Int(exactly: (perMeters / speed).rounded()) else { return "-" }
        return String(format: "%d:%02d", seconds / 60, seconds % 60) + (units == .metric ? " /km" : " /mi")
    }

    /// The pace for foot sports, else the speed (`32.2 km/h` or `20.0 mph`), of a speed in m/s.
    func rate(_ speed: Double?, showsPace: Bool) -> String {
        if showsPace { return pace(speed) }
        guard let speed, speed > 0 else { return "-" }
        return units == .metric ? String(format: "%.1f km/h", speed * 3.6) : String(format: "%.1f mph", speed * 3600 / 1609.344)
    }

    /// `+123 m` or `+404 ft` for metres climbed.
    func elevation(_ meters: Double) -> String {
        units == .metric ? String(format: "%.0f m", meters) : String(format: "%.0f ft", meters / 0.3048)
    }
}

/// `--max-heart-rate` and `--resting-heart-rate`: the athlete's heart rates for zones and training load.
struct HeartRateOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Maximum heart rate for zones and training load, bpm (default 190).", valueName: "bpm"))
    var maxHeartRate: Double = 190

    @Option(name: .long, help: ArgumentHelp("Resting heart rate, bpm: zones become fractions of the reserve (Karvonen); training load uses it (default 60 there).", valueName: "bpm"))
    var restingHeartRate: Double?

    func validate() throws {
        guard maxHeartRate.isFinite, (100...250).contains(maxHeartRate) else {
            throw ValidationError("--max-heart-rate \(maxHeartRate) is not a heart rate between 100 and 250 bpm.")
        }
        if let restingHeartRate, !(restingHeartRate.isFinite && restingHeartRate >= 25 && restingHeartRate < maxHeartRate) {
            throw ValidationError("--resting-heart-rate \(restingHeartRate) must be between 25 bpm and the maximum heart rate.")
        }
    }

    /// The zones these heart rates give, with the default bounds.
    var zones: HeartRateZones { HeartRateZones(maximum: maxHeartRate, resting: restingHeartRate) }

    /// The analysis options these heart rates give.
    var analysisOptions: WorkoutAnalysis.Options { WorkoutAnalysis.Options(zones: zones) }
}

extension HealthStore {
    /// A workout analysed from what the store holds: its routes and the samples of its interval.
    func analysis(of workout: Workout, options: WorkoutAnalysis.Options) async throws -> WorkoutAnalysis {
        let routes = try await routes(forWorkout: workout.id)
        return WorkoutAnalysis(workout: workout, routes: routes, series: try await WorkoutSeries(store: self, workout: workout), options: options)
    }
}
