import ArgumentParser
import Foundation
import PaceAnalysis
import PaceModel
import PaceTrack

/// `pace-bench speed`: fixes per second of the live filter with metrics and of the smoother.
struct SpeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "speed",
        abstract: "Measure fixes per second of the live filter with metrics, of the smoother, and of a workout's analysis (one core).")

    @Option(help: "Fixes in the synthetic track.")
    var fixes = 1_000_000

    @Option(help: "Timed repetitions; the best is reported.")
    var repetitions = 5

    @Option(help: "Write the results as markdown to this file (docs/BENCHMARKS.md).")
    var write: String?

    func run() throws {
        let track = SyntheticTrack.running(count: fixes, seed: 42)
        let configuration = TrackConfiguration.forActivity(.running)
        let clock = ContinuousClock()
        var checksum = 0.0

        let live = best(of: repetitions, clock: clock) {
            var processor = LiveTrackProcessor(configuration: configuration)
            for fix in track { _ = processor.process(fix) }
            checksum += processor.finish().distance
        }
        let smoothed = best(of: repetitions, clock: clock) {
            checksum += TrackProcessor.process(track, configuration: configuration, smoothed: true).summary.distance
        }
        // The whole analysis of one workout (filter, splits, zones, power, best efforts), heart rate and power at 1 Hz.
        let (workout, route, series) = Self.workout(of: track)
        let analysed = best(of: repetitions, clock: clock) {
            checksum += WorkoutAnalysis(workout: workout, routes: [route], series: series).bestEfforts.first?.duration ?? 0
        }
        let liveRate = Double(fixes) / live
        let smoothRate = Double(fixes) / smoothed
        let analysisRate = Double(fixes) / analysed
        let machine = MachineDescription.current
        let command = "swift run -c release pace-bench speed --fixes \(fixes) --repetitions \(repetitions)"
        let table = """
            | stage | fixes | best time (s) | fixes per second | target | ratio to target |
            |---|---|---|---|---|---|
            | live filter + metrics (gate, Kalman, auto-pause, splits, elevation) | \(fixes) | \(String(format: "%.3f", live)) | \(Int(liveRate)) | 1 000 000 | \(String(format: "%.2f×", liveRate / 1_000_000)) |
            | smoother + metrics (gate, forward filter, RTS pass, metrics) | \(fixes) | \(String(format: "%.3f", smoothed)) | \(Int(smoothRate)) | 200 000 | \(String(format: "%.2f×", smoothRate / 200_000)) |
            | workout analysis (live filter, splits, zones, power, best efforts; 1 Hz heart rate and power) | \(fixes) | \(String(format: "%.3f", analysed)) | \(Int(analysisRate)) | linear | - |
            """
        FileHandle.standardOutput.write(Data("\(table)\n(checksum \(checksum))\n".utf8))
        if let write {
            let body = """
                Command: `\(command)`

                Machine: \(machine). One core: the processors are single-threaded value types.
                Input: a synthetic \(fixes)-fix running track at 1 Hz with GPS noise, Doppler speed and stops,
                generated in memory (seed 42); the best of \(repetitions) runs is reported.

                \(table)

                Benchmarks are measured by hand with the command above; tests never assert timings.
                """
            try MarkdownSection.replace("## Track processing speed (issue 3)", with: body, in: write)
        }
    }

    /// A running workout over the track's fixes, with heart rate and power each second.
    private static func workout(of track: [Fix]) -> (Workout, WorkoutRoute, WorkoutSeries) {
        let start = Date(timeIntervalSince1970: track.first?.time ?? 0)
        let end = Date(timeIntervalSince1970: track.last?.time ?? 0)
        let workout = Workout(activityType: .running, start: start, end: end)
        let locations = track.map { fix in
            RouteLocation(timestamp: Date(timeIntervalSince1970: fix.time), latitude: fix.latitude, longitude: fix.longitude,
                          altitude: fix.altitude, speed: fix.speed, course: fix.course,
                          horizontalAccuracy: fix.horizontalAccuracy, verticalAccuracy: fix.verticalAccuracy)
        }
        let heartRate = track.enumerated().map { index, fix in
            TimedQuantity(start: Date(timeIntervalSince1970: fix.time), end: Date(timeIntervalSince1970: fix.time), value: 140 + Double(index % 40))
        }
        let power = heartRate.map { TimedQuantity(start: $0.start, end: $0.end, value: $0.value * 1.5) }
        return (workout, WorkoutRoute(workoutID: workout.id, locations: locations), WorkoutSeries(heartRate: heartRate, power: power))
    }

    private func best(of repetitions: Int, clock: ContinuousClock, _ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<max(1, repetitions) {
            let elapsed = clock.measure(body)
            best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        return best
    }
}

/// The CPU model and core count, for benchmark reports.
enum MachineDescription {
    static var current: String {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
        return "\(model), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.operatingSystemVersionString)"
    }
}

/// A deterministic synthetic track for speed measurements.
enum SyntheticTrack {
    /// A 1 Hz run around a 2 km loop at 3.3 m/s with a 30 s stop every 10 minutes,
    /// 3 m correlated and 1 m white position noise, and Doppler speed with 0.1 m/s noise.
    static func running(count: Int, seed: UInt64) -> [Fix] {
        var random = SplitMix64(seed: seed)
        let plane = LocalTangentPlane(latitude: 48.85, longitude: 2.35)
        let radius = 2000 / (2 * Double.pi)
        var fixes: [Fix] = []
        fixes.reserveCapacity(count)
        var angle = 0.0, biasEast = 0.0, biasNorth = 0.0
        for index in 0..<count {
            let stopped = index % 600 >= 570
            let speed = stopped ? 0 : 3.3
            angle += speed / radius
            biasEast = biasEast * 0.983 + random.gaussian() * 0.55
            biasNorth = biasNorth * 0.983 + random.gaussian() * 0.55
            let east = radius * sin(angle) + biasEast + random.gaussian()
            let north = radius * cos(angle) + biasNorth + random.gaussian()
            let position = plane.unproject(east: east, north: north, up: 0)
            let course = (90 - angle * 180 / .pi).truncatingRemainder(dividingBy: 360)
            fixes.append(Fix(time: 1_795_158_000 + Double(index), latitude: position.latitude, longitude: position.longitude,
                             altitude: 35 + random.gaussian() * 3, horizontalAccuracy: 4, verticalAccuracy: 6,
                             speed: max(0, speed + random.gaussian() * 0.1), course: course < 0 ? course + 360 : course))
        }
        return fixes
    }
}

/// SplitMix64 with Box–Muller, for reproducible noise.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func uniform() -> Double { Double(next() >> 11) * 0x1.0p-53 }
    mutating func gaussian() -> Double {
        let u = max(uniform(), .leastNonzeroMagnitude)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * uniform())
    }
}
