import Foundation
import Hummingbird
import HummingbirdTesting
@testable import PaceClient
import PaceModel
@testable import PaceServer
import PaceStore
import PaceTestSupport
import Testing

/// PaceClient against a live server on loopback: JSON answers decoded, the server's JSON errors as
/// typed errors with their codes, and what can be retried told apart from what cannot.
@Suite(.timeLimit(.minutes(2 * TestTime.scale))) struct ServerClientTests {
    struct WorkoutPage: Decodable {
        let workouts: [Workout]
        struct Workout: Decodable { let id: UUID; let start: Date }
    }

    @Test func readsJSONAndReportsTheServersErrorCodes() async throws {
        let fixture = try await ServerFixture()
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        let run = TestObjects.run()
        try await fixture.store(of: alice).save([.workout(run)])
        let app = Application(router: try await PaceServer.router(fixture.configuration),
                              configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let secret = try await ServerFixture.token(client, for: alice, read: [.workout])
            let port = try #require(client.port)
            let server = try #require(URL(string: "http://127.0.0.1:\(port)/"))

            let page: WorkoutPage = try await ServerClient(server: server, token: secret).json(.get, "/api/v1/workouts", query: ["limit": "5"])
            #expect(page.workouts.map(\.id) == [run.id])
            #expect(page.workouts.first.map { abs($0.start.timeIntervalSince(run.startDate)) < 1 } == true, "ISO 8601 to the second")

            let refused = await #expect(throws: ClientError.self) {
                let _: WorkoutPage = try await ServerClient(server: server, token: "pace_wrong").json(.get, "/api/v1/workouts")
            }
            #expect(refused?.kind == .server(status: 401, code: "auth.token"))
            #expect(refused?.isRetryable == false)

            let badLimit = await #expect(throws: ClientError.self) {
                let _: WorkoutPage = try await ServerClient(server: server, token: secret).json(.get, "/api/v1/workouts", query: ["limit": "0"])
            }
            #expect(badLimit?.serverCode == "request.parameter")
            #expect(badLimit?.message.contains("limit") == true)
        }
    }

    @Test func noServerIsARetryableNetworkErrorAndABadAddressIsNot() async throws {
        // A port nothing listens on: bound, then released.
        let unused = try GPSFakeProcess.freePort()
        let client = try ServerClient(server: try #require(URL(string: "http://127.0.0.1:\(unused)")), token: "pace_x", timeout: .seconds(3))
        let error = await #expect(throws: ClientError.self) { _ = try await client.send(.get, "/api/v1/health") }
        #expect(error?.kind == .network)
        #expect(error?.isRetryable == true)

        let invalid = #expect(throws: ClientError.self) { _ = try ServerClient(server: try #require(URL(string: "ftp://example.org")), token: "x") }
        #expect(invalid?.kind == .invalidServer)
    }

    @Test func queryValuesAreEncoded() throws {
        let client = try ServerClient(server: try #require(URL(string: "http://127.0.0.1:8080/")), token: "x")
        #expect(client.address("/api/v1/workouts", ["from": "2026-11-26T07:00:00+01:00", "limit": "5"])
                == "http://127.0.0.1:8080/api/v1/workouts?from=2026-11-26T07:00:00%2B01:00&limit=5")
    }
}
