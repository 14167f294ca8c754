import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import PaceAnalysis
import PaceTransfer
import Testing

/// A workout's chart series, bounded in points, and the series a client of the store may read.
@Suite struct WorkoutChartTests {
    @Test func aRouteIsChartedThinnedToEvenlySpacedPointsWithItsEnds() {
        let run = TestObjects.run()
        let route = TestObjects.route(for: run, count: 1000)
        let beats = (0..<20).map { TimedQuantity(start: run.startDate.addingTimeInterval(Double($0) * 50), end: run.startDate, value: 150) }
        let chart = WorkoutChart(workout: run, routes: [route], series: WorkoutSeries(heartRate: beats), maximumPoints: 50)
        #expect(chart.points.count == 50 && chart.sourceCount > 50)
        #expect(chart.points.first?.elapsed == 0 && (chart.points.last?.elapsed ?? 0) > 990, "first and last kept")
        let distances = chart.points.compactMap(\.distance)
        #expect(distances.count == 50 && zip(distances, distances.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(chart.points.contains { $0.heartRate == 150 } && chart.points.contains { $0.heartRate == nil }, "heart rate within 5 s only")
        let whole = WorkoutChart(workout: run, routes: [route], series: WorkoutSeries(), maximumPoints: 5000)
        #expect(whole.points.count == whole.sourceCount, "nothing thinned below the cap")
    }

    @Test func withoutARouteTheHeartRateIsCharted() {
        let run = TestObjects.run()
        let beats = (0..<10).map { TimedQuantity(start: run.startDate.addingTimeInterval(Double($0) * 60), end: run.startDate, value: Double(140 + $0)) }
        let chart = WorkoutChart(workout: run, routes: [], series: WorkoutSeries(heartRate: beats), maximumPoints: 500)
        #expect(chart.points.map(\.heartRate) == beats.map(\.value) && chart.points.allSatisfy { $0.distance == nil })
    }

    @Test func aClientReadsOtherSourcesSeriesOnlyWithReadPermission() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try HealthStore(path: directory.path("health.sqlite"))
        let run = TestObjects.run()
        let app = Source(name: "App", bundleIdentifier: "org.pace.tests.app")
        try await store.save([.quantitySample(TestObjects.heartRate(150, at: run.startDate.addingTimeInterval(60))),
                              .quantitySample(TestObjects.heartRate(120, at: run.startDate.addingTimeInterval(120), source: app))])
        let client = store.authorization(for: app)
        let own = try await WorkoutSeries(store: client, workout: run)
        #expect(own.heartRate.map(\.value) == [120], "its own samples only")
        try await store.setAuthorization(client: app.bundleIdentifier, type: .quantity(.heartRate), share: .sharingDenied, read: .authorized)
        let all = try await WorkoutSeries(store: client, workout: run)
        #expect(all.heartRate.map(\.value) == [150, 120])
    }
}
