import ArgumentParser
import Foundation
import PaceModel
import PaceRecorder
import PaceStore
#if canImport(Glibc)
import Glibc
#endif

/// `pace-bench recording`: CPU seconds per recorded hour of a four-stream workout (1 Hz GPS,
/// 1 Hz heart rate, 25 Hz barometer, 50 Hz motion) through `WorkoutSession` with the journal's
/// durability policy on (a file store, WAL, `synchronous = FULL`, a flush every second of session
/// time), including finishing and saving the workout.
struct RecordingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recording",
        abstract: "CPU seconds per recorded hour of a 4-stream workout with the durable journal.")

    @Option(help: "Recorded hours to simulate.")
    var hours: Double = 1

    @Option(help: "Rewrite this benchmark's section of this Markdown file (e.g. docs/BENCHMARKS.md).")
    var write: String?

    @Option(help: "Runs per delivery mode; the run with the median CPU time is reported.")
    var repetitions: Int = 3

    struct Result {
        var readings = 0
        var cpu = 0.0
        var finishCPU = 0.0
        var wall = 0.0
        var storeBytes = 0
        var distance = 0.0
    }

    func run() async throws {
        func median(batched: Bool) async throws -> Result {
            var runs: [Result] = []
            for _ in 0..<max(1, repetitions) { runs.append(try await measure(batched: batched)) }
            return runs.sorted { $0.cpu < $1.cpu }[runs.count / 2]
        }
        let single = try await median(batched: false)
        let batched = try await median(batched: true)
        for (name, result) in [("one call per reading", single), ("one call per sensor-second", batched)] {
            print(String(format: "%@: %.0f h, %d readings, %.2f CPU s = %.3f CPU s per recorded hour (target ≤ 1; finishing and saving %.2f s of it), %.2f s wall, %.1f km",
                         name, hours, result.readings, result.cpu, result.cpu / hours, result.finishCPU, result.wall, result.distance / 1000))
        }
        if let write {
            func row(_ name: String, _ result: Result) -> String {
                "| \(name) | \(result.readings) | \(String(format: "%.2f", result.cpu)) | \(String(format: "%.2f", result.finishCPU)) | "
                    + "\(String(format: "%.3f", result.cpu / hours)) | ≤ 1 | \(String(format: "%.2f", result.wall)) | \(result.storeBytes / 1_000_000) MB |"
            }
            let body = """
                Command: `swift run -c release pace-bench recording --hours \(hours) --write docs/BENCHMARKS.md` — a synthetic
                4-stream run (GPS 1 Hz, heart rate 1 Hz, pressure 25 Hz, motion 50 Hz) through `WorkoutSession` on a file store
                with the durability policy on (WAL, `synchronous = FULL`, one fsynced journal commit per second of session
                time): every reading journaled, timeline, live metrics and snapshots, then finishing and saving the workout,
                samples and route. CPU = user + system time of the process (`getrusage`); the median of \(repetitions) runs. Machine: AMD EPYC, 2 cores,
                Debian 12; measured \(Self.today()).

                | delivery | readings | CPU s | of which finishing | CPU s per recorded hour | target | wall s | store file |
                |---|---|---|---|---|---|---|---|
                \(row("one `ingest` call per reading", single))
                \(row("one `ingest(contentsOf:)` call per sensor and second", batched))
                """
            try MarkdownSection.replace("## Recording: CPU per recorded hour (issue 5)", with: body, in: write)
        }
    }

    private func measure(batched: Bool) async throws -> Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pace-bench-recording-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("health.sqlite").path
        let store = try HealthStore(path: path)
        let start = Date(timeIntervalSinceReferenceDate: 800_000_000)
        let clock = ManualSessionClock(start)
        let seconds = Int(hours * 3600)
        let workout = FourStreamWorkout(start: start, seconds: seconds)
        var result = Result()
        let cpuBefore = Self.cpuSeconds()
        let wallBefore = ContinuousClock.now
        let session = try await WorkoutSession.begin(configuration: WorkoutSessionConfiguration(activityType: .running),
                                               journal: RecordingJournal(store: store), clock: clock)
        try await session.start()
        for second in 0..<seconds {
            let readings = workout.second(second)
            if batched {
                for stream in [SensorStream.location, .heartRate, .pressure, .motion] {
                    let batch = readings.filter { $0.stream == stream }
                    clock.set(batch.last?.time ?? start)
                    try await session.ingest(contentsOf: batch)
                }
            } else {
                for reading in readings {
                    clock.set(reading.time)
                    try await session.ingest(reading)
                }
            }
            result.readings += readings.count
        }
        clock.set(start.addingTimeInterval(Double(seconds)))
        let cpuBeforeFinish = Self.cpuSeconds()
        let recorded = try await session.finish()
        result.finishCPU = Self.cpuSeconds() - cpuBeforeFinish
        result.cpu = Self.cpuSeconds() - cpuBefore
        let wall = ContinuousClock.now - wallBefore
        result.wall = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
        result.storeBytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        result.distance = recorded.summary.distance
        return result
    }

    static func today() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: Date())
    }

    #if canImport(Glibc)
    private static let RUSAGE_SELF_WHO = __rusage_who_t(RUSAGE_SELF.rawValue)
    #else
    private static let RUSAGE_SELF_WHO = RUSAGE_SELF
    #endif

    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(Self.RUSAGE_SELF_WHO, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }
}

/// A synthetic run: eastwards at 3 m/s with GPS noise-free fixes at 1 Hz, heart rate at 1 Hz,
/// pressure at 25 Hz and motion at 50 Hz.
struct FourStreamWorkout {
    let start: Date
    let seconds: Int

    func second(_ second: Int) -> [SensorReading] {
        let t = start.addingTimeInterval(Double(second))
        let metersPerDegree = 111_320.0 * cos(47.0 * .pi / 180)
        var readings: [SensorReading] = []
        readings.reserveCapacity(77)
        readings.append(SensorReading(time: t, value: .location(RouteLocation(
            timestamp: t, latitude: 47, longitude: 8 + Double(second) * 3 / metersPerDegree, altitude: 400, speed: 3, course: 90,
            horizontalAccuracy: 5, verticalAccuracy: 8, speedAccuracy: 0.5))))
        readings.append(SensorReading(time: t, value: .heartRate(HeartRateReading(beatsPerMinute: 140 + Double(second % 20), rrIntervals: [0.42]))))
        for index in 0..<25 {
            readings.append(SensorReading(time: t.addingTimeInterval(Double(index) / 25), value: .pressure(pascals: 96_600 - Double(second) * 0.01)))
        }
        for index in 0..<50 {
            let z = 9.80665 + (index % 17 == 0 ? 6 : 0)
            readings.append(SensorReading(time: t.addingTimeInterval(Double(index) / 50), value: .motion(MotionReading(acceleration: SIMD3(0, 0, z)))))
        }
        return readings.sorted { $0.time < $1.time }
    }
}
