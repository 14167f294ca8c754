import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PaceModel
import PaceTestSupport
import Testing

/// Many `kill -9`s of one real `pace serve` at random moments of uploads, their import jobs and sync
/// pushes, each followed by a restart and the client's retry: after every trial the account holds
/// exactly what the client sent — one workout per distinct file, every pushed sample once — and
/// every upload job ends `done`. `PACE_SERVER_KILLS` sets the number of trials (6 in CI; the runs in
/// docs/RELIABILITY.md used 200), `PACE_SERVER_KILL_SEED` the moments.
@Suite(.serialized, .timeLimit(.minutes(60 * TestTime.scale))) struct ServerTortureTests {
    static let trials = ProcessInfo.processInfo.environment["PACE_SERVER_KILLS"].flatMap(Int.init) ?? 6
    static let seed = ProcessInfo.processInfo.environment["PACE_SERVER_KILL_SEED"].flatMap(UInt64.init) ?? 19

    /// One trial's file: a run of `points` seconds that starts `trial` days after the first.
    static func gpx(trial: Int, points: Int) -> Data {
        WebHistoryBrowserTests.gpx(start: Date(timeIntervalSince1970: 1_795_158_000 + Double(trial) * 86_400), points: points)
    }

    /// One trial's push: `count` heart rates in the trial's own hour, under its own idempotency key.
    static func push(trial: Int, count: Int) throws -> Data {
        let start = Date(timeIntervalSince1970: 1_700_000_000 + Double(trial) * 3_600)
        let samples = (0..<count).map { index in
            QuantitySample(type: .heartRate, quantity: Quantity(value: Double(100 + index % 60), unit: .countPerMinute),
                           start: start.addingTimeInterval(Double(index) * 0.5), end: start.addingTimeInterval(Double(index) * 0.5),
                           source: Source(name: "Watch", bundleIdentifier: "org.example.watch"))
        }
        struct Object: Encodable { var kind = "quantitySample"; var object: QuantitySample }
        struct Push: Encodable { var objects: [Object] }
        return try JSONEncoder().encode(Push(objects: samples.map { Object(object: $0) }))
    }

    /// The account's workouts, counted page by page.
    static func workoutCount(_ server: PaceServeProcess, _ token: String) async throws -> Int {
        var count = 0, cursor: String?
        repeat {
            let (_, page) = try await server.request("GET", "/workouts?limit=500" + (cursor.map { "&cursor=\($0)" } ?? ""), token: token)
            count += (page["workouts"] as? [Any])?.count ?? 0
            cursor = page["nextCursor"] as? String
        } while cursor != nil
        return count
    }

    /// Every upload job the account has, by status.
    static func jobStatuses(_ server: PaceServeProcess, _ ids: [String], _ token: String) async throws -> [String: Int] {
        var statuses: [String: Int] = [:]
        for id in ids {
            let (_, job) = try await server.request("GET", "/uploads/\(id)", token: token)
            statuses[job["status"] as? String ?? "missing", default: 0] += 1
        }
        return statuses
    }

    @Test func killsAtRandomMomentsLeaveNothingHalfWrittenAndEveryRetryConverges() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (server, token) = try await ServerKillTests.serverWithToken(directory)
        defer { server.kill9() }
        var random = SeededRandom(seed: Self.seed)
        var files = 0, samples = 0
        var jobs: [String] = []
        var interrupted: [String: Int] = [:]
        var checkedJobs = 0
        for trial in 0..<Self.trials {
            let delay = random.uniform(in: 0...0.5)
            let uploading = trial.isMultiple(of: 2)
            let body = uploading ? Self.gpx(trial: trial, points: 4_000) : try Self.push(trial: trial, count: 1_000)
            let key = ["Idempotency-Key": "torture-\(Self.seed)-\(trial)"]
            let path = uploading ? "/uploads?format=gpx" : "/sync/objects"
            // The request, and the kill at a random moment of it (or of the import job after it).
            let first = Task { () -> (answered: Bool, id: String?) in
                guard let (_, answer) = try? await server.request("POST", path, token: token, body: body, headers: uploading ? [:] : key) else {
                    return (false, nil)
                }
                return (true, answer["id"] as? String)
            }
            try await Task.sleep(for: .seconds(delay))
            server.kill9()
            let outcome = await first.value
            if let id = outcome.id { jobs.append(id) }
            if !outcome.answered { interrupted[uploading ? "upload" : "push", default: 0] += 1 }
            try await server.start()

            // The client's retry: the same body (and key).
            let (status, answer) = try await server.request("POST", path, token: token, body: body, headers: uploading ? [:] : key)
            if uploading {
                // 202: a new job; 200: the same file's job, received whole before the kill (deduplicated by content).
                #expect(status == 202 || status == 200, "trial \(trial): \(answer)")
                let id = try #require(answer["id"] as? String, "trial \(trial)")
                if !jobs.contains(id) { jobs.append(id) }
                files += 1
            } else {
                #expect(status == 200, "trial \(trial): \(answer)")
                samples += 1_000
            }
            // This trial's jobs, the killed one too, end done; the account holds exactly what was sent.
            let trialJobs = jobs.suffix(from: checkedJobs)
            for id in trialJobs { _ = try await server.finished(id, token: token) }
            let statuses = try await Self.jobStatuses(server, Array(trialJobs), token)
            #expect(statuses.filter { $0.key != "done" }.isEmpty && statuses["done", default: 0] == trialJobs.count,
                    "trial \(trial): \(statuses)")
            checkedJobs = jobs.count
            if uploading {
                #expect(try await Self.workoutCount(server, token) == files, "trial \(trial): one workout per file")
            } else {
                #expect(try await ServerKillTests.heartRateCount(server, token) == samples, "trial \(trial): every pushed sample once")
            }
        }
        // At the end, every job of every trial is still done and nothing more was saved.
        let statuses = try await Self.jobStatuses(server, jobs, token)
        #expect(statuses == ["done": jobs.count], "\(statuses)")
        #expect(try await Self.workoutCount(server, token) == files)
        #expect(try await ServerKillTests.heartRateCount(server, token) == samples)
        // For the long runs' record: how many kills cut a request off before it was answered.
        if let report = ProcessInfo.processInfo.environment["PACE_SERVER_KILL_REPORT"] {
            let summary = ["trials": Self.trials, "seed": Int(Self.seed), "jobs": jobs.count, "files": files, "samples": samples,
                           "uploadsCutOff": interrupted["upload", default: 0], "pushesCutOff": interrupted["push", default: 0]]
            try JSONSerialization.data(withJSONObject: summary, options: [.sortedKeys]).write(to: URL(fileURLWithPath: report))
        }
    }
}
