import Foundation
import PaceFormats
import Testing

/// Independent check of ``FITActivityWriter``: Garmin's `garmin_fit_sdk` and `fitdecode` (Python)
/// decode the written file via `Scripts/check-fit-with-sdks.py`.
///
/// Runs only when `python3 -c "import fitdecode, garmin_fit_sdk"` succeeds
/// (`python3 -m pip install fitdecode garmin-fit-sdk`).
@Suite(.enabled(if: FITEncoderSDK.available, "needs python3 with fitdecode and garmin_fit_sdk"))
struct FITEncoderSDKTests {
    typealias Summary = FITEncoderSDK.Summary

    static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scripts/check-fit-with-sdks.py")

    static func python(_ arguments: [String]) throws -> (status: Int32, output: Data) {
        try FITEncoderSDK.python(arguments)
    }

    /// Writes `activity` to a temporary file and returns each decoder's summary of it.
    static func decode(_ activity: RecordedActivity) throws -> [String: Summary] {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("pace-fit-encoder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("activity.fit")
        try FITActivityWriter().write(activity).write(to: file)
        let result = try python([script.path, file.path])
        #expect(result.status == 0)
        return try JSONDecoder().decode([String: Summary].self, from: result.output)
    }

    @Test func bothSDKsDecodeTheSampleActivity() throws {
        // Given
        let activity = FITEncoderSample.activity
        let expected = activity.records
        // When
        let summaries = try Self.decode(activity)
        // Then
        #expect(summaries.keys.sorted() == ["fitdecode", "garmin"])
        for (decoder, summary) in summaries {
            #expect(summary.errors.isEmpty, "\(decoder): \(summary.errors)")
            #expect(summary.integrity, "\(decoder)")
            #expect(summary.records.count == expected.count, "\(decoder)")
            for (got, want) in zip(summary.records, expected) {
                #expect(got.time == want.time.map { Int($0.timeIntervalSince1970) }, "\(decoder)")
                #expect(got.lat == want.latitude.map(FITEncoderSample.semicircles), "\(decoder)")
                #expect(got.lon == want.longitude.map(FITEncoderSample.semicircles), "\(decoder)")
                #expect(FITTestSupport.close(got.alt, want.altitude, 0.2), "\(decoder)")
                #expect(FITTestSupport.close(got.dist, want.distance, 0.01), "\(decoder)")
                #expect(FITTestSupport.close(got.speed, want.speed, 0.001), "\(decoder)")
                #expect(got.hr == want.heartRate, "\(decoder)")
                #expect(got.cad == want.cadence, "\(decoder)")
                #expect(got.power == want.power, "\(decoder)")
                #expect(got.temp == want.temperature, "\(decoder)")
            }
            #expect(summary.laps.count == 2, "\(decoder)")
            #expect(summary.laps.first?.elapsed == 60, "\(decoder)")
            #expect(FITTestSupport.close(summary.laps.first?.distance, 187.4, 0.01), "\(decoder)")
            #expect(summary.laps.first?.calories == 50, "\(decoder)")
            #expect(summary.laps.map(\.trigger) == ["manual", "session_end"], "\(decoder)")
            #expect(summary.laps.last?.timer == 54, "\(decoder)")
            #expect(summary.sessions == ["running"], "\(decoder)")
            #expect(summary.activities == 1, "\(decoder)")
            #expect(summary.timer_events == ["start", "stop_all", "start", "stop_all"], "\(decoder)")
        }
    }

    @Test func bothSDKsDecodeAnEmptyActivity() throws {
        // Given / When
        let summaries = try Self.decode(RecordedActivity())
        // Then
        #expect(summaries.count == 2)
        for (decoder, summary) in summaries {
            #expect(summary.errors.isEmpty, "\(decoder): \(summary.errors)")
            #expect(summary.integrity, "\(decoder)")
            #expect(summary.records.isEmpty, "\(decoder)")
            #expect(summary.sessions == ["generic"], "\(decoder)")
            #expect(summary.activities == 1, "\(decoder)")
        }
    }
}

/// The Python side of ``FITEncoderSDKTests``: availability, running the script, its JSON.
enum FITEncoderSDK {
    /// Whether `python3` imports both `fitdecode` and `garmin_fit_sdk`.
    static let available: Bool = {
        (try? python(["-c", "import fitdecode, garmin_fit_sdk"]).status) == 0
    }()

    /// Runs `python3 arguments…` and returns its exit status and standard output.
    static func python(_ arguments: [String]) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }

    /// One decoder's view of the file, as the script prints it.
    struct Summary: Decodable {
        struct Record: Decodable {
            var time: Int?
            var lat: Int?
            var lon: Int?
            var alt: Double?
            var dist: Double?
            var speed: Double?
            var hr: Double?
            var cad: Double?
            var power: Double?
            var temp: Double?
        }

        struct Lap: Decodable {
            var start: Int?
            var elapsed: Double?
            var timer: Double?
            var distance: Double?
            var calories: Double?
            var trigger: String?
        }

        var errors: [String]
        var integrity: Bool
        var records: [Record]
        var laps: [Lap]
        var sessions: [String]
        var activities: Int
        var timer_events: [String]
    }
}
