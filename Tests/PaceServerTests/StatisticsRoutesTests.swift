import Foundation
import Hummingbird
import HummingbirdTesting
import PaceModel
@testable import PaceServer
import PaceStore
import PaceTestSupport
import Testing

/// `/statistics/{type}` and `/statistics/{type}/collection`: HealthKit's statistics queries over
/// HTTP, calendar intervals in the caller's time zone.
@Suite(.timeLimit(.minutes(2 * TestTime.scale))) struct StatisticsRoutesTests {
    /// 2026-11-20 22:30 UTC: 23:30 in Zurich, still the 20th there.
    static let lateEvening = Date(timeIntervalSince1970: 1_795_213_800)

    static func steps(_ count: Double, at date: Date) -> QuantitySample {
        QuantitySample(type: .stepCount, quantity: Quantity(value: count, unit: .count), start: date, end: date.addingTimeInterval(60),
                       source: TestObjects.watch)
    }

    @Test(arguments: [ServerFixture.Backend.sqlite]) func statisticsOfDiscreteAndCumulativeTypes(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        let beats = [120.0, 150, 180].enumerated().map { TestObjects.heartRate($1, at: TestObjects.morning.addingTimeInterval(Double($0) * 60)) }
        try await fixture.store(of: alice).save(beats.map(HealthObject.quantitySample) + [.quantitySample(Self.steps(500, at: Self.lateEvening))])
        try await fixture.test { client in
            let secret = try await ServerFixture.token(client, for: alice, read: [.quantity(.heartRate), .quantity(.stepCount)])
            try await client.execute(uri: "/api/v1/statistics/HKQuantityTypeIdentifierHeartRate?options=discreteAverage,discreteMin,discreteMax,mostRecent",
                                     method: .get, headers: ServerFixture.bearer(secret)) { response in
                let result = try ServerFixture.json(response)
                #expect(result["average"] as? Double == 150 && result["minimum"] as? Double == 120 && result["maximum"] as? Double == 180)
                #expect(result["mostRecent"] as? Double == 180 && result["unit"] as? String == "count/min" && result["sampleCount"] as? Int == 3)
                #expect(result["sum"] == nil)
            }
            try await client.execute(uri: "/api/v1/statistics/HKQuantityTypeIdentifierHeartRate?from=2026-11-20T07:01:00Z",
                                     method: .get, headers: ServerFixture.bearer(secret)) { response in
                let result = try ServerFixture.json(response)
                #expect(result["average"] as? Double == 165, "the default for a discrete type is the average, over the range")
            }
            try await client.execute(uri: "/api/v1/statistics/HKQuantityTypeIdentifierStepCount", method: .get,
                                     headers: ServerFixture.bearer(secret)) { response in
                let body = try ServerFixture.json(response)
                #expect((body["sum"] as? Double).map { abs($0 - 500) < 1e-9 } == true)
            }
            for (uri, parameter) in [("HKQuantityTypeIdentifierStepCount?options=discreteAverage", "options"),
                                     ("HKQuantityTypeIdentifierHeartRate?options=cumulativeSum", "options"),
                                     ("HKQuantityTypeIdentifierHeartRate?options=median", "options"),
                                     ("HKQuantityTypeIdentifierHeartRate?from=monday", "from"),
                                     ("HKCategoryTypeIdentifierSleepAnalysis", "type")] {
                try await client.execute(uri: "/api/v1/statistics/" + uri, method: .get, headers: ServerFixture.bearer(secret)) { response in
                    #expect(response.status == .badRequest, "\(uri)")
                    let error = try #require(try ServerFixture.json(response)["error"] as? [String: Any])
                    #expect(error["code"] as? String == "request.parameter" && (error["message"] as? String)?.contains("'\(parameter)'") == true,
                            "\(uri): \(error)")
                }
            }
            let stepsOnly = try await ServerFixture.token(client, for: alice, read: [.quantity(.stepCount)])
            for uri in ["/api/v1/statistics/HKQuantityTypeIdentifierHeartRate",
                        "/api/v1/statistics/HKQuantityTypeIdentifierHeartRate/collection?from=2026-11-20T00:00:00Z&to=2026-11-21T00:00:00Z"] {
                try await client.execute(uri: uri, method: .get, headers: ServerFixture.bearer(stepsOnly)) { response in
                    #expect(response.status == .forbidden)
                    let errorCode = try ServerFixture.errorCode(response)
                    #expect(errorCode == "scope.read")
                }
            }
        }
    }

    @Test(arguments: [ServerFixture.Backend.sqlite]) func daysRunFromMidnightToMidnightInTheGivenTimeZone(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice"), bob = try await fixture.account("bob")
        // 23:30 and 00:30 in Zurich: two days there, one day in UTC.
        try await fixture.store(of: alice).save([.quantitySample(Self.steps(100, at: Self.lateEvening)),
                                                 .quantitySample(Self.steps(40, at: Self.lateEvening.addingTimeInterval(3600)))])
        try await fixture.test { client in
            let secret = try await ServerFixture.token(client, for: alice, read: [.quantity(.stepCount)])
            let base = "/api/v1/statistics/HKQuantityTypeIdentifierStepCount/collection?from=2026-11-20T00:00:00Z&to=2026-11-22T00:00:00Z"
            func sums(_ uri: String) async throws -> [Double] {
                try await client.execute(uri: uri, method: .get, headers: ServerFixture.bearer(secret)) { response in
                    #expect(response.status == .ok, "\(String(buffer: response.body))")
                    let entries = try #require(try ServerFixture.json(response)["statistics"] as? [[String: Any]])
                    return entries.map { $0["sum"] as? Double ?? 0 }
                }
            }
            let utc = try await sums(base + "&interval=day")
            #expect(utc.count == 2 && abs(utc[0] - 140) < 1e-9 && utc[1] == 0, "UTC: both on the 20th: \(utc)")
            let zurich = try await sums(base + "&interval=day&timeZone=Europe/Zurich")
            #expect(zurich.filter { $0 > 0 }.map { $0.rounded() } == [100, 40], "Zurich: the 20th and the 21st: \(zurich)")
            let hourly = try await sums(base + "&interval=hour")
            #expect(hourly.count == 48 && abs(hourly.reduce(0, +) - 140) < 1e-9)
            for (query, parameter) in [("&interval=fortnight", "interval"), ("&timeZone=Mars/Olympus", "timeZone"),
                                       ("&anchor=noon", "anchor")] {
                try await client.execute(uri: base + query, method: .get, headers: ServerFixture.bearer(secret)) { response in
                    #expect(response.status == .badRequest, "\(query)")
                    let error = try #require(try ServerFixture.json(response)["error"] as? [String: Any])
                    #expect(error["code"] as? String == "request.parameter" && (error["message"] as? String)?.contains("'\(parameter)'") == true)
                }
            }
            for uri in ["/api/v1/statistics/HKQuantityTypeIdentifierStepCount/collection?to=2026-11-22T00:00:00Z",
                        "/api/v1/statistics/HKQuantityTypeIdentifierStepCount/collection?from=2020-01-01T00:00:00Z&to=2026-01-01T00:00:00Z&interval=hour"] {
                try await client.execute(uri: uri, method: .get, headers: ServerFixture.bearer(secret)) { response in
                    #expect(response.status == .badRequest, "\(uri)")
                    let errorCode = try ServerFixture.errorCode(response)
                    #expect(errorCode == "request.parameter")
                }
            }
            // Bob's token sees none of Alice's steps.
            let bobs = try await ServerFixture.token(client, for: bob, read: [.quantity(.stepCount)])
            try await client.execute(uri: base, method: .get, headers: ServerFixture.bearer(bobs)) { response in
                let entries = try #require(try ServerFixture.json(response)["statistics"] as? [[String: Any]])
                #expect(entries.allSatisfy { ($0["sum"] as? Double ?? 0) == 0 })
            }
        }
    }
}
