import ArgumentParser
import Foundation
import PaceFormats
import PaceModel
import PaceTrack
import PaceTransfer

/// `pace track IN --activity TYPE`: runs a recorded track through the filter.
struct TrackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "track",
        abstract: "Filter a recorded GPS track and print its distance, moving time, elevation and splits.",
        discussion: """
            IN is a GPX, TCX or FIT file, or a CSV with a header naming t (Unix seconds), lat, lon and optionally \
            ele, hacc, vacc, speed, course, pressure (hPa; -1 = not available). With a pressure the altitude takes its changes \
            from the barometer and its level from GPS. The output CSV has t,lat,lon,ele,speed,dist,gain (m/s, cumulative metres).
            """)

    @OptionGroup var output: OutputOptions

    @Argument(help: "The recorded track: GPX, TCX, FIT or CSV.")
    var input: String

    @Option(name: .long, help: "The activity, e.g. running, walking, hiking, cycling: it sets the thresholds.")
    var activity: String = "running"

    @Flag(help: "Causal live filter (what a recording shows) or fixed-interval smoother (the finished workout).")
    var mode: Mode = .smoothed

    @Option(name: .customLong("output"), help: "Write the filtered track here as CSV.")
    var outputPath: String?

    enum Mode: String, EnumerableFlag {
        case live, smoothed
    }

    func validate() throws {
        guard WorkoutActivityType(name: activity) != nil else {
            throw ValidationError("Unknown activity '\(activity)'. Use a name such as running, walking, hiking or cycling.")
        }
    }

    func run() throws {
        let fixes: [Fix]
        var pressures: [Double]?
        if ActivityFileReader.isSupported(input) {
            guard FileManager.default.isReadableFile(atPath: input) else {
                throw ValidationError("Cannot read '\(input)': no such readable file.")
            }
            // A FIT file's barometer (absolute_pressure) is fused like a CSV's pressure column.
            let tracks = try ActivityFileReader.read(URL(fileURLWithPath: input)).activities
                .map(ActivityConverter.barometricTrack(from:))
            fixes = tracks.flatMap(\.fixes)
            if tracks.contains(where: { $0.pressures != nil }) {
                pressures = tracks.flatMap { $0.pressures ?? Array(repeating: .nan, count: $0.fixes.count) }
            }
        } else {
            let text: String
            do { text = try String(contentsOfFile: input, encoding: .utf8) } catch {
                throw ValidationError("Cannot read '\(input)': \(error.localizedDescription)")
            }
            let csv = try TrackCSV.readTrack(text, file: input)
            fixes = csv.locations.map(Fix.init)
            pressures = csv.pressures
        }
        let configuration = TrackConfiguration.forActivity(WorkoutActivityType(name: activity) ?? .running)
        let track = TrackProcessor.process(fixes, pressures: pressures, configuration: configuration,
                                           smoothed: mode == .smoothed)
        if let outputPath {
            var writer = TrackCSVWriter(includesGain: true)
            for (index, point) in track.points.enumerated() {
                writer.append(.init(time: point.time, latitude: point.latitude, longitude: point.longitude,
                                    altitude: track.altitudes[index], speed: point.speed, distance: track.distances[index],
                                    gain: track.gains[index]))
            }
            do { try writer.csv.write(toFile: outputPath, atomically: true, encoding: .utf8) } catch {
                throw ValidationError("Cannot write '\(outputPath)': \(error.localizedDescription)")
            }
        }
        let report = TrackReport(track.summary, mode: mode.rawValue, activity: activity)
        output.write(output.json ? try JSONOutput.encode(report) : report.text())
    }
}
