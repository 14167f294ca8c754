import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// Issue 19's store torture, with the real binary: two `pace import` processes write one store at
/// once while a third lists it over and over; a store the system will not let anyone write is
/// refused with a message that says so, and left as it was.
@Suite(.timeLimit(.minutes(3 * TestTime.scale))) struct StoreTortureTests {
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

    /// Writes `gpx(points:start:latitude:)` to `path` on a thread of its own: building tens of
    /// thousands of points takes seconds in a debug build, which the cooperative pool's two threads
    /// owe to the tests running beside this one.
    static func writeGPX(_ path: String, points: Int, start: Date, latitude: Double) async throws {
        try await ThreadBridge.run { () throws(CocoaError) in
            do { try gpx(points: points, start: start, latitude: latitude).write(toFile: path, atomically: true, encoding: .utf8) } catch {
                throw CocoaError(.fileWriteUnknown)
            }
        }
    }

    @Test func twoImportsAndAReaderShareOneStore() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.path("health.sqlite")
        let pace = try CommandRunner(environment: ["PACE_STORE": store, "TZ": "UTC"])
        // Files large enough that the imports overlap (a second or two each in a debug build), a day apart.
        var files: [String] = []
        for day in 0..<4 {
            let path = directory.path("run-\(day).gpx")
            try await Self.writeGPX(path, points: 3_000, start: Date(timeIntervalSince1970: 1_790_000_000 + Double(day) * 86_400),
                                    latitude: 47 + Double(day))
            files.append(path)
        }
        // The store exists before the race: its creation is not what is tested.
        #expect(try await pace.run(["list"]).status == 0)

        let reads = Locked(0), readFailures = Locked<[String]>([])
        let importing = Locked(true)
        // The arguments are made before the child tasks, which then share no mutable state with this one.
        let firstImport = ["import", files[0], files[1]], secondImport = ["import", files[2], files[3]]
        async let first = pace.run(firstImport)
        async let second = pace.run(secondImport)
        async let reader: Void = {
            while importing.withLock({ $0 }) {
                let listed = try await pace.run(["list"])
                reads.withLock { $0 += 1 }
                if listed.status != 0 { readFailures.withLock { $0.append(listed.standardError) } }
                // A pause between reads: the suite shares two cores with the rest of the tests.
                try await Task.sleep(for: .milliseconds(200))
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
            #expect(try await health.routes(forWorkout: workout.id).first?.locations.count == 3_000)
        }
    }

    @Test func aStoreNobodyMayWriteIsRefusedClearlyAndLeftAsItWas() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = directory.path("health.sqlite")
        let pace = try CommandRunner(environment: ["PACE_STORE": store, "TZ": "UTC"])
        let gpx = directory.path("run.gpx")
        try Self.gpx(points: 60, start: Date(timeIntervalSince1970: 1_790_000_000), latitude: 47).write(toFile: gpx, atomically: true, encoding: .utf8)
        #expect(try await pace.run(["import", gpx]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        // The immutable flag holds even for root (the tests run as root in CI): no process may write the file.
        let immutable = try await Self.chattr("+i", store)
        #expect(immutable.status == 0, "chattr +i is needed to make a store nobody may write: \(immutable.standardError)")
        defer { _ = try? SystemTool.runBlocking("/usr/bin/chattr", ["-i", store]) }  // only if the test stopped early
        let second = directory.path("second.gpx")
        try Self.gpx(points: 60, start: Date(timeIntervalSince1970: 1_790_100_000), latitude: 48).write(toFile: second, atomically: true, encoding: .utf8)
        let refused = try await pace.run(["import", second])
        // Refused when the store is opened, or, with its journal files left from before, when the import writes.
        let said = refused.standardOutput + refused.standardError
        #expect(refused.status == 1)
        #expect(said.contains("readonly") || said.contains("read-only"), "\(said)")
        #expect(said.contains("permissions"), "the message says what to check: \(said)")
        #expect(!said.contains("Fatal error"))
        _ = try await Self.chattr("-i", store)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before, "the refused import changed nothing")
        let listed = try await pace.run(["list"])
        #expect(listed.status == 0, "\(listed.standardError)")
        #expect(listed.standardOutput.lowercased().components(separatedBy: "running").count - 1 == 1, "one run stored: \(listed.standardOutput)")
    }

    @Test func aFullDiskRefusesTheImportAndKeepsWhatWasStored() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // A disk of 3 MiB: a tmpfs mounted for the test (root, as CI runs the tests).
        let disk = directory.path("disk")
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        let mounted = try await SystemTool.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=3m", "tmpfs", disk])
        try #require(mounted.status == 0, "mounting a small tmpfs is needed to fill a disk: \(mounted.standardError)")
        defer { _ = try? SystemTool.runBlocking("/usr/bin/umount", [disk]) }  // a defer cannot wait; umount takes milliseconds
        let store = disk + "/health.sqlite"
        let pace = try CommandRunner(environment: ["PACE_STORE": store, "TZ": "UTC"])
        let small = directory.path("small.gpx"), large = directory.path("large.gpx")
        try await Self.writeGPX(small, points: 60, start: Date(timeIntervalSince1970: 1_790_000_000), latitude: 47)
        try await Self.writeGPX(large, points: 40_000, start: Date(timeIntervalSince1970: 1_790_100_000), latitude: 48)
        let first = try await pace.run(["import", small])
        #expect(first.status == 0, "\(first.standardError)")

        let full = try await pace.run(["import", large])
        let said = full.standardOutput + full.standardError
        #expect(full.status == 1)
        #expect(said.contains("is full") && said.contains("Free space"), "the message says what happened and what to do: \(said)")
        #expect(!said.contains("Fatal error"))
        // The store still opens and holds exactly what was stored before.
        let health = try HealthStore(path: store)
        let workouts = try await health.workouts()
        #expect(workouts.count == 1)
        #expect(try await health.routes(forWorkout: try #require(workouts.first).id).first?.locations.count == 60)
        #expect(try await pace.run(["list"]).status == 0)
    }

    /// Runs `chattr FLAG path` (e2fsprogs).
    static func chattr(_ flag: String, _ path: String) async throws -> SystemTool.Result {
        try await SystemTool.run("/usr/bin/chattr", [flag, path])
    }
}
