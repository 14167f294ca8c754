import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// Issue 19's store torture: two `pace import` processes write one store at once while a third
/// process lists it over and over. Both imports finish, nobody is told "database is locked", and
/// the store holds exactly what was imported.
@Suite(.timeLimit(.minutes(3))) struct ConcurrentImportTests {
    /// A `points`-point run at 1 Hz as GPX, starting at `start`, heading north from `latitude`.
    static func gpx(points: Int, start: Date, latitude: Double) -> String {
        let formatter = ISO8601DateFormatter()
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="pace-tests" xmlns="http://www.topografix.com/GPX/1/1"><trk><type>running</type><trkseg>
            """
        for index in 0..<points {
            let time = formatter.string(from: start.addingTimeInterval(Double(index)))
            text += "<trkpt lat=\"\(latitude + Double(index) * 0.00003)\" lon=\"8.54\"><ele>410</ele><time>\(time)</time></trkpt>\n"
        }
        return text + "</trkseg></trk></gpx>\n"
    }

    @Test func twoImportsAndAReaderShareOneStore() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.path("health.sqlite")
        let pace = try CommandRunner(environment: ["PACE_STORE": store, "TZ": "UTC"])
        // Files large enough that the imports overlap (a few seconds each in a debug build), a day apart.
        var files: [String] = []
        for day in 0..<4 {
            let path = directory.path("run-\(day).gpx")
            try Self.gpx(points: 6_000, start: Date(timeIntervalSince1970: 1_790_000_000 + Double(day) * 86_400), latitude: 47 + Double(day))
                .write(toFile: path, atomically: true, encoding: .utf8)
            files.append(path)
        }
        // The store exists before the race: its creation is not what is tested.
        #expect(try await pace.run(["list"]).status == 0)

        let reads = Locked(0), readFailures = Locked<[String]>([])
        let importing = Locked(true)
        async let first = pace.run(["import", files[0], files[1]])
        async let second = pace.run(["import", files[2], files[3]])
        async let reader: Void = {
            while importing.withLock({ $0 }) {
                let listed = try await pace.run(["list"])
                reads.withLock { $0 += 1 }
                if listed.status != 0 { readFailures.withLock { $0.append(listed.standardError) } }
            }
        }()
        let results = try await [first, second]
        importing.withLock { $0 = false }
        try await reader

        for result in results {
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.hasPrefix("Imported 2 workouts from 2 files; 0 skipped as duplicate; 0 rejected."))
            #expect(!result.standardError.lowercased().contains("locked"), "\(result.standardError)")
        }
        #expect(reads.withLock { $0 } > 0)
        #expect(readFailures.withLock { $0 }.isEmpty, "\(readFailures.withLock { $0 })")
        let health = try HealthStore(path: store)
        let workouts = try await health.workouts()
        #expect(workouts.count == 4)
        for workout in workouts {
            #expect(try await health.routes(forWorkout: workout.id).first?.locations.count == 6_000)
        }
    }
}
