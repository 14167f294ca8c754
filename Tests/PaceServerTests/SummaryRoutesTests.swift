import Foundation
import Hummingbird
import HummingbirdTesting
import PaceModel
@testable import PaceServer
import PaceStore
import PaceTestSupport
import Testing

/// Activity summaries, characteristics and category samples over HTTP, each within its read scope.
@Suite(.timeLimit(.minutes(2 * TestTime.scale))) struct SummaryRoutesTests {
    @Test(arguments: [ServerFixture.Backend.sqlite]) func activitySummariesByDay(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice"), bob = try await fixture.account("bob")
        let days = (18...21).map { day in
            ActivitySummary(day: DateComponents(calendar: Calendar(identifier: .gregorian), year: 2026, month: 11, day: day),
                            activeEnergyBurned: Quantity(value: Double(day) * 10, unit: .kilocalorie),
                            activeEnergyBurnedGoal: Quantity(value: 500, unit: .kilocalorie),
                            appleExerciseTime: Quantity(value: 30, unit: .minute))
        }
        _ = try await fixture.store(of: alice).saveActivitySummaries(days)
        try await fixture.test { client in
            let secret = try await ServerFixture.token(client, for: alice, read: [.activitySummary])
            try await client.execute(uri: "/api/v1/activity-summaries?from=2026-11-19&to=2026-11-20", method: .get,
                                     headers: ServerFixture.bearer(secret)) { response in
                let summaries = try #require(try ServerFixture.json(response)["summaries"] as? [[String: Any]])
                #expect(summaries.map { $0["day"] as? String } == ["2026-11-19", "2026-11-20"])
                #expect(summaries.first?["activeEnergyBurned"] as? Double == 190 && summaries.first?["appleExerciseTime"] as? Double == 30)
            }
            try await client.execute(uri: "/api/v1/activity-summaries", method: .get, headers: ServerFixture.bearer(secret)) { response in
                let body = try ServerFixture.json(response)
                #expect((body["summaries"] as? [Any])?.count == 4)
            }
            for (query, parameter) in [("from=2026-13-01", "from"), ("to=yesterday", "to"), ("from=2026-11-20&to=2026-11-19", "to")] {
                try await client.execute(uri: "/api/v1/activity-summaries?" + query, method: .get, headers: ServerFixture.bearer(secret)) { response in
                    #expect(response.status == .badRequest, "\(query)")
                    let error = try #require(try ServerFixture.json(response)["error"] as? [String: Any])
                    #expect(error["code"] as? String == "request.parameter" && (error["message"] as? String)?.contains("'\(parameter)'") == true)
                }
            }
            let workouts = try await ServerFixture.token(client, for: alice, read: [.workout])
            try await client.execute(uri: "/api/v1/activity-summaries", method: .get, headers: ServerFixture.bearer(workouts)) { response in
                #expect(response.status == .forbidden)
                let errorCode = try ServerFixture.errorCode(response)
                #expect(errorCode == "scope.read")
            }
            let bobs = try await ServerFixture.token(client, for: bob, read: [.activitySummary])
            try await client.execute(uri: "/api/v1/activity-summaries", method: .get, headers: ServerFixture.bearer(bobs)) { response in
                let body = try ServerFixture.json(response)
                #expect((body["summaries"] as? [Any])?.isEmpty == true, "only bob's summaries")
            }
        }
    }

    @Test(arguments: [ServerFixture.Backend.sqlite]) func characteristicsWithinTheReadScope(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice"), bob = try await fixture.account("bob")
        let store = try await fixture.store(of: alice)
        _ = try await store.setCharacteristic(.dateOfBirth(DateComponents(year: 1990, month: 4, day: 2)))
        _ = try await store.setCharacteristic(.biologicalSex(.female))
        try await fixture.test { client in
            let birthday = try await ServerFixture.token(client, for: alice, read: [.characteristic(.dateOfBirth), .characteristic(.bloodType)])
            try await client.execute(uri: "/api/v1/characteristics", method: .get, headers: ServerFixture.bearer(birthday)) { response in
                let found = try ServerFixture.json(response)
                #expect(found["dateOfBirth"] as? String == "1990-04-02")
                #expect(found["biologicalSex"] == nil && found["bloodType"] == nil, "outside the scope, and not set: \(found)")
            }
            let both = try await ServerFixture.token(client, for: alice, read: [.characteristic(.dateOfBirth), .characteristic(.biologicalSex)])
            try await client.execute(uri: "/api/v1/characteristics", method: .get, headers: ServerFixture.bearer(both)) { response in
                let body = try ServerFixture.json(response)
                #expect(body["biologicalSex"] as? String == "female")
            }
            let none = try await ServerFixture.token(client, for: alice, read: [.workout])
            try await client.execute(uri: "/api/v1/characteristics", method: .get, headers: ServerFixture.bearer(none)) { response in
                #expect(response.status == .forbidden)
                let errorCode = try ServerFixture.errorCode(response)
                #expect(errorCode == "scope.read")
            }
            let bobs = try await ServerFixture.token(client, for: bob, read: [.characteristic(.dateOfBirth)])
            try await client.execute(uri: "/api/v1/characteristics", method: .get, headers: ServerFixture.bearer(bobs)) { response in
                let body = try ServerFixture.json(response)
                #expect(body.isEmpty, "bob set nothing")
            }
        }
    }

    @Test(arguments: [ServerFixture.Backend.sqlite]) func categorySamplesAreListedBesideQuantitySamples(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice"), bob = try await fixture.account("bob")
        let nights = (0..<3).map { TestObjects.sleep(at: TestObjects.morning.addingTimeInterval(Double($0) * 86_400)) }
        try await fixture.store(of: alice).save(nights.map(HealthObject.categorySample) + [.quantitySample(TestObjects.heartRate())])
        try await fixture.test { client in
            let secret = try await ServerFixture.token(client, for: alice, read: [.category(.sleepAnalysis), .quantity(.heartRate)])
            var seen: [String] = []
            var cursor: String?
            repeat {
                let uri = "/api/v1/samples/HKCategoryTypeIdentifierSleepAnalysis?limit=2" + (cursor.map { "&cursor=\($0)" } ?? "")
                cursor = try await client.execute(uri: uri, method: .get, headers: ServerFixture.bearer(secret)) { response in
                    let page = try ServerFixture.json(response)
                    let samples = try #require(page["samples"] as? [[String: Any]])
                    #expect(samples.allSatisfy { $0["value"] as? Int == 3 && $0["unit"] == nil && $0["type"] as? String == "HKCategoryTypeIdentifierSleepAnalysis" })
                    seen += samples.compactMap { $0["id"] as? String }
                    return page["nextCursor"] as? String
                }
            } while cursor != nil && seen.count < 10
            #expect(seen == nights.reversed().map(\.id.uuidString), "newest first, each once")
            try await client.execute(uri: "/api/v1/samples/HKQuantityTypeIdentifierHeartRate", method: .get, headers: ServerFixture.bearer(secret)) { response in
                let samples = try #require(try ServerFixture.json(response)["samples"] as? [[String: Any]])
                #expect(samples.count == 1 && samples[0]["value"] as? Double == 142 && samples[0]["unit"] as? String == "count/min", "unchanged")
            }
            let heartOnly = try await ServerFixture.token(client, for: alice, read: [.quantity(.heartRate)])
            try await client.execute(uri: "/api/v1/samples/HKCategoryTypeIdentifierSleepAnalysis", method: .get,
                                     headers: ServerFixture.bearer(heartOnly)) { response in
                #expect(response.status == .forbidden)
                let errorCode = try ServerFixture.errorCode(response)
                #expect(errorCode == "scope.read")
            }
            try await client.execute(uri: "/api/v1/samples/HKCategoryTypeIdentifierSleepAnalysis?from=tonight", method: .get,
                                     headers: ServerFixture.bearer(secret)) { response in
                #expect(response.status == .badRequest)
                let errorCode = try ServerFixture.errorCode(response)
                #expect(errorCode == "request.parameter")
            }
            let bobs = try await ServerFixture.token(client, for: bob, read: [.category(.sleepAnalysis)])
            try await client.execute(uri: "/api/v1/samples/HKCategoryTypeIdentifierSleepAnalysis", method: .get,
                                     headers: ServerFixture.bearer(bobs)) { response in
                let body = try ServerFixture.json(response)
                #expect((body["samples"] as? [Any])?.isEmpty == true)
            }
        }
    }
}
