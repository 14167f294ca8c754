import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// A recording whose disk fills up (issue 19's torture): `pace record` stops with a message that
/// says the disk is full and what to do, every reading it acknowledged is in the journal, and once
/// space is freed the same command resumes the session and finishes the very workout an
/// uninterrupted recording gives.
@Suite(.serialized) struct RecordingFullDiskTests {
    @Test func aFullDiskStopsTheRecordingClearlyAndLosesNothingAcknowledged() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let pace = try CommandRunner(environment: ["TZ": "UTC"])
        let reference = directory.path("reference.sqlite")
        let clean = try await pace.run(["record", "--demo", "--speed", "max", "--store", reference])
        #expect(clean.status == 0, "\(clean.standardError)")
        let expected = try #require(try await Self.outcome(reference))

        // A disk of 6 MiB (a tmpfs; root, as CI runs the tests): the store is made, the recording
        // starts, and its journal fills the disk minutes into the run.
        let disk = directory.path("disk")
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        let mounted = try await SystemTool.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=6m", "tmpfs", disk])
        try #require(mounted.status == 0, "mounting a small tmpfs is needed to fill a disk: \(mounted.standardError)")
        defer { _ = try? SystemTool.runBlocking("/usr/bin/umount", [disk]) }
        let store = disk + "/health.sqlite"

        let full = try await pace.run(["record", "--demo", "--speed", "max", "--print-acknowledgements", "--store", store])
        let said = full.standardOutput + full.standardError
        #expect(full.status == 1)
        #expect(said.contains("is full") && said.contains("Free space"), "says what happened and what to do: \(full.standardError)")
        #expect(!said.contains("Fatal error"))
        let acknowledged = full.standardOutput.split(separator: "\n").compactMap { $0.hasPrefix("ack ") ? Int64($0.dropFirst(4)) : nil }.max() ?? 0
        #expect(acknowledged > 10, "the recording ran before the disk filled (\(acknowledged) acknowledged)")

        // Space is freed: the journal holds every acknowledged reading in one open session.
        let grown = try await SystemTool.run("/usr/bin/mount", ["-o", "remount,size=256m", disk])
        try #require(grown.status == 0, "\(grown.standardError)")
        let sessions = try await RecordingJournal(store: try HealthStore(path: store)).sessions()
        #expect(sessions.map(\.status) == [.open])
        #expect((sessions.map(\.lastSequence).max() ?? 0) >= acknowledged, "acknowledged \(acknowledged), journal holds \(sessions.map(\.lastSequence))")

        // The same command resumes that session and saves the workout an uninterrupted run saves.
        let resumed = try await pace.run(["record", "--demo", "--speed", "max", "--store", store])
        #expect(resumed.status == 0, "\(resumed.standardError)")
        #expect(try await RecordingJournal(store: try HealthStore(path: store)).sessions().map(\.status) == [.saved])
        #expect(try await Self.outcome(store) == expected)
    }

    /// The stored workout's distance, duration, heart-rate samples and route fixes.
    static func outcome(_ path: String) async throws -> CrashRecoveryTests.Outcome? {
        let store = try HealthStore(path: path)
        guard let workout = try await store.workouts().first else { return nil }
        return CrashRecoveryTests.Outcome(distance: workout.totalDistance?.value ?? -1, duration: workout.duration,
                                          heartRateSamples: try await store.quantitySamples(of: .heartRate).count,
                                          routeLocations: try await store.routes(forWorkout: workout.id).first?.locations.count ?? 0)
    }
}
