import Foundation
import Hummingbird
import HummingbirdTesting
import PaceModel
@testable import PaceServer
import PaceStore
import PaceTestSupport
import Testing

/// A store holds any finite time and number (a sync push carries times as plain numbers), so every
/// page and file the server makes of an object must too: a value past `Int`'s range used to trap
/// in a conversion and take the whole server down with it, for every account.
@Suite struct HostileValueTests {
    /// A workout 10¹³ s after 1970 (about the year 318,857) with a nanometre-short distance, its
    /// route and a heart rate of 10³⁰⁰ per minute; and one that lasts 10¹⁹ s.
    static func seed(_ store: HealthStore) async throws -> (far: Workout, long: Workout) {
        let start = Date(timeIntervalSince1970: 1e13)
        let far = Workout(activityType: .running, start: start, end: start.addingTimeInterval(3600), duration: 3600,
                          totalDistance: Quantity(value: 1e-300, unit: .meter), source: TestObjects.watch)
        let route = TestObjects.route(for: far, count: 3)
        let beat = TestObjects.heartRate(1e300, at: start.addingTimeInterval(1))
        let long = Workout(activityType: .cycling, start: Date(timeIntervalSince1970: 0), end: Date(timeIntervalSince1970: 1e19),
                           duration: 1e19, totalDistance: Quantity(value: 5, unit: .kilometer), source: TestObjects.watch)
        try await store.save([.workout(far), .workoutRoute(route), .quantitySample(beat), .workout(long)])
        return (far, long)
    }

    @Test func extremeStoredValuesAreShownAndExportedOrRefusedWithoutBringingTheServerDown() async throws {
        let fixture = try await ServerFixture(.sqlite)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        let (far, long) = try await Self.seed(try await fixture.store(of: alice))
        try await fixture.test { client in
            let secret = try await ServerFixture.token(client, for: alice, read: [.workout, .workoutRoute, .quantity(.heartRate)])
            let base = "/api/v1/workouts/\(far.id.uuidString)/export?format="
            for format in ["gpx", "tcx"] {
                try await client.execute(uri: base + format, method: .get, headers: ServerFixture.bearer(secret)) { response in
                    #expect(response.status == .unprocessableContent, "\(format)")
                    let error = try #require(try ServerFixture.json(response)["error"] as? [String: Any])
                    #expect(error["code"] as? String == "export.format")
                    #expect((error["message"] as? String)?.contains("0000–9999") == true, "\(error)")
                }
            }
            try await client.execute(uri: base + "csv", method: .get, headers: ServerFixture.bearer(secret)) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).split(separator: "\n").count == 4, "a header and the three locations")
            }
            let cookie = try await WebPagesTests.signIn(client, "alice")
            for path in ["/workouts", "/workouts/\(far.id.uuidString)", "/workouts/\(long.id.uuidString)", "/dashboard",
                         "/statistics", "/records", "/trends", "/workouts/calendar", "/heatmap"] {
                try await client.execute(uri: path, method: .get, headers: cookie) { response in
                    #expect(response.status == .ok, "\(path)")
                }
            }
            try await client.execute(uri: "/workouts", method: .get, headers: cookie) { response in
                #expect(String(buffer: response.body).contains("<td>—</td>"), "a pace and a duration past whole seconds")
            }
        }
    }

    /// A sync push carries times as numbers; one the API's JSON could not write back in four-digit
    /// years is refused, naming the object and field, and nothing of the push is saved. The last
    /// second of 9999 is taken.
    @Test func aPushWithATimeTheAPICannotCarryIsRefusedWhole() async throws {
        let fixture = try await ServerFixture(.sqlite)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        try await fixture.test { client in
            let all: [HealthObjectType] = [.workout, .workoutRoute, .quantity(.heartRate)]
            let secret = try await ServerFixture.token(client, for: alice, read: all, share: all)
            let run = TestObjects.run()
            var route = TestObjects.route(for: run, count: 5)
            route.locations[4].timestamp = Date(timeIntervalSince1970: 253_402_300_800)
            let late = TestObjects.heartRate(150, at: Date(timeIntervalSince1970: 253_402_300_799))
            let far = Workout(activityType: .running, start: Date(timeIntervalSince1970: -1e13), end: run.endDate, source: TestObjects.watch)
            for (objects, named) in [([HealthObject.quantitySample(late), .workout(run), .workoutRoute(route)], "objects[2]: locations[4].timestamp"),
                                     ([.workout(far)], "objects[0]: startDate")] {
                let (status, json) = try await SyncPushTests.push(client, secret, objects)
                #expect(status == .badRequest)
                let error = try #require(json["error"] as? [String: Any])
                #expect(error["code"] as? String == "sync.invalid")
                #expect((error["message"] as? String)?.hasPrefix(named) == true && (error["message"] as? String)?.contains("0000–9999") == true, "\(error)")
            }
            #expect(try await fixture.store(of: alice).changes(after: .initial).saved.isEmpty)
            route.locations[4].timestamp = run.startDate.addingTimeInterval(10)
            let (status, _) = try await SyncPushTests.push(client, secret, [.quantitySample(late), .workout(run), .workoutRoute(route)])
            #expect(status == .ok)
        }
    }

    @Test func paceAndDurationPastWholeSecondsAreUnknown() {
        #expect(WebFormat.duration(1e19) == "—" && WebFormat.duration(.greatestFiniteMagnitude) == "—")
        #expect(WebFormat.duration(3723) == "1:02:03")
        #expect(WebFormat.pace(seconds: 3600, metres: 1e-300) == "—")
        #expect(WebFormat.pace(seconds: 3600, metres: 1e-300, units: .imperial) == "—")
        #expect(WebFormat.pace(seconds: 1500, metres: 5000, units: .imperial) == "8:03 /mi")
    }
}
