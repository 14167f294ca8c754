import ArgumentParser
import Foundation

/// `pace-bench files`: reads one large file with Pace and prints one machine-readable line.
///
/// One case per process, so that `/usr/bin/time` measures the peak memory of that case alone;
/// `Scripts/bench-files.sh` runs it beside the peers (gpsbabel, xmllint, gpxpy, garmin-fit-sdk,
/// fitdecode, healthkit-to-sqlite) and writes the "File reading" section of docs/BENCHMARKS.md.
///
/// ```
/// $ pace-bench files gpx /tmp/pace-bench-inputs/run-1m.gpx
/// format=gpx api=stream points=1000000 hr_sum=157125986 cad_sum=87767089 warnings=0 seconds=0.611393
/// ```
struct FilesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "files",
        abstract: "Read one large GPX, TCX, FIT or Apple Health file with Pace and print points, checksums and seconds.",
        discussion: """
            Prints one line of key=value pairs: the format, the reading API used, points read, checksums of what \
            was read (sums of heart rate and cadence; for Apple Health the import report's counts) and seconds, \
            the wall time from opening the file to the last point (monotonic clock; process start-up excluded).
            On failure prints error=… on standard error and exits with status 1.
            Generate inputs with Scripts/generate-large-inputs.py; compare with peers with Scripts/bench-files.sh.
            """)

    /// The kind of file to read.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case gpx, tcx, fit, applehealth
    }

    @Argument(help: "The kind of file: gpx, tcx, fit or applehealth.")
    var format: Format

    @Argument(help: "The file to read (for applehealth: export.xml or the apple_health_export folder).",
              completion: .file())
    var file: String

    @Option(help: "gpx, tcx and fit: read with the stream API (point by point, constant memory) or the document API (the whole file as one value).")
    var api: FileReadingAPI = .stream

    @Option(help: "applehealth: the store file to import into; must not exist (default: a temporary store, deleted afterwards).")
    var store: String?

    @Flag(help: "applehealth: import into --store, which must already hold this export (the monthly re-import of a cumulative export: every record a duplicate).")
    var again = false

    func validate() throws {
        guard FileManager.default.fileExists(atPath: file) else {
            throw ValidationError("'\(file)' does not exist; generate inputs with Scripts/generate-large-inputs.py.")
        }
        if let store {
            guard format == .applehealth else {
                throw ValidationError("--store is only for applehealth.")
            }
            guard again || !FileManager.default.fileExists(atPath: store) else {
                throw ValidationError("the store '\(store)' already exists; the benchmark imports into a fresh store (or pass --again).")
            }
            guard !again || FileManager.default.fileExists(atPath: store) else {
                throw ValidationError("--again imports into a store that holds the export already; '\(store)' does not exist.")
            }
        } else if again {
            throw ValidationError("--again needs --store: the store that already holds the export.")
        }
    }

    func run() async throws {
        let url = URL(fileURLWithPath: file)
        let clock = ContinuousClock()
        let started = clock.now
        let result: FileReadResult
        do {
            switch format {
            case .gpx: result = try FileReadCase.readGPX(at: url, api: api)
            case .tcx: result = try FileReadCase.readTCX(at: url, api: api)
            case .fit: result = try FileReadCase.decodeFIT(at: url, api: api)
            case .applehealth: result = try await FileReadCase.importAppleHealth(at: url, storePath: store)
            }
        } catch {
            let elapsed = started.duration(to: clock.now)
            let line = "format=\(format.rawValue) api=\(api.rawValue) seconds=\(Self.seconds(elapsed)) error=\(String(describing: error))"
            FileHandle.standardError.write(Data((line.replacingOccurrences(of: "\n", with: " ") + "\n").utf8))
            throw ExitCode.failure
        }
        let elapsed = started.duration(to: clock.now)
        let line = "format=\(format.rawValue) api=\(result.api.rawValue) \(result.summary) seconds=\(Self.seconds(elapsed))\n"
        FileHandle.standardOutput.write(Data(line.utf8))
    }

    private static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        return String(format: "%.6f", value)
    }
}

/// How a reader is called: the whole file as one value, or point by point.
enum FileReadingAPI: String, ExpressibleByArgument, CaseIterable {
    /// `GPXReader().read(contentsOf:)`, `FITDecoder().decode(Data)`: the file and its points in memory.
    case document
    /// `GPXReader().stream(contentsOf:handler:)`, `FITDecoder().decode(contentsOf:handler:)`: one point at a
    /// time from a fixed buffer, so memory stays constant whatever the file size.
    case stream
}

/// What one case read: enough to check against the peers' counts and to keep the work from being optimised away.
struct FileReadResult {
    /// The API actually used.
    var api: FileReadingAPI
    /// `key=value` pairs, in order, e.g. `points=1000000 hr_sum=…`.
    var values: [(key: String, value: String)]

    /// The pairs as one line: `points=1000000 hr_sum=…`.
    var summary: String {
        values.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }
}
