import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import PaceClient
import PaceModel
@testable import PaceServer
import PaceStore
import PaceTestSupport
import Testing

/// Device sync's engine (PaceClient) against a live server on loopback: two devices converging,
/// a route re-smoothed on the server replacing the device's, runs stopped between saving and
/// remembering resuming without doubles or losses, conflicts and `sync.resync` reported.
@Suite(.timeLimit(.minutes(3 * TestTime.scale))) struct SyncEngineTests {
    static let synced: [HealthObjectType] = [.workout, .workoutRoute, .quantity(.heartRate)]

    /// A server with one account, and a way to make devices syncing with it.
    struct World {
        let fixture: ServerFixture
        let alice: Account
        let server: URL
        let secret: String

        /// A device: its own store file, syncing as the shared token.
        func device(_ name: String, options: SyncEngine.Options = SyncEngine.Options(), hooks: SyncEngine.Hooks = SyncEngine.Hooks(),
                    secret: String? = nil) throws -> SyncEngine {
            let path = fixture.directory.path("\(name).sqlite")
            var engine = SyncEngine(store: try HealthStore(path: path), client: try ServerClient(server: server, token: secret ?? self.secret, timeout: TestTime.duration(.seconds(60)),
                                                                                                      http: SyncEngineTests.http),
                                    stateFile: SyncStateFile(storePath: path), options: options)
            engine.hooks = hooks
            return engine
        }
    }

    /// The devices' HTTP client: the shared client's timeouts, its 90 s read timeout lengthened by
    /// the tests' time scale (a sanitized server answers a page slowly). Lives as long as the process.
    static let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: HTTPClient.Configuration(
        timeout: HTTPClient.Configuration.Timeout(connect: .seconds(90), read: .seconds(Int64(90 * TestTime.scale)))))

    static func withWorld(read: [HealthObjectType] = synced, share: [HealthObjectType] = synced,
                          _ body: @escaping @Sendable (World, any TestClientProtocol) async throws -> Void) async throws {
        let fixture = try await ServerFixture()
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        let app = Application(router: try await PaceServer.router(fixture.configuration),
                              configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let secret = try await ServerFixture.token(client, for: alice, read: read, share: share)
            let port = try #require(client.port)
            let server = try #require(URL(string: "http://127.0.0.1:\(port)"))
            try await body(World(fixture: fixture, alice: alice, server: server, secret: secret), client)
        }
    }

    /// Every synced object of a store, by UUID.
    static func objects(_ store: HealthStore) async throws -> [UUID: HealthObject] {
        let all = try await store.anchoredObjects(synced.map { AnchoredObjectQuery(type: $0) }, limit: nil)
        return Dictionary(uniqueKeysWithValues: all.added.map { ($0.id, $0) })
    }

    static func beats(_ count: Int, from start: Int = 0) -> [HealthObject] {
        (start..<start + count).map { .quantitySample(TestObjects.heartRate(100 + Double($0 % 80), at: TestObjects.morning.addingTimeInterval(Double($0)))) }
    }

    @Test func theClientsWireFormsAreTheServers() throws {
        let run = TestObjects.run()
        let objects: [HealthObject] = [.workout(run), .workoutRoute(TestObjects.route(for: run)), .quantitySample(TestObjects.heartRate()),
                                       .categorySample(TestObjects.sleep())]
        // The client's push is what the server reads, dates to the last bit.
        let push = try SyncWire.encoder.encode(SyncWire.Push(objects: objects.map { SyncWire.Object($0) }, deleted: [run.id]))
        struct ServerPush: Decodable { var objects: [SyncObjectJSON]; var deleted: [UUID]? }
        let read = try JSONDecoder().decode(ServerPush.self, from: push)
        #expect(read.objects.map(\.object) == objects)
        #expect(read.deleted == [run.id])
        // The server's page is what the client reads.
        let page = SyncPageJSON(objects: objects.map { SyncObjectJSON($0) },
                                deleted: [SyncDeletionJSON(id: run.id, type: "HKWorkoutTypeIdentifier", deletedAt: TestObjects.morning)],
                                anchor: "a", hasMore: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let pulled = try SyncWire.decoder.decode(SyncWire.Page.self, from: try encoder.encode(page))
        #expect(pulled.objects.map(\.object) == objects)
        #expect(pulled.deleted.map(\.id) == [run.id] && pulled.hasMore && pulled.anchor == "a")
        #expect(abs(pulled.deleted[0].deletedAt.timeIntervalSince(TestObjects.morning)) < 1, "RFC 3339, whole seconds")
        // A deletion time that names no instant (30 February) is refused, not read as 2 March
        let noSuchDay = #"{"objects": [], "deleted": [{"id": "\#(run.id.uuidString)", "type": "HKWorkoutTypeIdentifier", "deletedAt": "2026-02-30T07:00:00Z"}], "anchor": "a", "hasMore": false}"#
        #expect(throws: DecodingError.self) { try SyncWire.decoder.decode(SyncWire.Page.self, from: Data(noSuchDay.utf8)) }
    }

    @Test func twoDevicesConvergeThroughTheServer() async throws {
        try await Self.withWorld { world, _ in
            let phone = try world.device("phone"), laptop = try world.device("laptop")
            let run = TestObjects.run()
            let route = TestObjects.route(for: run, count: 50)
            let beat = TestObjects.heartRate(150)
            try await phone.store.save([.workout(run), .workoutRoute(route), .quantitySample(beat)])

            let first = try await phone.run()
            #expect(first.pushed == 3 && first.pulled == 0 && first.batches == 1, "\(first)")
            let second = try await laptop.run()
            #expect(second.pulled == 3 && second.pushed == 0 && second.batches == 0 && second.echoesSkipped == 3, "\(second)")
            let onLaptop = try await Self.objects(laptop.store), onPhone = try await Self.objects(phone.store)
            #expect(onLaptop == onPhone, "every field, dates to the last bit")
            #expect(onLaptop[run.id] == .workout(run))

            // The laptop deletes the run (its route goes along); the phone sees both deletions.
            try await laptop.store.delete(id: run.id)
            let deleting = try await laptop.run()
            // The route's tombstone comes first (a workout's routes are deleted before it), so both count.
            #expect(deleting.pushedDeleted == 2 && deleting.pushed == 0, "\(deleting)")
            let serverStore = try await world.fixture.store(of: world.alice)
            let serverRun = try await serverStore.object(id: run.id), serverRoute = try await serverStore.object(id: route.id)
            #expect(serverRun == nil && serverRoute == nil)
            let seeing = try await phone.run()
            #expect(seeing.pulledDeleted >= 1 && seeing.pushed == 0 && seeing.pushedDeleted == 0, "\(seeing)")
            let phoneRun = try await phone.store.object(id: run.id), phoneRoute = try await phone.store.object(id: route.id)
            #expect(phoneRun == nil && phoneRoute == nil)
            let left = try await Self.objects(phone.store)
            #expect(left.keys.sorted() == [beat.id])

            // Nothing left to do: a third run moves nothing either way.
            let idle = try await phone.run()
            #expect(idle.pulled == 0 && idle.pulledDeleted == 0 && idle.pushed == 0 && idle.batches == 0, "\(idle)")
        }
    }

    /// A series sample (DECISIONS 172) reaches the server and the other device with every value, and
    /// a push that claims values it does not carry is refused, naming the object.
    @Test func aSeriesSampleSyncsWithItsValues() async throws {
        try await Self.withWorld { world, client in
            let phone = try world.device("phone"), laptop = try world.device("laptop")
            let values = (0..<500).map { index in
                let date = TestObjects.morning.addingTimeInterval(Double(index))
                return TimedQuantity(start: date, end: date, value: 90 + Double(index % 70))
            }
            let series = try QuantitySeriesSample(type: .heartRate, values: values, source: TestObjects.watch)
            try await phone.store.save(series)
            let pushed = try await phone.run()
            #expect(pushed.pushed == 1, "\(pushed)")
            let serverStore = try await world.fixture.store(of: world.alice)
            #expect(try await serverStore.seriesValues(of: series.sample.id) == values)
            let pulled = try await laptop.run()
            #expect(pulled.pulled == 1, "\(pulled)")
            #expect(try await laptop.store.quantitySample(id: series.sample.id) == series.sample)
            #expect(try await laptop.store.seriesValues(of: series.sample.id) == values)
            // The same push again is a replay, stored already.
            let again = try await phone.run()
            #expect(again.pushed == 0 && again.batches == 0, "\(again)")

            // Over HTTP: the listing shows the count, the values endpoint gives every value.
            let listing = try await client.execute(uri: "/api/v1/samples/HKQuantityTypeIdentifierHeartRate", method: .get,
                                                   headers: ServerFixture.bearer(world.secret)) { String(buffer: $0.body) }
            #expect(listing.contains("\"count\":500"), "\(listing.prefix(300))")
            let (valuesStatus, valuesBody) = try await client.execute(
                uri: "/api/v1/samples/HKQuantityTypeIdentifierHeartRate/\(series.sample.id.uuidString)/values", method: .get,
                headers: ServerFixture.bearer(world.secret)) { ($0.status, Data(String(buffer: $0.body).utf8)) }
            #expect(valuesStatus == .ok)
            let decoded = try JSONSerialization.jsonObject(with: valuesBody) as? [String: Any]
            let listed = decoded?["values"] as? [[String: Any]]
            #expect(listed?.count == 500 && listed?.last?["value"] as? Double == values.last?.value)
            let missing = try await client.execute(uri: "/api/v1/samples/HKQuantityTypeIdentifierHeartRate/\(UUID().uuidString)/values",
                                                   method: .get, headers: ServerFixture.bearer(world.secret)) { $0.status }
            #expect(missing == .notFound)

            // A series sample without its values is refused with the object named; nothing is stored.
            let bare = try QuantitySeriesSample(type: .heartRate, values: Array(values.prefix(3)), source: TestObjects.watch)
            let body = try SyncWire.encoder.encode(SyncWire.Push(objects: [SyncWire.Object(.quantitySample(bare.sample))], deleted: []))
            let (status, text) = try await client.execute(uri: "/api/v1/sync/objects", method: .post,
                                                          headers: ServerFixture.bearer(world.secret), body: ByteBuffer(bytes: body)) {
                ($0.status, String(buffer: $0.body))
            }
            #expect(status == .badRequest)
            #expect(text.contains("sync.invalid") && text.contains(bare.sample.id.uuidString) && text.contains("values"), "\(text)")
            #expect(try await serverStore.object(id: bare.sample.id) == nil)
            // Values that do not make the sample are refused too.
            var wrong = values.prefix(3).map { $0 }
            wrong[0].value += 1
            let mismatched = try SyncWire.encoder.encode(SyncWire.Push(objects: [SyncWire.Object(.quantitySample(bare.sample), values: wrong)],
                                                                       deleted: []))
            let refused = try await client.execute(uri: "/api/v1/sync/objects", method: .post,
                                                   headers: ServerFixture.bearer(world.secret), body: ByteBuffer(bytes: mismatched)) { $0.status }
            #expect(refused == .badRequest)
        }
    }

    @Test func aRouteResmoothedOnTheServerReplacesTheDevicesOldOne() async throws {
        try await Self.withWorld { world, _ in
            let phone = try world.device("phone")
            let run = TestObjects.run()
            var raw = TestObjects.route(for: run, count: 30)
            raw.metadata = [.syncIdentifier: .string("route-\(run.id)"), .syncVersion: .integer(1)]
            try await phone.store.save([.workout(run), .workoutRoute(raw)])
            _ = try await phone.run()
            let before = try await phone.store.anchoredObjects(AnchoredObjectQuery(type: .workoutRoute))

            // The server re-smooths the route and saves it as version 2 of the same sync identifier.
            var smoothed = TestObjects.route(for: run, count: 30)
            smoothed.locations = smoothed.locations.map { var location = $0; location.altitude = 40; return location }
            smoothed.metadata = [.syncIdentifier: .string("route-\(run.id)"), .syncVersion: .integer(2)]
            try await world.fixture.store(of: world.alice).save(smoothed)

            let report = try await phone.run()
            #expect(report.pulled == 1 && report.pushed == 0 && report.pushedDeleted == 0, "the replacement is not pushed back: \(report)")
            let routes = try await phone.store.routes(forWorkout: run.id)
            #expect(routes.map(\.id) == [smoothed.id])
            let old = try await phone.store.route(id: raw.id)
            #expect(old == nil)
            let after = try await phone.store.anchoredObjects(AnchoredObjectQuery(type: .workoutRoute, anchor: before.anchor))
            #expect(after.added == [.workoutRoute(smoothed)])
            #expect(after.deleted.map(\.id) == [raw.id])
        }
    }

    @Test func aRunStoppedBetweenSavingAPageAndItsAnchorResumesWithoutDoublesOrLosses() async throws {
        try await Self.withWorld { world, _ in
            let objects = Self.beats(45)
            try await world.fixture.store(of: world.alice).save(objects)
            var options = SyncEngine.Options()
            options.pageSize = 10
            var hooks = SyncEngine.Hooks()
            hooks.pageSaved = { page in if page == 3 { throw CancellationError() } }
            let stopped = try world.device("phone", options: options, hooks: hooks)
            let error = await #expect(throws: SyncError.self) { try await stopped.run() }
            #expect(error?.report.pages == 3 && error?.report.pulled == 30, "\(String(describing: error?.report))")

            let resumed = try await world.device("phone", options: options).run()
            #expect(resumed.pulledAlreadyStored == 10, "the third page comes again and is skipped: \(resumed)")
            #expect(resumed.pulled == 15 && resumed.pushed == 0, "\(resumed)")
            // Measured echo: the 20 objects of the first run's pages are not known to this run as pulled,
            // so they go up again and the server answers them as replays.
            #expect(resumed.pushedAlreadyStored == 20 && resumed.echoesSkipped == 25, "\(resumed)")
            let held = try await Self.objects(stopped.store)
            #expect(held.count == 45 && Set(held.keys) == Set(objects.map(\.id)))
        }
    }

    @Test func aRunStoppedAfterTheServerAnsweredABatchResumesFromItsReply() async throws {
        // A token that writes heart rates but does not read them: the rerun's pull cannot tell the
        // device what the server has, so the batch goes again.
        try await Self.withWorld(read: [.workout]) { world, _ in
            let objects = Self.beats(25)
            var options = SyncEngine.Options()
            options.batchSize = 10
            var hooks = SyncEngine.Hooks()
            hooks.batchPushed = { batch in if batch == 2 { throw CancellationError() } }
            let stopped = try world.device("watch", options: options, hooks: hooks)
            try await stopped.store.save(objects)
            let error = await #expect(throws: SyncError.self) { try await stopped.run() }
            #expect(error?.report.batches == 2 && error?.report.pushed == 20)

            // The second batch goes again with the same key: the server answers from its replies.
            let resumed = try await world.device("watch", options: options).run()
            #expect(resumed.batches == 2 && resumed.pushed == 15 && resumed.pushedAlreadyStored == 0, "\(resumed)")
            let onServer = try await Self.objects(try world.fixture.store(of: world.alice))
            #expect(onServer.count == 25 && Set(onServer.keys) == Set(objects.map(\.id)))
            let idle = try await world.device("watch", options: options).run()
            #expect(idle.batches == 0 && idle.pushed == 0 && idle.pulled == 0, "\(idle)")
        }
    }

    @Test func aConflictNamesTheObjectAndLosesNothing() async throws {
        try await Self.withWorld { world, _ in
            let watch = try world.device("watch"), phone = try world.device("phone")
            let synced: Metadata = [.syncIdentifier: .string("beat-7"), .syncVersion: .integer(1)]
            let theirs = TestObjects.heartRate(140, metadata: synced), ours = TestObjects.heartRate(141, metadata: synced)
            try await watch.store.save(theirs)
            _ = try await watch.run()
            try await phone.store.save(ours)

            let error = await #expect(throws: SyncError.self) { try await phone.run() }
            #expect(error?.kind == .conflict)
            #expect(error?.cause?.serverCode == "sync.conflict")
            #expect(error?.message.lowercased().contains(theirs.id.uuidString.lowercased()) == true && error?.message.contains("beat-7") == true,
                    "the object is named: \(String(describing: error?.message))")
            #expect(error?.report.keptLocal == 1, "the pulled version does not overwrite the device's own")
            let kept = try await phone.store.object(id: ours.id)
            #expect(kept == .quantitySample(ours), "the device keeps its object")
            let again = await #expect(throws: SyncError.self) { try await phone.run() }
            #expect(again?.kind == .conflict, "the push anchor did not move: the object is offered again")
        }
    }

    @Test func aGoneAnchorAsksForAResyncWhichPullsEverythingAgain() async throws {
        try await Self.withWorld { world, _ in
            try await world.fixture.store(of: world.alice).save(Self.beats(5))
            let phone = try world.device("phone")
            _ = try await phone.run()
            // An anchor of a store the server no longer has.
            let foreign = QueryAnchor(storeID: UUID(), anchor: Anchor(rawValue: 3))
            let text = Data(try JSONEncoder().encode(foreign)).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            let stateFile = phone.stateFile
            let tokenID = try await ServerClient(server: world.server, token: world.secret)
                .json(.get, "/api/v1/sync/scope", as: TokenIDJSON.self).id
            var state = try await stateFile.state(server: world.server.absoluteString, token: tokenID)
            #expect(state.pullAnchor != nil && state.pushAnchor != nil)
            state.pullAnchor = text
            try await stateFile.save(state)

            let error = await #expect(throws: SyncError.self) { try await phone.run() }
            #expect(error?.kind == .resync && error?.message.contains("--resync") == true, "\(String(describing: error?.message))")
            var options = SyncEngine.Options()
            options.startOver = true
            let resynced = try await world.device("phone", options: options).run()
            #expect(resynced.pulledAlreadyStored == 5 && resynced.pulled == 0 && resynced.pushed == 0, "\(resynced)")
        }
    }

    struct TokenIDJSON: Decodable { var id: UUID }

    @Test func theStateFileKeepsOneEntryPerServerAndToken() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = SyncStateFile(storePath: directory.path("health.sqlite"))
        let one = UUID(), two = UUID()
        try await file.save(SyncState(server: "http://a", token: one, pullAnchor: "x"))
        try await file.save(SyncState(server: "http://b", token: two, pullAnchor: "y"))
        try await file.save(SyncState(server: "http://a", token: one, pullAnchor: "z"))
        let a = try await file.state(server: "http://a", token: one), b = try await file.state(server: "http://b", token: two)
        let other = try await file.state(server: "http://b", token: one)
        #expect(a.pullAnchor == "z" && b.pullAnchor == "y" && other.pullAnchor == nil)
        #expect(file.path == directory.path("health.sqlite.sync.json"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path("")).sorted() == ["health.sqlite.sync.json"],
                "no temporary file is left behind")
    }
}
