import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import PaceAPI
import PaceClient
import PaceModel
@testable import PaceServer
import PaceTestSupport
import ServiceLifecycle
import Testing

/// The publisher against a real server on loopback that is away when publishing starts, comes,
/// goes away in the middle and comes back: every batch still arrives exactly once, in order.
@Suite(.serialized, .timeLimit(.minutes(2 * TestTime.scale))) struct LivePublisherTests {
    static let start = Date(timeIntervalSince1970: 1_795_158_000)

    static func points(_ range: Range<Int>) -> [LivePoint] {
        range.map { LivePoint(time: start.addingTimeInterval(Double($0)), latitude: 47.37 + Double($0) * 0.0001, longitude: 8.54,
                              distance: Double($0) * 3) }
    }

    static func snapshot(_ second: Int) -> LiveSnapshot {
        LiveSnapshot(state: "active", time: start.addingTimeInterval(Double(second)), activityType: "running",
                     elapsedTime: Double(second), distance: Double(second) * 3)
    }

    /// The stored batches of the session, decoded.
    static func stored(_ fixture: ServerFixture, _ account: UUID, _ session: UUID) async throws -> [LiveBatch] {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try await LiveStore(pool: fixture.accounts.pool).batches(after: 0, limit: 10_000, account: account, session: session)
            .batches.map { try decoder.decode(LiveBatch.self, from: Data($0.body.utf8)) }
    }

    @Test func everyBatchArrivesOnceInOrderWhenTheServerGoesAwayAndComesBack() async throws {
        let fixture = try await ServerFixture()
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        let (_, secret) = try await fixture.accounts.createToken(for: alice, name: "watch", read: [.workout, .workoutRoute], share: [.workout])
        let port = try GPSFakeProcess.freePort()
        let server = try #require(URL(string: "http://127.0.0.1:\(port)"))
        var configuration = LivePublisher.Configuration()
        configuration.interval = .milliseconds(20)
        configuration.maximumBatchPoints = 3
        configuration.firstRetryDelay = .milliseconds(20)
        configuration.maximumRetryDelay = .milliseconds(200)
        let session = UUID()
        let publisher = LivePublisher(client: try ServerClient(server: server, token: secret, timeout: .seconds(3)), session: session,
                                      configuration: configuration)
        let sending = Task { await publisher.run() }
        /// Runs a server on `port` (Hummingbird's live tester would pick a port of its own) while `body` runs, then stops it
        /// gracefully: it stops accepting first, so a retry arriving as it stops is refused rather than accepted by a
        /// server going away (cancelling it instead crashed once in NIO: a connection accepted during the teardown).
        /// A server that cannot start (its port taken meanwhile) fails the test at once instead of leaving `body` waiting.
        func serving<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
            let app = Application(router: try await PaceServer.router(fixture.configuration),
                                  configuration: .init(address: .hostname("127.0.0.1", port: Int(port))))
            let services = ServiceGroup(configuration: .init(services: [app], logger: Logger(label: "org.pace.tests.live")))
            return try await withThrowingTaskGroup(of: T?.self) { group in
                group.addTask {
                    try await services.run()
                    return nil
                }
                group.addTask { try await body() }
                guard let value = try await group.next() ?? nil else {
                    group.cancelAll()
                    throw ServerStopped(port: port)
                }
                await services.triggerGracefulShutdown()
                try await group.waitForAll()
                return value
            }
        }

        // Given points recorded while no server listens (every attempt fails to connect)
        await publisher.add(Self.points(0..<5))
        await publisher.update(Self.snapshot(5))
        // When the server comes, they arrive; then it goes away again
        try await serving {
            while try await Self.stored(fixture, alice.id, session).flatMap(\.points).count < 5 { try await Task.sleep(for: .milliseconds(20)) }
        }
        // and more points are recorded while it is away, then it comes back and the recording ends
        await publisher.add(Self.points(5..<12))
        await publisher.update(Self.snapshot(12))
        let workout = UUID()
        let report = try await serving {
            await publisher.finish(.saved(workout))
            return await sending.value
        }

        // Then every batch is stored once, numbered without a gap, with every point once and in order
        #expect(report.failure == nil && report.endDelivered && report.deliveredPoints == 12 && report.droppedPoints == 0)
        let batches = try await Self.stored(fixture, alice.id, session)
        #expect(batches.map(\.sequence) == Array(1...batches.count))
        #expect(batches.flatMap(\.points).map(\.time) == Self.points(0..<12).map(\.time))
        #expect(batches.last?.end?.workoutID == workout && batches.dropLast().allSatisfy { $0.end == nil })
        #expect(batches.compactMap(\.snapshot).last?.elapsedTime == 12)
        #expect(report.lastSequence == batches.count)
    }

    @Test func aPublisherStartedAgainContinuesAfterTheServersLastBatch() async throws {
        let fixture = try await ServerFixture()
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        let (_, secret) = try await fixture.accounts.createToken(for: alice, name: "watch", read: [], share: [.workout])
        let session = UUID()
        let app = Application(router: try await PaceServer.router(fixture.configuration),
                              configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let server = try #require(URL(string: "http://127.0.0.1:\(port)"))
            var configuration = LivePublisher.Configuration()
            configuration.interval = .milliseconds(20)
            for (round, range) in [0..<4, 4..<6].enumerated() {
                // A recording resumed after a crash publishes the same session with a new publisher.
                let publisher = LivePublisher(client: try ServerClient(server: server, token: secret), session: session,
                                              configuration: configuration)
                let sending = Task { await publisher.run() }
                await publisher.add(Self.points(range))
                await publisher.finish(round == 0 ? nil : .discarded)
                let report = await sending.value
                #expect(report.failure == nil && report.deliveredPoints == range.count)
            }
            let batches = try await Self.stored(fixture, alice.id, session)
            #expect(batches.map(\.sequence) == Array(1...batches.count))
            #expect(batches.flatMap(\.points).map(\.time) == Self.points(0..<6).map(\.time))
            #expect(batches.last?.end?.outcome == "discarded")
        }
    }

    @Test func aTokenThatMayNotShareWorkoutsStopsPublishingWithTheServersReason() async throws {
        let fixture = try await ServerFixture()
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        let (_, secret) = try await fixture.accounts.createToken(for: alice, name: "watch", read: [.workout], share: [])
        let app = Application(router: try await PaceServer.router(fixture.configuration),
                              configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let server = try #require(URL(string: "http://127.0.0.1:\(port)"))
            let publisher = LivePublisher(client: try ServerClient(server: server, token: secret), session: UUID())
            let sending = Task { await publisher.run() }
            await publisher.add(Self.points(0..<2))
            let report = await sending.value
            #expect(report.failure?.serverCode == "scope.share")
            #expect(report.deliveredBatches == 0)
        }
    }
}

/// A test's server ended before the test was done with it (its port was taken, most likely).
private struct ServerStopped: Error, CustomStringConvertible {
    /// The port it was to listen on.
    var port: UInt16
    var description: String { "the server on port \(port) stopped before the test was done" }
}
