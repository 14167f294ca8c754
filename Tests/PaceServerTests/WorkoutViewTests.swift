import Foundation
import Hummingbird
import HummingbirdTesting
import PaceModel
@testable import PaceServer
import PaceStore
import PaceTestSupport
import Testing

/// A workout's derived views over HTTP: laps and splits in its detail, its route as a simplified
/// polyline, its chart series and its export as a file.
@Suite(.timeLimit(.minutes(2 * TestTime.scale))) struct WorkoutViewTests {
    /// A run with a 1,800-point route north from Paris (about 6 km at 3.3 m/s) and heart rate each minute.
    static func seed(_ fixture: ServerFixture, _ account: Account) async throws -> (Workout, WorkoutRoute) {
        let run = TestObjects.run()
        let route = TestObjects.route(for: run, count: 1800)
        let beats = (0..<30).map { TestObjects.heartRate(140 + Double($0), at: run.startDate.addingTimeInterval(Double($0) * 60)) }
        try await fixture.store(of: account).save([.workout(run), .workoutRoute(route)] + beats.map(HealthObject.quantitySample))
        return (run, route)
    }

    @Test(arguments: [ServerFixture.Backend.sqlite]) func theDetailHasLapsAndKilometreSplits(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice")
        let (run, _) = try await Self.seed(fixture, alice)
        try await fixture.test { client in
            let secret = try await ServerFixture.token(client, for: alice, read: [.workout, .workoutRoute, .quantity(.heartRate)])
            try await client.execute(uri: "/api/v1/workouts/\(run.id.uuidString)", method: .get, headers: ServerFixture.bearer(secret)) { response in
                let detail = try ServerFixture.json(response)
                let laps = try #require(detail["laps"] as? [[String: Any]])
                #expect(laps.count == 1 && laps[0]["index"] as? Int == 1)
                #expect(laps[0]["averageHeartRate"] as? Double != nil, "heart rate the token may read")
                let splits = try #require(detail["splits"] as? [[String: Any]])
                #expect(splits.count >= 5, "about 6 km of route: \(splits.count)")
                #expect(splits.first?["index"] as? Int == 1 && splits.first?["distance"] as? Double == 1000)
                #expect(splits.dropLast().allSatisfy { $0["isPartial"] as? Bool == false })
                let pace = try #require(splits.first?["pace"] as? Double)
                #expect(pace > 250 && pace < 350, "about 300 s/km at 3.3 m/s: \(pace)")
            }
            // Without the route scope, there are no splits; laps still come from the workout.
            let workoutsOnly = try await ServerFixture.token(client, for: alice, read: [.workout])
            try await client.execute(uri: "/api/v1/workouts/\(run.id.uuidString)", method: .get, headers: ServerFixture.bearer(workoutsOnly)) { response in
                let detail = try ServerFixture.json(response)
                #expect((detail["splits"] as? [Any])?.isEmpty == true && (detail["laps"] as? [Any])?.count == 1)
                let laps = try #require(detail["laps"] as? [[String: Any]])
                #expect(laps[0]["averageHeartRate"] == nil, "no heart rate without its read scope")
            }
        }
    }

    @Test(arguments: [ServerFixture.Backend.sqlite]) func theRouteIsSimplifiedToAPolyline(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice"), bob = try await fixture.account("bob")
        let (run, route) = try await Self.seed(fixture, alice)
        try await fixture.test { client in
            let secret = try await ServerFixture.token(client, for: alice, read: [.workout, .workoutRoute])
            let base = "/api/v1/workouts/\(run.id.uuidString)/routes/\(route.id.uuidString)/polyline"
            try await client.execute(uri: base, method: .get, headers: ServerFixture.bearer(secret)) { response in
                let line = try ServerFixture.json(response)
                #expect(line["tolerance"] as? Double == 5 && line["sourceCount"] as? Int == 1800)
                let points = try #require(line["points"] as? [[String: Double]])
                #expect(points.count == 2, "a straight line keeps its ends")
                #expect(points.first?["latitude"] == route.locations.first?.latitude)
                #expect((line["encoded"] as? String)?.isEmpty == false)
            }
            try await client.execute(uri: base + "?tolerance=0", method: .get, headers: ServerFixture.bearer(secret)) { response in
                let body = try ServerFixture.json(response)
                #expect((body["points"] as? [Any])?.count == 1800, "tolerance 0 keeps every point")
            }
            for bad in ["-1", "abc", "1001", "nan"] {
                try await client.execute(uri: base + "?tolerance=\(bad)", method: .get, headers: ServerFixture.bearer(secret)) { response in
                    #expect(response.status == .badRequest, "\(bad)")
                    let error = try #require(try ServerFixture.json(response)["error"] as? [String: Any])
                    #expect(error["code"] as? String == "request.parameter" && (error["message"] as? String)?.contains("'tolerance'") == true)
                }
            }
            let noRoutes = try await ServerFixture.token(client, for: alice, read: [.workout])
            try await client.execute(uri: base, method: .get, headers: ServerFixture.bearer(noRoutes)) { response in
                #expect(response.status == .forbidden)
                let errorCode = try ServerFixture.errorCode(response)
                #expect(errorCode == "scope.read")
            }
            let bobs = try await ServerFixture.token(client, for: bob, read: [.workout, .workoutRoute])
            var answers: [String] = []
            for uri in [base, "/api/v1/workouts/\(UUID().uuidString)/routes/\(UUID().uuidString)/polyline"] {
                try await client.execute(uri: uri, method: .get, headers: ServerFixture.bearer(bobs)) { response in
                    #expect(response.status == .notFound)
                    answers.append(String(buffer: response.body))
                }
            }
            #expect(answers[0] == answers[1])
        }
    }

    @Test(arguments: [ServerFixture.Backend.sqlite]) func theChartSeriesIsBoundedInPoints(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice"), bob = try await fixture.account("bob")
        let (run, _) = try await Self.seed(fixture, alice)
        try await fixture.test { client in
            let secret = try await ServerFixture.token(client, for: alice, read: [.workout, .workoutRoute, .quantity(.heartRate)])
            let base = "/api/v1/workouts/\(run.id.uuidString)/series"
            try await client.execute(uri: base + "?points=100", method: .get, headers: ServerFixture.bearer(secret)) { response in
                let chart = try ServerFixture.json(response)
                let points = try #require(chart["points"] as? [[String: Any]])
                #expect(points.count == 100 && (chart["sourceCount"] as? Int ?? 0) > 100)
                let distances = points.compactMap { $0["distance"] as? Double }
                #expect(distances.count == 100 && zip(distances, distances.dropFirst()).allSatisfy { $0 <= $1 }, "distance grows")
                #expect(points.contains { $0["heartRate"] != nil } && points.contains { $0["elevation"] != nil })
                #expect(points.contains { ($0["pace"] as? Double).map { $0 > 250 && $0 < 350 } == true })
            }
            try await client.execute(uri: base, method: .get, headers: ServerFixture.bearer(secret)) { response in
                let body = try ServerFixture.json(response)
                #expect((body["points"] as? [Any])?.count == WorkoutExtraRoutes.defaultPoints)
            }
            for bad in ["1", "5001", "many"] {
                try await client.execute(uri: base + "?points=\(bad)", method: .get, headers: ServerFixture.bearer(secret)) { response in
                    #expect(response.status == .badRequest, "\(bad)")
                    let error = try #require(try ServerFixture.json(response)["error"] as? [String: Any])
                    #expect(error["code"] as? String == "request.parameter" && (error["message"] as? String)?.contains("'points'") == true)
                }
            }
            let heartOnly = try await ServerFixture.token(client, for: alice, read: [.quantity(.heartRate)])
            try await client.execute(uri: base, method: .get, headers: ServerFixture.bearer(heartOnly)) { response in
                #expect(response.status == .forbidden)
                let errorCode = try ServerFixture.errorCode(response)
                #expect(errorCode == "scope.read")
            }
            let bobs = try await ServerFixture.token(client, for: bob, read: [.workout, .workoutRoute])
            var answers: [String] = []
            for uri in [base, "/api/v1/workouts/\(UUID().uuidString)/series"] {
                try await client.execute(uri: uri, method: .get, headers: ServerFixture.bearer(bobs)) { response in
                    #expect(response.status == .notFound)
                    answers.append(String(buffer: response.body))
                }
            }
            #expect(answers[0] == answers[1])
        }
    }

    @Test(arguments: [ServerFixture.Backend.sqlite]) func theWorkoutIsExportedAsAFileTheServerNames(_ backend: ServerFixture.Backend) async throws {
        let fixture = try await ServerFixture(backend)
        defer { fixture.directory.remove() }
        let alice = try await fixture.account("alice"), bob = try await fixture.account("bob")
        let (run, _) = try await Self.seed(fixture, alice)
        try await fixture.test { client in
            let secret = try await ServerFixture.token(client, for: alice, read: [.workout, .workoutRoute, .quantity(.heartRate)])
            let base = "/api/v1/workouts/\(run.id.uuidString)/export"
            for (format, type, start) in [("gpx", "application/gpx+xml", "<?xml"), ("tcx", "application/vnd.garmin.tcx+xml", "<?xml"),
                                          ("csv", "text/csv; charset=utf-8", "t,lat,lon"), ("fit", "application/vnd.ant.fit", "")] {
                try await client.execute(uri: base + "?format=\(format)", method: .get, headers: ServerFixture.bearer(secret)) { response in
                    #expect(response.status == .ok, "\(format)")
                    #expect(response.headers[.contentType] == type)
                    #expect(response.headers[.contentDisposition] == "attachment; filename=\"pace-running-20261120-070000.\(format)\"")
                    #expect(String(buffer: response.body).hasPrefix(start) && response.body.readableBytes > 1000, "\(format)")
                }
            }
            try await client.execute(uri: base + "?format=gpx", method: .get, headers: ServerFixture.bearer(secret)) { response in
                #expect(String(buffer: response.body).components(separatedBy: "<trkpt ").count == 1801, "every route location")
            }
            for uri in [base, base + "?format=kml"] {
                try await client.execute(uri: uri, method: .get, headers: ServerFixture.bearer(secret)) { response in
                    #expect(response.status == .badRequest)
                    let error = try #require(try ServerFixture.json(response)["error"] as? [String: Any])
                    #expect(error["code"] as? String == "request.parameter" && (error["message"] as? String)?.contains("'format'") == true)
                }
            }
            let heartOnly = try await ServerFixture.token(client, for: alice, read: [.quantity(.heartRate)])
            try await client.execute(uri: base + "?format=gpx", method: .get, headers: ServerFixture.bearer(heartOnly)) { response in
                #expect(response.status == .forbidden)
                let errorCode = try ServerFixture.errorCode(response)
                #expect(errorCode == "scope.read")
            }
            let bobs = try await ServerFixture.token(client, for: bob, read: [.workout, .workoutRoute])
            var answers: [String] = []
            for uri in [base + "?format=gpx", "/api/v1/workouts/\(UUID().uuidString)/export?format=gpx"] {
                try await client.execute(uri: uri, method: .get, headers: ServerFixture.bearer(bobs)) { response in
                    #expect(response.status == .notFound)
                    answers.append(String(buffer: response.body))
                }
            }
            #expect(answers[0] == answers[1])
        }
    }

    @Test func googlesEncodedPolylineExampleEncodes() {
        let text = EncodedPolyline.encode([(38.5, -120.2), (40.7, -120.95), (43.252, -126.453)])
        #expect(text == "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
    }
}
