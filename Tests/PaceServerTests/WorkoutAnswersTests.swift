import Foundation
import PaceAnalysis
import PaceModel
@testable import PaceServer
import PaceStore
import PaceTestSupport
import Testing

/// What an upload's workout page will ask for is made ahead, as the web client sees the account,
/// and a visit finds it under the same keys.
@Suite(.timeLimit(.minutes(2 * TestTime.scale))) struct WorkoutAnswersTests {
    static let all = Set(HealthObjectType.allTypes)

    static func seeded(_ directory: TemporaryDirectory) async throws -> (HealthStore, Workout) {
        let store = try HealthStore(path: directory.path("health.sqlite"))
        let run = TestObjects.run()
        try await store.save([.workout(run), .workoutRoute(TestObjects.route(for: run, count: 200)),
                              .quantitySample(TestObjects.heartRate(140, at: run.startDate.addingTimeInterval(60)))])
        return (store, run)
    }

    @Test func anUploadedWorkoutsPageIsMadeAheadForTheWebClient() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (store, run) = try await Self.seeded(directory)
        // The account never signed in on the web: its web client is allowed what a sign-in allows it.
        #expect(try await !store.authorization(for: AccessToken.webClient).hasRequestedAuthorization(toShare: [], read: Self.all))
        let answers = WorkoutAnswers(), account = UUID(), zones = HeartRateZones()
        await answers.prepare([run.id], account: account, store: store, zones: zones)
        #expect(await answers.analyses.count == 1)
        #expect(await answers.charts.count == 1)
        #expect(await answers.polylines.count == 1)
        #expect(try await store.authorization(for: AccessToken.webClient).hasRequestedAuthorization(toShare: [], read: Self.all))

        // The page's own requests find them: nothing new is kept.
        let reader = AnswerReader(account: account, client: AccessToken.webClient, read: Self.all,
                                  store: store.authorization(for: AccessToken.webClient))
        let analysed = try await answers.analysed(run, zones: zones, reader: reader)
        #expect(analysed.routes.count == 1)
        #expect(analysed.analysis.heartRate?.average == 140)
        _ = try await answers.chart(run, points: WorkoutAnswers.pageChartPoints, reader: reader)
        _ = try await answers.polyline(run, route: analysed.routes[0], tolerance: WorkoutAnswers.pageTolerance, reader: reader)
        #expect(await answers.analyses.count == 1)
        #expect(await answers.charts.count == 1)
        #expect(await answers.polylines.count == 1)

        // Another client, or the same with another read scope, has answers of its own.
        let narrow = AnswerReader(account: account, client: AccessToken.webClient, read: [.workout], store: reader.store)
        _ = try await answers.chart(run, points: WorkoutAnswers.pageChartPoints, reader: narrow)
        #expect(await answers.charts.count == 2)
    }

    @Test func aRouteTheWorkoutDoesNotHaveIsNotFoundAndNotKept() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (store, run) = try await Self.seeded(directory)
        try await store.setAuthorization(client: "org.pace.tests", type: .workout, read: .authorized)
        try await store.setAuthorization(client: "org.pace.tests", type: .workoutRoute, read: .authorized)
        let reader = AnswerReader(account: UUID(), client: "org.pace.tests", read: [.workout, .workoutRoute],
                                  store: store.authorization(for: "org.pace.tests"))
        let answers = WorkoutAnswers()
        await #expect(throws: ServerError.self) { try await answers.polyline(run, route: UUID(), tolerance: 5, reader: reader) }
        #expect(await answers.polylines.count == 0)
    }
}
