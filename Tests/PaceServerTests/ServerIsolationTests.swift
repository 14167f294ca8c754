import Foundation
import Hummingbird
import HummingbirdTesting
import PaceModel
@testable import PaceServer
import PaceStore
import PaceTestSupport
import Testing

/// Another account's objects are never readable nor confirmed to exist: the same answer as for an
/// identifier no one has, on every route that takes one.
@Suite(.timeLimit(.minutes(2 * TestTime.scale))) struct ServerIsolationTests {
    @Test(arguments: ServerFixture.Backend.allCases) func anotherAccountsObjectsReadAsNotFound(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice"), bob = try await fixture.account("bob")
        let run = TestObjects.run()
        let route = TestObjects.route(for: run, count: 10)
        try await fixture.store(of: alice).save([.workout(run), .workoutRoute(route), .quantitySample(TestObjects.heartRate())])
        try await fixture.test { client in
            let everything: [HealthObjectType] = [.workout, .workoutRoute, .quantity(.heartRate)]
            let bobs = try await ServerFixture.token(client, for: bob, read: everything)
            let nobody = UUID().uuidString
            for (taken, unknown) in [("/api/v1/workouts/\(run.id.uuidString)", "/api/v1/workouts/\(nobody)"),
                                     ("/api/v1/workouts/\(run.id.uuidString)/routes/\(route.id.uuidString)",
                                      "/api/v1/workouts/\(nobody)/routes/\(nobody)")] {
                var answers: [String] = []
                for uri in [taken, unknown] {
                    try await client.execute(uri: uri, method: .get, headers: ServerFixture.bearer(bobs)) { response in
                        #expect(response.status == .notFound, "\(uri)")
                        answers.append(String(buffer: response.body))
                    }
                }
                #expect(answers[0] == answers[1], "another account's object and no object answer alike")
            }
            for uri in ["/api/v1/workouts", "/api/v1/samples/HKQuantityTypeIdentifierHeartRate"] {
                try await client.execute(uri: uri, method: .get, headers: ServerFixture.bearer(bobs)) { response in
                    let page = try ServerFixture.json(response)
                    let items = (page["workouts"] ?? page["samples"]) as? [Any]
                    #expect(items?.isEmpty == true, "\(uri) lists only bob's objects")
                }
            }
            // Bob's password does not manage Alice's tokens.
            let alices = try await ServerFixture.token(client, for: alice, read: [.workout])
            _ = alices
            let id = try await fixture.accounts.tokens(of: alice)[0].id
            try await client.execute(uri: "/api/v1/tokens/\(id.uuidString)", method: .delete, headers: ServerFixture.basic(bob)) { response in
                #expect(response.status == .notFound)
            }
            #expect(try await fixture.accounts.tokens(of: alice)[0].revokedAt == nil)
        }
    }
}
