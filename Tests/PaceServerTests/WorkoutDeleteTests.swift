import Foundation
import Hummingbird
import HummingbirdTesting
import PaceModel
@testable import PaceServer
import PaceStore
import PaceTestSupport
import Testing

/// `DELETE /workouts/{id}` and `DELETE /samples/{type}/{id}`: tombstones sync pulls give, the share
/// scope required, and anything the token may not see answered exactly like nothing at all.
@Suite(.timeLimit(.minutes(2 * TestTime.scale))) struct WorkoutDeleteTests {
    @Test(arguments: ServerFixture.Backend.allCases) func deletingAWorkoutDeletesItsRouteAndShowsInTheSyncPull(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        let store = try await fixture.store(of: alice)
        let run = TestObjects.run()
        let route = TestObjects.route(for: run, count: 20)
        try await store.save([.workout(run), .workoutRoute(route)])
        try await fixture.test { client in
            let secret = try await ServerFixture.token(client, for: alice, read: [.workout, .workoutRoute], share: [.workout])
            let anchor = try await client.execute(uri: "/api/v1/sync/changes", method: .get, headers: ServerFixture.bearer(secret)) { response in
                try #require(ServerFixture.json(response)["anchor"] as? String)
            }
            try await client.execute(uri: "/api/v1/workouts/\(run.id.uuidString)", method: .delete, headers: ServerFixture.bearer(secret)) { response in
                #expect(response.status == .noContent, "\(String(buffer: response.body))")
            }
            try await client.execute(uri: "/api/v1/workouts/\(run.id.uuidString)", method: .get, headers: ServerFixture.bearer(secret)) { response in
                #expect(response.status == .notFound)
            }
            try await client.execute(uri: "/api/v1/sync/changes?anchor=\(anchor)", method: .get, headers: ServerFixture.bearer(secret)) { response in
                let page = try ServerFixture.json(response)
                let deleted = try #require(page["deleted"] as? [[String: Any]])
                #expect(Set(deleted.compactMap { $0["id"] as? String }) == [run.id.uuidString, route.id.uuidString], "\(deleted)")
            }
            try await client.execute(uri: "/api/v1/workouts/\(run.id.uuidString)", method: .delete, headers: ServerFixture.bearer(secret)) { response in
                #expect(response.status == .notFound, "a deleted workout is gone")
            }
        }
        let remaining = try await store.object(id: route.id)
        #expect(remaining == nil)
    }

    @Test(arguments: ServerFixture.Backend.allCases) func deletingNeedsTheShareScope(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        let run = TestObjects.run(), beat = TestObjects.heartRate()
        try await fixture.store(of: alice).save([.workout(run), .quantitySample(beat)])
        try await fixture.test { client in
            let reader = try await ServerFixture.token(client, for: alice, read: [.workout, .quantity(.heartRate)])
            for uri in ["/api/v1/workouts/\(run.id.uuidString)", "/api/v1/samples/HKQuantityTypeIdentifierHeartRate/\(beat.id.uuidString)"] {
                try await client.execute(uri: uri, method: .delete, headers: ServerFixture.bearer(reader)) { response in
                    #expect(response.status == .forbidden, "\(uri)")
                    let errorCode = try ServerFixture.errorCode(response)
                    #expect(errorCode == "scope.share")
                }
            }
        }
        let kept = try await fixture.store(of: alice).object(id: beat.id)
        #expect(kept != nil)
    }

    @Test(arguments: ServerFixture.Backend.allCases) func aSampleIsDeletedByTypeAndIdentifier(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        let beat = TestObjects.heartRate(), sleep = TestObjects.sleep()
        try await fixture.store(of: alice).save([.quantitySample(beat), .categorySample(sleep)])
        try await fixture.test { client in
            let secret = try await ServerFixture.token(client, for: alice, read: [.quantity(.heartRate), .category(.sleepAnalysis)],
                                                       share: [.quantity(.heartRate), .category(.sleepAnalysis)])
            // The identifier of a sample of another type is not found under this type.
            try await client.execute(uri: "/api/v1/samples/HKQuantityTypeIdentifierHeartRate/\(sleep.id.uuidString)", method: .delete,
                                     headers: ServerFixture.bearer(secret)) { response in
                #expect(response.status == .notFound)
            }
            try await client.execute(uri: "/api/v1/samples/HKCategoryTypeIdentifierSleepAnalysis/\(sleep.id.uuidString)", method: .delete,
                                     headers: ServerFixture.bearer(secret)) { response in
                #expect(response.status == .noContent)
            }
            try await client.execute(uri: "/api/v1/samples/HKQuantityTypeIdentifierHeartRate/\(beat.id.uuidString)", method: .delete,
                                     headers: ServerFixture.bearer(secret)) { response in
                #expect(response.status == .noContent)
            }
            try await client.execute(uri: "/api/v1/samples/HKQuantityTypeIdentifierNothing/\(beat.id.uuidString)", method: .delete,
                                     headers: ServerFixture.bearer(secret)) { response in
                #expect(response.status == .badRequest)
                let error = try #require(try ServerFixture.json(response)["error"] as? [String: Any])
                #expect(error["code"] as? String == "request.parameter" && (error["message"] as? String)?.contains("'type'") == true)
            }
        }
        let left = try await fixture.store(of: alice).samples(of: .quantity(.heartRate))
        #expect(left.isEmpty)
    }

    @Test(arguments: ServerFixture.Backend.allCases) func anotherAccountsOrAnUnreadableSourcesObjectAnswersLikeNone(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice"), bob = try await fixture.account("bob")
        let run = TestObjects.run(), beat = TestObjects.heartRate()
        try await fixture.store(of: alice).save([.workout(run), .quantitySample(beat)])
        try await fixture.test { client in
            let everything: [HealthObjectType] = [.workout, .quantity(.heartRate)]
            let bobs = try await ServerFixture.token(client, for: bob, read: everything, share: everything)
            // Alice's own token that may write heart rate but not read other sources' samples.
            let writeOnly = try await ServerFixture.token(client, for: alice, read: [], share: [.quantity(.heartRate)])
            let nobody = UUID().uuidString
            for (secret, taken, unknown) in [
                (bobs, "/api/v1/workouts/\(run.id.uuidString)", "/api/v1/workouts/\(nobody)"),
                (bobs, "/api/v1/samples/HKQuantityTypeIdentifierHeartRate/\(beat.id.uuidString)", "/api/v1/samples/HKQuantityTypeIdentifierHeartRate/\(nobody)"),
                (writeOnly, "/api/v1/samples/HKQuantityTypeIdentifierHeartRate/\(beat.id.uuidString)",
                 "/api/v1/samples/HKQuantityTypeIdentifierHeartRate/\(nobody)"),
                (bobs, "/api/v1/workouts/\(run.id.uuidString)", "/api/v1/workouts/not-a-uuid"),
            ] {
                var answers: [String] = []
                for uri in [taken, unknown] {
                    try await client.execute(uri: uri, method: .delete, headers: ServerFixture.bearer(secret)) { response in
                        #expect(response.status == .notFound, "\(uri)")
                        answers.append(String(buffer: response.body))
                    }
                }
                #expect(answers[0] == answers[1], "\(taken): another's object and no object answer alike")
            }
        }
        let kept = try await fixture.store(of: alice).object(id: beat.id), keptRun = try await fixture.store(of: alice).object(id: run.id)
        #expect(kept != nil && keptRun != nil)
    }
}
