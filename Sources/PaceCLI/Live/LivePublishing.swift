import ArgumentParser
import Foundation
import PaceAPI
import PaceClient
import PaceModel
import PaceRecorder
import PaceStore

/// `pace record --publish URL --token T`: feeds a ``LivePublisher`` from the recording — each
/// status's snapshot and the route points journaled since the last — without ever holding the
/// recording up, then sends the end and pushes the saved workout and its route through sync.
struct LivePublishing {
    /// How long the end of a recording may wait for the server before publishing gives up: 30 s.
    static let finishTimeout: Duration = .seconds(30)

    let client: ServerClient
    let publisher: LivePublisher
    let sending: Task<LivePublisher.Report, Never>
    let feeding: Task<Void, Never>
    let terminal: LiveTerminal

    /// Starts publishing `recorder`'s session to `server` (before the recorder runs, so no update is missed).
    static func start(server: URL, token: String, recorder: LiveRecorder, journal: RecordingJournal,
                      terminal: LiveTerminal) throws -> LivePublishing {
        let client = try ServerClient(server: server, token: token, timeout: .seconds(15))
        let session = recorder.session
        let publisher = LivePublisher(client: client, session: session.id)
        let updates = recorder.updates()
        let feeding = Task {
            var feed = PointFeed(journal: journal, session: session.id)
            for await update in updates {
                guard case .status(let status) = update else { continue }
                await publisher.update(LiveSnapshot(status.snapshot))
                await publisher.add(await feed.next())
            }
            await publisher.add(await feed.next())
        }
        terminal.log("Publishing live to \(client.server.absoluteString) as session \(session.id).")
        return LivePublishing(client: client, publisher: publisher, sending: Task { await publisher.run() }, feeding: feeding,
                              terminal: terminal)
    }

    /// After the recording: sends what waits and the end (none when the session was left open),
    /// waits for the server at most ``finishTimeout``, and pushes a saved workout through sync.
    func finish(_ outcome: LiveRecorder.Outcome?, store: HealthStore) async {
        await feeding.value
        let end: LiveEnd? = switch outcome {
        case .saved(let result)?: .saved(result.workout.id)
        case .discarded?: .discarded
        case .left?, nil: nil
        }
        await publisher.finish(end)
        let timeout = Task { [sending] in
            try? await Task.sleep(for: Self.finishTimeout)
            sending.cancel()
        }
        let report = await sending.value
        timeout.cancel()
        if let failure = report.failure {
            terminal.log("Live publishing stopped: \(failure.message)")
        } else {
            terminal.log("Published \(report.deliveredBatches) live batches (\(report.deliveredPoints) points)"
                + (report.endDelivered ? " and the end of the recording." : (end == nil ? "." : "; the end was not delivered in time.")))
        }
        if report.droppedPoints > 0 { terminal.log("\(report.droppedPoints) route points waited too long and were not published.") }
        if case .saved(let result)? = outcome { await push(result, store: store) }
    }

    /// Pushes the saved workout and its route (`POST /api/v1/sync/objects`), if the token may share them.
    private func push(_ result: LiveRecordingResult, store: HealthStore) async {
        var objects: [HealthObject] = [.workout(result.workout)]
        var routeIDs = result.routeID.map { [$0] } ?? []
        if routeIDs.isEmpty, let routes = try? await store.routes(forWorkout: result.workout.id) { routeIDs = routes.map(\.id) }
        for routeID in routeIDs {
            if let route = try? await store.route(id: routeID) { objects.append(.workoutRoute(route)) }
        }
        do {
            let body = try SyncWire.encoder.encode(SyncWire.Push(objects: objects.map { SyncWire.Object($0) }, deleted: []))
            let response = try await client.send(.post, "/api/v1/sync/objects", body: body,
                                                 headers: ["Idempotency-Key": "live-\(result.workout.id.uuidString.lowercased())"])
            try ServerClient.check(response, "POST /api/v1/sync/objects")
            terminal.log("Pushed the workout\(objects.count > 1 ? " and its route" : "") to the server.")
        } catch let error as ClientError where error.serverCode == "scope.share" {
            terminal.log("The workout stays here: the token may not share workouts and routes (`pace sync` can push it later).")
        } catch {
            terminal.log("The workout could not be pushed (\(error)); it is saved here and can be synced later.")
        }
    }
}

/// The route points a session journaled since the previous call, read from the journal (on the
/// store's reader, never the recorder's writer).
struct PointFeed {
    let journal: RecordingJournal
    let session: UUID
    private var lastTime: Date?

    init(journal: RecordingJournal, session: UUID) {
        self.journal = journal
        self.session = session
    }

    /// The points after the last one returned, oldest first; none when the journal cannot be read now.
    mutating func next() async -> [LivePoint] {
        guard let points = try? await journal.points(of: session) else { return [] }
        let fresh = points.filter { point in lastTime.map { point.time > $0 } ?? true }
        if let last = fresh.last { lastTime = last.time }
        return fresh.map {
            LivePoint(time: $0.time, latitude: $0.latitude, longitude: $0.longitude, altitude: $0.altitude, speed: $0.speed,
                      heartRate: $0.heartRate, distance: $0.distance)
        }
    }
}

extension LiveSnapshot {
    /// The live API's form of a recorder snapshot.
    init(_ snapshot: WorkoutSnapshot) {
        let state = if case .paused = snapshot.state { "paused" } else { snapshot.state.description }
        self.init(state: state, time: snapshot.time, activityType: snapshot.activityType.name, elapsedTime: snapshot.elapsedTime,
                  movingTime: snapshot.movingTime, distance: snapshot.distance, currentSpeed: snapshot.currentSpeed,
                  averageSpeed: snapshot.averageSpeed, heartRate: snapshot.heartRate, averageHeartRate: snapshot.averageHeartRate,
                  cadence: snapshot.cadence, power: snapshot.power, altitude: snapshot.altitude, elevationGain: snapshot.elevationGain,
                  elevationLoss: snapshot.elevationLoss, gpsAccuracy: snapshot.gpsAccuracy, gpsSignal: snapshot.gpsSignal.rawValue)
    }
}

extension RecordCommand {
    /// `--publish` and its token (`--token`, else `PACE_TOKEN`), or `nil` without `--publish`.
    func publishTarget() throws -> (server: URL, token: String)? {
        guard let publish else {
            if token != nil { throw ValidationError("--token goes with --publish URL.") }
            return nil
        }
        guard let server = URL(string: publish), let scheme = server.scheme?.lowercased(), scheme == "http" || scheme == "https",
              server.host != nil else {
            throw ValidationError("--publish '\(publish)' is not a server address; give one like http://127.0.0.1:8080.")
        }
        guard let secret = token ?? ProcessInfo.processInfo.environment["PACE_TOKEN"], !secret.isEmpty else {
            throw ValidationError("--publish needs a token that may share workouts: --token pace_… or PACE_TOKEN.")
        }
        return (server, secret)
    }
}
