import ArgumentParser
import Foundation
import PaceModel
import PaceStore

/// `pace-bench queries`: the store queries of issue 6 on five years of synthetic data (heart rate every
/// 5 min, hourly steps, 1,000 workouts with 3,600-point routes and one with a 100,000-point route), and the
/// same heart-rate and step data put through `healthkit-to-sqlite` with the equivalent SQL timed beside it.
struct QueriesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "queries",
        abstract: "Time daily averages, anchored paging and a route's first batch on 5 years of data, beside healthkit-to-sqlite.")

    @Option(help: "Timed repetitions; the best is reported.")
    var repetitions = 5

    @Option(help: "Rewrite this benchmark's section of this Markdown file (e.g. docs/BENCHMARKS.md).")
    var write: String?

    @Flag(help: "Skip the healthkit-to-sqlite comparison.")
    var noPeer = false

    @Option(help: "Keep Pace's store at this path (loaded once; reused when it exists), to time queries again without reloading.")
    var store: String?

    static let heading = "## Store queries (issue 6)"

    func run() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pace-bench-queries-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = QueriesData.generate(seed: 6)
        print("generated \(data.heartRate.count) heart-rate, \(data.steps.count) step samples, "
              + "\(data.workouts.count) workouts, \(data.routePoints) route points")

        // 1. Load.
        let storePath = self.store ?? directory.appendingPathComponent("health.sqlite").path
        let reused = FileManager.default.fileExists(atPath: storePath)
        let clock = ContinuousClock()
        var load = 0.0
        if !reused {
            let loading = try HealthStore(path: storePath)
            load = try await clock.measure { try await data.save(into: loading) }.seconds
        }
        // Queried as a later process would: the loading connection closed, its write-ahead log checkpointed,
        // and the kernel's writeback of the load's dirty pages finished (sync(2)) rather than timed with the queries.
        sync()
        let store = try HealthStore(path: storePath)
        // UUIDs are time-ordered, so a reused store's long route is the one recorded beside it.
        let routeFile = storePath + ".long-route"
        var longRouteID = data.longRouteID
        if reused, let text = try? String(contentsOfFile: routeFile, encoding: .utf8), let id = UUID(uuidString: text) {
            longRouteID = id
        } else if self.store != nil {
            try longRouteID.uuidString.write(toFile: routeFile, atomically: true, encoding: .utf8)
        }
        let storeBytes = (try? FileManager.default.attributesOfItem(atPath: storePath)[.size] as? Int) ?? 0
        print(String(format: "load: %.1f s, store file %d MB", load, storeBytes / 1_000_000))

        // 2. Pace's queries.
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        var days = 0
        let daily = try await best { () async throws in
            let collection = try await store.statisticsCollection(
                for: .heartRate, options: .average, anchor: data.start, interval: DateComponents(day: 1),
                from: data.start, to: data.end, calendar: utc)
            days = collection.statistics.filter { $0.sampleCount > 0 }.count
        }
        var paged = 0
        var pages = 0
        let paging = try await best { () async throws in
            var query = AnchoredObjectQuery(type: .quantity(.heartRate), limit: 1000)
            paged = 0
            pages = 0
            while true {
                let result = try await store.anchoredObjects(query)
                paged += result.added.count
                pages += 1
                query.anchor = result.anchor
                if !result.hasMore { break }
            }
        }
        var firstBatch = 0
        let route = try await best { () async throws in
            try await store.routeLocations(RouteQuery(routeID: longRouteID, batchSize: 1000)) { batch in
                firstBatch = batch.locations.count
                return false
            }
        }
        print(String(format: "Pace: daily averages %.1f ms (%d days), paging %.1f ms (%d samples, %d pages), first route batch %.2f ms (%d points)",
                     daily * 1000, days, paging * 1000, paged, pages, route * 1000, firstBatch))

        // 3. The peer.
        var peer: PeerResult?
        if !noPeer {
            peer = try runPeer(data: data, directory: directory)
            if let peer {
                print(String(format: "healthkit-to-sqlite: import %.1f s, daily averages %.1f ms (%d days), paging %.1f ms (%d rows), database %d MB",
                             peer.importSeconds, peer.daily * 1000, peer.days, peer.paging * 1000, peer.rows, peer.databaseBytes / 1_000_000))
            }
        }

        // 4. Report.
        func ms(_ seconds: Double) -> String { seconds < 0.01 ? String(format: "%.2f ms", seconds * 1000) : String(format: "%.1f ms", seconds * 1000) }
        func ratio(_ peerTime: Double?, _ pace: Double) -> String {
            guard let peerTime else { return "–" }
            return String(format: peerTime / pace < 0.1 ? "%.3f" : "%.2f", peerTime / pace)
        }
        func met(_ time: Double, _ target: Double) -> String { time <= target ? "met" : "not met" }
        let rows = [
            "| daily average heart rate, 5 years (\(days) days) | \(ms(daily)) | \(peer.map { ms($0.daily) } ?? "–") | \(ratio(peer?.daily, daily)) | ≤ 50 ms | \(met(daily, 0.050)) |",
            "| anchored paging of all \(paged) heart-rate samples, pages of 1,000 (\(pages) queries) | \(ms(paging)) | \(peer.map { ms($0.paging) } ?? "–") | \(ratio(peer?.paging, paging)) | ≤ 1 s | \(met(paging, 1.0)) |",
            "| first batch (\(firstBatch) points) of the 100,000-point route | \(ms(route)) | – (no routes) | – | ≤ 5 ms | \(met(route, 0.005)) |",
        ]
        let table = """
            | query | Pace | healthkit-to-sqlite + SQL | ratio (peer ÷ Pace) | target | |
            |---|---|---|---|---|---|
            \(rows.joined(separator: "\n"))
            """
        print(table)
        guard let write else { return }
        let peerText: String
        if let peer {
            peerText = """
                The peer: the same heart-rate and step samples written as an Apple Health `export.xml` (\(peer.xmlBytes / 1_000_000) MB,
                `<Record type="HKQuantityTypeIdentifierHeartRate" … unit="count/min" startDate="2020-01-01 00:00:00 +0000" … value="…"/>`),
                imported with `healthkit-to-sqlite --xml export.xml db.sqlite` (\(peer.version); \(String(format: "%.1f", peer.importSeconds)) s,
                not part of the ratio; database \(peer.databaseBytes / 1_000_000) MB, tables `rHeartRate` and `rStepCount`, all columns `TEXT`,
                no indexes). Its SQL is timed inside one `python3` process with the `sqlite3` module (SQLite \(peer.sqliteVersion); start-up
                excluded, best of \(repetitions)): `SELECT substr(startDate, 1, 10), avg(CAST(value AS REAL)) FROM rHeartRate GROUP BY 1`,
                and `SELECT rowid, * FROM rHeartRate WHERE rowid > ? ORDER BY rowid LIMIT 1000` repeated until no row is left.
                Pace's answers are typed objects (a `QuantityStatistics` per day, `HealthObject`s with source, device and
                metadata decoded); the peer's are Python tuples of text. healthkit-to-sqlite does not store routes the way
                Pace does: it puts every workout's points in one `workout_points` table (a text date, floats, a `workout_id`),
                read from the zip's GPX files or from `<Location>` elements inside `<WorkoutRoute>`, with no per-route
                order or batching; this export holds samples only, so the route query has no peer timing.
                """
        } else {
            peerText = "The healthkit-to-sqlite comparison was skipped (`--no-peer`)."
        }
        let body = """
            Command: `swift build -c release --product pace-bench && .build/release/pace-bench queries --write docs/BENCHMARKS.md`.
            Data, generated deterministically (seed 6) into a fresh file store: \(data.heartRate.count) heart-rate samples
            (every 5 min, 2020-01-01 to \(QueriesData.dayText(data.end)) UTC), \(data.steps.count) hourly step samples, \(data.workouts.count - 1)
            running workouts with a 3,600-point route each and one with a 100,000-point route (\(data.routePoints) route points in
            all); saved with `save([HealthObject])` in batches of 10,000 samples or 10 workouts with their routes:
            \(String(format: "%.1f", load)) s, store file \(storeBytes / 1_000_000) MB. Queries on one `HealthStore` opened afresh after
            loading (as a later `pace` process would find the store: the loading connection closed, its write-ahead log checkpointed,
            the load's dirty pages written out with `sync(2)`), monotonic clock
            (`ContinuousClock`), best of \(repetitions): `statisticsCollection(for: .heartRate, options: .average, …)` with a UTC
            calendar and a 1-day interval over the 5 years; `anchoredObjects` with `AnchoredObjectQuery(type: .quantity(.heartRate),
            limit: 1000)` from the initial anchor until `hasMore` is false; `routeLocations(RouteQuery(routeID:, batchSize: 1000))`
            stopped after its first batch (opening the cursor included). Machine: \(MachineDescription.current); measured \(RecordingCommand.today()).
            Daily averages are answered from the store's hourly rollup (migrations `v6-quantity-rollup` and `v8-hourly-rollup`,
            DECISIONS 54 and 70: 43,800 hour rows instead of 525,600 samples); anchored pages are read whole in one statement each
            (DECISIONS 55).

            \(table)

            \(peerText)
            """
        try MarkdownSection.replace(Self.heading, with: body, in: write)
    }

    private func best(_ body: () async throws -> Void) async throws -> Double {
        let clock = ContinuousClock()
        var best = Double.infinity
        for _ in 0..<max(1, repetitions) {
            best = min(best, try await clock.measure(body).seconds)
        }
        return best
    }

    struct PeerResult {
        var importSeconds = 0.0
        var daily = 0.0
        var days = 0
        var paging = 0.0
        var rows = 0
        var xmlBytes = 0
        var databaseBytes = 0
        var sqliteVersion = ""
        var version = ""
    }

    private func runPeer(data: QueriesData, directory: URL) throws -> PeerResult {
        var result = PeerResult()
        let xml = directory.appendingPathComponent("export.xml")
        try data.writeExportXML(to: xml)
        result.xmlBytes = (try? FileManager.default.attributesOfItem(atPath: xml.path)[.size] as? Int) ?? 0
        let database = directory.appendingPathComponent("peer.sqlite").path
        let clock = ContinuousClock()
        result.importSeconds = try clock.measure {
            _ = try Self.run(["healthkit-to-sqlite", "--silent", "--xml", xml.path, database])
        }.seconds
        result.databaseBytes = (try? FileManager.default.attributesOfItem(atPath: database)[.size] as? Int) ?? 0
        result.version = (try? Self.run(["python3", "-c",
            "import importlib.metadata as m; print('version ' + m.version('healthkit-to-sqlite'))"]))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "version unknown"
        let output = try Self.run(["python3", "-c", Self.peerScript, database, String(repetitions)])
        guard let json = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] else {
            throw ValidationError("The peer's timing script printed no JSON: \(output)")
        }
        result.daily = json["daily"] as? Double ?? .nan
        result.days = json["days"] as? Int ?? 0
        result.paging = json["paging"] as? Double ?? .nan
        result.rows = json["rows"] as? Int ?? 0
        result.sqliteVersion = json["sqlite"] as? String ?? "?"
        return result
    }

    /// Times the equivalent SQL on healthkit-to-sqlite's database inside one Python process.
    static let peerScript = """
        import json, sqlite3, sys, time
        con = sqlite3.connect(sys.argv[1])
        reps = int(sys.argv[2])
        def best(f):
            b = float('inf'); r = None
            for _ in range(reps):
                t = time.perf_counter(); r = f(); b = min(b, time.perf_counter() - t)
            return b, r
        def daily():
            return len(con.execute("SELECT substr(startDate, 1, 10), avg(CAST(value AS REAL)) FROM rHeartRate GROUP BY 1").fetchall())
        def paging():
            last = -1; n = 0
            while True:
                rows = con.execute("SELECT rowid, * FROM rHeartRate WHERE rowid > ? ORDER BY rowid LIMIT 1000", (last,)).fetchall()
                if not rows: break
                n += len(rows); last = rows[-1][0]
            return n
        d, days = best(daily)
        p, rows = best(paging)
        print(json.dumps({"daily": d, "days": days, "paging": p, "rows": rows, "sqlite": sqlite3.sqlite_version}))
        """

    /// Runs a program found on `PATH` and returns its standard output; throws when it fails.
    static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ValidationError("\(arguments.joined(separator: " ")) exited with status \(process.terminationStatus)")
        }
        return String(decoding: output, as: UTF8.self)
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
