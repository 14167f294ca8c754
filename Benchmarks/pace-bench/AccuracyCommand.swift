import ArgumentParser
import Foundation
import PaceFormats
import PaceModel
import PaceTrack

/// `pace-bench accuracy DIR`: runs Pace's live filter and smoother over the accuracy benchmark's
/// noisy tracks, scores every output with the benchmark's own scorer and tabulates the results.
///
/// DIR is a dataset made by `make_dataset.py` (see `../shared/accuracy/README.md`): `DIR/noisy/`
/// holds `<scenario>_<profile>_s<seed>.csv`, `DIR/truth/` the ground truth. The filter only knows
/// the activity: track, city → running; walk → walking; hike → hiking; ride → cycling.
struct AccuracyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accuracy",
        abstract: "Score Pace's GPS filter and smoother on the accuracy benchmark's dataset.",
        discussion: """
            Writes one output CSV (t,lat,lon,ele,speed,dist) per noisy track and mode, runs \
            `python3 score.py truth.csv out.csv` on each and prints a markdown table of the means \
            over the seeds, with each target marked met or missed.
            """)

    @Argument(help: "Dataset directory made by make_dataset.py (with noisy/ and truth/).")
    var dataset: String

    @Option(name: .long, help: "Also write the markdown report to this file (e.g. docs/ACCURACY.md).")
    var write: String?

    @Option(name: .long, help: "Path to score.py (default: looked up next to the dataset and in ../shared/accuracy).")
    var scorer: String?

    @Option(name: .long, help: "Directory for the output CSVs (default: a new temporary directory).")
    var output: String?

    @Option(name: .long, help: "Python interpreter that runs the scorer.")
    var python = "python3"

    @Option(name: .long, help: "Scorer processes to run at once (default: the number of processors).")
    var jobs: Int?

    mutating func validate() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dataset + "/noisy", isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("'\(dataset)' is not an accuracy dataset: it has no noisy/ directory (make one with make_dataset.py)")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    func run() throws {
        let scorerPath = try locateScorer()
        let outputDirectory = output ?? NSTemporaryDirectory() + "pace-accuracy-\(ProcessInfo.processInfo.processIdentifier)"
        try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        let tracks = try noisyTracks()
        guard !tracks.isEmpty else { throw ValidationError("no <scenario>_<profile>_s<seed>.csv files in \(dataset)/noisy") }

        var timing = FilterTiming()
        var scoringJobs: [ScoringJob] = []
        for track in tracks {
            let path = dataset + "/noisy/" + track.file
            let csv = try TrackCSV.readTrack(String(contentsOfFile: path, encoding: .utf8), file: path)
            let fixes = csv.locations.map(Fix.init)
            let configuration = TrackConfiguration.forActivity(track.activity)
            // The simple methods docs/ACCURACY.md compares with, on the same raw input.
            let threePointGain = ReferenceGain.threePointSmoothing(csv.locations)
            let stepsGain = csv.pressures.map {
                ReferenceGain.barometricSteps(times: fixes.map(\.time), pressures: $0)
            }
            for mode in FilterMode.allCases {
                // What `pace track` does with this file: the barometer fused when the file has one.
                let start = DispatchTime.now().uptimeNanoseconds
                let processed = TrackProcessor.process(fixes, pressures: csv.pressures, configuration: configuration,
                                                       smoothed: mode == .smoothed)
                timing.add(mode, fixes: fixes.count, nanoseconds: DispatchTime.now().uptimeNanoseconds - start)
                // The same track as a device without a barometer records it.
                let gpsOnly = csv.pressures == nil ? processed
                    : TrackProcessor.process(fixes, configuration: configuration, smoothed: mode == .smoothed)
                let outPath = "\(outputDirectory)/\(track.name)_\(mode.rawValue).csv"
                try Self.csv(processed).write(toFile: outPath, atomically: true, encoding: .utf8)
                scoringJobs.append(ScoringJob(track: track, mode: mode, truth: "\(dataset)/truth/\(track.scenario).csv",
                                              output: outPath, hasBarometer: csv.pressures != nil,
                                              summaryGain: processed.summary.elevationGain,
                                              gpsOnlyGain: gpsOnly.summary.elevationGain,
                                              threePointGain: threePointGain, barometricStepsGain: stepsGain))
            }
        }
        let scores = try score(scoringJobs, scorer: scorerPath)
        let report = AccuracyReport(scores: scores, timing: timing, command: commandLine(), outputDirectory: outputDirectory)
        let markdown = report.markdown()
        print(markdown)
        if let write {
            try markdown.write(toFile: write, atomically: true, encoding: .utf8)
            FileHandle.standardError.write(Data("wrote \(write)\n".utf8))
        }
    }

    /// The scorer's output format, exactly as `pace track --output` writes it: `t,lat,lon,ele,speed,dist,gain`,
    /// `ele` the fused altitude, `dist` the cumulative odometer, `gain` the cumulative elevation gain.
    static func csv(_ track: ProcessedTrack) -> String {
        var writer = TrackCSVWriter(includesGain: true)
        for (index, point) in track.points.enumerated() {
            writer.append(.init(time: point.time, latitude: point.latitude, longitude: point.longitude,
                                altitude: track.altitudes[index], speed: point.speed, distance: track.distances[index],
                                gain: track.gains[index]))
        }
        return writer.csv
    }

    private func noisyTracks() throws -> [NoisyTrack] {
        try FileManager.default.contentsOfDirectory(atPath: dataset + "/noisy").sorted().compactMap(NoisyTrack.init(file:))
    }

    private func locateScorer() throws -> String {
        if let scorer {
            guard FileManager.default.fileExists(atPath: scorer) else { throw ValidationError("no scorer at '\(scorer)'") }
            return scorer
        }
        let candidates = [dataset + "/score.py", dataset + "/../score.py", dataset + "/../accuracy/score.py",
                          "../shared/accuracy/score.py", "shared/accuracy/score.py"]
        guard let found = candidates.first(where: FileManager.default.fileExists(atPath:)) else {
            throw ValidationError("cannot find score.py near '\(dataset)' or in ../shared/accuracy; pass --scorer PATH")
        }
        return found
    }

    private func commandLine() -> String {
        // The dataset is usually a temporary directory; its path would only add noise to the report.
        var words = ["swift run -c release pace-bench accuracy", "DATASET"]
        if let write { words += ["--write", write] }
        if let scorer { words += ["--scorer", scorer] }
        return words.joined(separator: " ")
    }

    /// Runs the scorer on every job, `jobs` processes at a time.
    private func score(_ work: [ScoringJob], scorer: String) throws -> [Score] {
        let width = jobs ?? max(ProcessInfo.processInfo.activeProcessorCount, 1)
        var scores: [Score] = []
        var index = 0
        while index < work.count {
            let batch = work[index..<min(index + width, work.count)]
            var running: [(ScoringJob, Process, Pipe, Pipe)] = []
            for job in batch {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = [python, scorer, job.truth, job.output]
                let out = Pipe(), err = Pipe()
                process.standardOutput = out
                process.standardError = err
                try process.run()
                running.append((job, process, out, err))
            }
            for (job, process, out, err) in running {
                let data = out.fileHandleForReading.readDataToEndOfFile()
                let errors = err.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                guard process.terminationStatus == 0,
                      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                    let message = String(decoding: errors, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
                    throw ValidationError("the scorer failed on \(job.output): \(message) (are numpy, scipy and pyproj installed?)")
                }
                var metrics = object.compactMapValues { ($0 as? NSNumber)?.doubleValue }
                if let truth = metrics["gain_true_m"] {
                    if job.hasBarometer, let gain = job.summaryGain { metrics["baro_gain_err_m"] = gain - truth }
                    if let gain = job.gpsOnlyGain { metrics["gps_gain_err_m"] = gain - truth }
                    metrics["three_point_gain_err_m"] = job.threePointGain - truth
                    if let gain = job.barometricStepsGain { metrics["baro_steps_gain_err_m"] = gain - truth }
                }
                scores.append(Score(track: job.track, mode: job.mode, metrics: metrics))
            }
            index += width
        }
        return scores
    }
}

