import Foundation
import Hummingbird
import HummingbirdTesting
import PaceModel
@testable import PaceServer
import PaceStore
import PaceTestSupport
import Testing

/// The HTTP API: tokens made, listed and revoked with the account's password; workouts, routes and
/// samples read with a token, within its scopes; every error a JSON body with a stable code.
@Suite(.timeLimit(.minutes(2 * TestTime.scale))) struct ServerAPITests {
    @Test(arguments: ServerFixture.Backend.allCases) func healthAnswersWithSecurityHeaders(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend)
        defer { fixture.directory.remove() }
        try await fixture.test { client in
            try await client.execute(uri: "/api/v1/health", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                #expect(response.headers[.contentSecurityPolicy]?.contains("default-src 'none'") == true)
                #expect(response.headers[.cacheControl] == "no-store")
            }
            try await client.execute(uri: "/api/v1/workouts", method: .delete) { response in
                #expect(response.status == .methodNotAllowed && response.headers[.allow] == "GET")
            }
            try await client.execute(uri: "/api/v1/nothing-here", method: .get) { response in
                #expect(response.status == .notFound)
                let errorCode = try ServerFixture.errorCode(response)
                #expect(errorCode == "notFound")
            }
        }
    }

    @Test(arguments: ServerFixture.Backend.allCases) func tokensAreShownOnceListedWithoutSecretAndRevoked(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        try await fixture.test { client in
            let secret = try await ServerFixture.token(client, for: alice, read: [.workout])
            #expect(secret.hasPrefix("pace_") && secret.count > 40)
            try await client.execute(uri: "/api/v1/tokens", method: .get, headers: ServerFixture.basic(alice)) { response in
                let tokens = try #require(try ServerFixture.json(response)["tokens"] as? [[String: Any]])
                #expect(tokens.count == 1 && tokens[0]["token"] == nil, "the secret is never listed")
                #expect(tokens[0]["read"] as? [String] == [HealthObjectType.workout.identifier])
            }
            try await client.execute(uri: "/api/v1/workouts", method: .get, headers: ServerFixture.bearer(secret)) { response in
                #expect(response.status == .ok)
            }
            let id = try await fixture.accounts.tokens(of: alice)[0].id
            try await client.execute(uri: "/api/v1/tokens/\(id.uuidString)", method: .delete, headers: ServerFixture.basic(alice)) { response in
                #expect(response.status == .noContent)
            }
            try await client.execute(uri: "/api/v1/workouts", method: .get, headers: ServerFixture.bearer(secret)) { response in
                #expect(response.status == .unauthorized && response.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
                let errorCode = try ServerFixture.errorCode(response)
                #expect(errorCode == "auth.token")
            }
        }
        let log = try await fixture.accounts.auditLog(of: alice.id).map(\.kind)
        #expect(log.contains("tokenCreated") && log.contains("tokenRevoked") && log.contains("signIn") && log.contains("tokenUsed"), "\(log)")
    }

    @Test(arguments: ServerFixture.Backend.allCases) func workoutsPageNewestFirstWithoutRepeatsOrGapsAcrossTies(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        let store = try await fixture.store(of: alice)
        let base = Date(timeIntervalSince1970: 1_795_158_000)
        // Five runs and a ride; two runs start at the same instant.
        var runs: [Workout] = []
        for offset in [0.0, 3600, 3600, 7200, 10800] {
            runs.append(TestObjects.run(start: base.addingTimeInterval(offset)))
        }
        var cycling = TestObjects.run(start: base.addingTimeInterval(20000))
        cycling.activityType = .cycling
        let ride = cycling, saved = runs
        try await store.save((saved + [ride]).map(HealthObject.workout))
        try await fixture.test { client in
            let secret = try await ServerFixture.token(client, for: alice, read: [.workout])
            var seen: [String] = []
            var cursor: String?
            repeat {
                let uri = "/api/v1/workouts?activityType=running&limit=2" + (cursor.map { "&cursor=\($0)" } ?? "")
                cursor = try await client.execute(uri: uri, method: .get, headers: ServerFixture.bearer(secret)) { response in
                    #expect(response.status == .ok)
                    let page = try ServerFixture.json(response)
                    let workouts = try #require(page["workouts"] as? [[String: Any]])
                    #expect(workouts.count <= 2)
                    seen += workouts.compactMap { $0["id"] as? String }
                    return page["nextCursor"] as? String
                }
            } while cursor != nil && seen.count < 20
            let expected = saved.sorted { ($0.startDate, $0.id.uuidString) > ($1.startDate, $1.id.uuidString) }.map(\.id.uuidString)
            #expect(Set(seen) == Set(expected) && seen.count == 5, "every run once: \(seen)")
            #expect(seen.first == saved[4].id.uuidString && seen.last == saved[0].id.uuidString, "newest first")

            try await client.execute(uri: "/api/v1/workouts/\(ride.id.uuidString)", method: .get,
                                     headers: ServerFixture.bearer(secret)) { response in
                let detail = try ServerFixture.json(response)
                let workout = try #require(detail["workout"] as? [String: Any])
                #expect(workout["activityType"] as? String == "cycling")
                #expect((workout["totalDistance"] as? Double).map { abs($0 - 5020) < 1e-6 } == true, "metres")
                #expect((detail["events"] as? [Any])?.count == 3 && (detail["statistics"] as? [Any])?.count == 2)
            }
            try await client.execute(uri: "/api/v1/workouts?from=2026-11-20T00:00:00Z&to=2026-11-21T00:00:00Z", method: .get,
                                     headers: ServerFixture.bearer(secret)) { response in
                let page = try ServerFixture.json(response)
                #expect((page["workouts"] as? [Any])?.count == 6, "the day's six workouts")
            }
            try await client.execute(uri: "/api/v1/workouts?from=2026-11-10T00:00:00Z&to=2026-11-11T00:00:00Z", method: .get,
                                     headers: ServerFixture.bearer(secret)) { response in
                let page = try ServerFixture.json(response)
                #expect((page["workouts"] as? [Any])?.isEmpty == true, "nothing on another day")
            }
        }
    }

    @Test(arguments: ServerFixture.Backend.allCases) func aRouteIsReadInPagesWithACursor(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        let store = try await fixture.store(of: alice)
        let run = TestObjects.run()
        let route = TestObjects.route(for: run, count: 2500)
        try await store.save([.workout(run), .workoutRoute(route)])
        try await fixture.test { client in
            let secret = try await ServerFixture.token(client, for: alice, read: [.workout, .workoutRoute])
            try await client.execute(uri: "/api/v1/workouts/\(run.id.uuidString)", method: .get, headers: ServerFixture.bearer(secret)) { response in
                let detail = try ServerFixture.json(response)
                #expect(detail["routes"] as? [String] == [route.id.uuidString])
            }
            var counts: [Int] = []
            var after: Int?
            repeat {
                let uri = "/api/v1/workouts/\(run.id.uuidString)/routes/\(route.id.uuidString)?limit=1000" + (after.map { "&after=\($0)" } ?? "")
                after = try await client.execute(uri: uri, method: .get, headers: ServerFixture.bearer(secret)) { response in
                    let page = try ServerFixture.json(response)
                    counts.append((page["locations"] as? [Any])?.count ?? -1)
                    return page["next"] as? Int
                }
            } while after != nil && counts.count < 10
            #expect(counts == [1000, 1000, 500])
            // The route under another workout of the same account is not found: a route answers under its own workout only.
            let other = TestObjects.run(start: run.endDate.addingTimeInterval(3600))
            try await store.save([.workout(other)])
            try await client.execute(uri: "/api/v1/workouts/\(other.id.uuidString)/routes/\(route.id.uuidString)", method: .get,
                                     headers: ServerFixture.bearer(secret)) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test(arguments: ServerFixture.Backend.allCases) func aTypeOutsideTheTokensScopeIsRefused(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        try await fixture.store(of: alice).save([.quantitySample(TestObjects.heartRate())])
        try await fixture.test { client in
            let workoutsOnly = try await ServerFixture.token(client, for: alice, read: [.workout])
            try await client.execute(uri: "/api/v1/samples/HKQuantityTypeIdentifierHeartRate", method: .get,
                                     headers: ServerFixture.bearer(workoutsOnly)) { response in
                #expect(response.status == .forbidden)
                let errorCode = try ServerFixture.errorCode(response)
                #expect(errorCode == "scope.read")
            }
            let heart = try await ServerFixture.token(client, for: alice, read: [.quantity(.heartRate)])
            try await client.execute(uri: "/api/v1/samples/HKQuantityTypeIdentifierHeartRate", method: .get,
                                     headers: ServerFixture.bearer(heart)) { response in
                let samples = try #require(try ServerFixture.json(response)["samples"] as? [[String: Any]])
                #expect(samples.count == 1 && samples[0]["value"] as? Double == 142 && samples[0]["unit"] as? String == "count/min")
            }
            try await client.execute(uri: "/api/v1/workouts", method: .get, headers: ServerFixture.bearer(heart)) { response in
                #expect(response.status == .forbidden)
            }
        }
    }

    @Test(arguments: ServerFixture.Backend.allCases) func badRequestsGetJSONErrorsWithStableCodes(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        try await fixture.test { client in
            let secret = try await ServerFixture.token(client, for: alice, read: [.workout])
            for (uri, code) in [("/api/v1/workouts?limit=0", "request.parameter"), ("/api/v1/workouts?limit=abc", "request.parameter"),
                                ("/api/v1/workouts?from=yesterday", "request.parameter"),
                                ("/api/v1/workouts?from=2026-11-21T00:00:00Z&to=2026-11-20T00:00:00Z", "request.parameter"), ("/api/v1/workouts?cursor=%21%21", "request.parameter"),
                                ("/api/v1/workouts?activityType=flying", "request.parameter"),
                                ("/api/v1/samples/HKQuantityTypeIdentifierNothing", "request.parameter")] {
                try await client.execute(uri: uri, method: .get, headers: ServerFixture.bearer(secret)) { response in
                    #expect(response.status == .badRequest, "\(uri)")
                    let errorCode = try ServerFixture.errorCode(response)
                    #expect(errorCode == code, "\(uri): \(String(buffer: response.body))")
                }
            }
            try await client.execute(uri: "/api/v1/workouts", method: .get) { response in
                #expect(response.status == .unauthorized)
                let errorCode = try ServerFixture.errorCode(response)
                #expect(errorCode == "auth.token")
            }
            try await client.execute(uri: "/api/v1/tokens", method: .post, headers: ServerFixture.basic(alice),
                                     body: ByteBuffer(string: "{not json")) { response in
                #expect(response.status == .badRequest)
                let errorCode = try ServerFixture.errorCode(response)
                #expect(errorCode == "request.body")
            }
        }
    }

    @Test(arguments: ServerFixture.Backend.allCases) func failedSignInsAreRateLimited(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        try await fixture.test { client in
            let wrong: HTTPFields = [.authorization: "Basic " + Data("alice:not-the-password".utf8).base64EncodedString()]
            for _ in 0..<10 {
                try await client.execute(uri: "/api/v1/tokens", method: .get, headers: wrong) { response in
                    #expect(response.status == .unauthorized)
                let errorCode = try ServerFixture.errorCode(response)
                #expect(errorCode == "auth.password")
                }
            }
            try await client.execute(uri: "/api/v1/tokens", method: .get, headers: ServerFixture.basic(alice)) { response in
                #expect(response.status == .tooManyRequests)
                let errorCode = try ServerFixture.errorCode(response)
                #expect(errorCode == "auth.rateLimited")
                #expect(response.headers[.retryAfter].flatMap(Int.init).map { $0 > 0 } == true)
            }
        }
        let log = try await fixture.accounts.auditLog(of: alice.id).map(\.kind)
        #expect(log.filter { $0 == "signInFailed" }.count == 10)
    }
}