/// Live filter or smoother.
enum FilterMode: String, CaseIterable, Sendable {
    case live
    case smoothed
}

/// One noisy track of the dataset, named `<scenario>_<profile>_s<seed>.csv`.
struct NoisyTrack: Sendable {
    var file: String
    var scenario: String
    var profile: String
    var seed: Int

    init?(file: String) {
        guard file.hasSuffix(".csv") else { return nil }
        let parts = file.dropLast(4).split(separator: "_")
        guard parts.count == 3, parts[2].hasPrefix("s"), let seed = Int(parts[2].dropFirst()) else { return nil }
        self.file = file
        scenario = String(parts[0])
        profile = String(parts[1])
        self.seed = seed
    }

    var name: String { String(file.dropLast(4)) }

    /// What the filter is told: the only thing it may know about the scenario.
    var activity: WorkoutActivityType { Self.activity(forScenario: scenario) }

    /// track, city → running; walk → walking; hike → hiking; ride → cycling; anything else → other.
    static func activity(forScenario scenario: String) -> WorkoutActivityType {
        switch scenario {
        case "track", "city": .running
        case "walk": .walking
        case "hike": .hiking
        case "ride": .cycling
        default: .other
        }
    }
}

/// One scorer run to do.
struct ScoringJob: Sendable {
    var track: NoisyTrack
    var mode: FilterMode
    var truth: String
    var output: String
    /// Whether the noisy track has a barometer (a `pressure` column).
    var hasBarometer: Bool
    /// The elevation gain `TrackSummary` reports (hysteresis applied), in metres, with the barometer if any.
    var summaryGain: Double?
    /// The elevation gain `TrackSummary` reports from the same fixes without the barometer, in metres.
    var gpsOnlyGain: Double?
    /// The gain of the servers' 3-point smoothing of the raw GPS altitudes, in metres.
    var threePointGain: Double
    /// The gain of OpenTracks-style 3 m barometric steps, in metres; nil without a barometer.
    var barometricStepsGain: Double?
}

/// One scorer result.
struct Score: Sendable {
    var track: NoisyTrack
    var mode: FilterMode
    var metrics: [String: Double]
}

/// Time spent filtering, per mode.
struct FilterTiming: Sendable {
    var fixes: [FilterMode: Int] = [:]
    var nanoseconds: [FilterMode: UInt64] = [:]

    mutating func add(_ mode: FilterMode, fixes count: Int, nanoseconds elapsed: UInt64) {
        fixes[mode, default: 0] += count
        nanoseconds[mode, default: 0] += elapsed
    }

    /// Fixes per second of `mode`.
    func rate(_ mode: FilterMode) -> Double {
        let seconds = Double(nanoseconds[mode] ?? 0) / 1e9
        return seconds > 0 ? Double(fixes[mode] ?? 0) / seconds : 0
    }
}
