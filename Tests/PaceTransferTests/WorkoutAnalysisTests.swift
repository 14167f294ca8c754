import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import PaceTrack
import PaceAnalysis
import PaceTransfer
import Testing

/// A workout described from its stored parts: the converter's synthetic run (20 minutes north at
/// 3 m/s, a 60 s pause after 10 minutes, two laps with stated totals, heart rate and power).
@Suite struct WorkoutAnalysisTests {
    static func converted() throws -> ConvertedActivity {
        try ActivityConverter().convert(ActivityConverterTests.run(), fileIdentifier: "file-hash")
    }

    @Test func routeAndSamplesGiveTimesSplitsLapsAndPauses() throws {
        let converted = try Self.converted()
        let series = try Self.series(of: converted)
        let analysis = WorkoutAnalysis(workout: converted.workout, routes: [converted.route].compactMap { $0 }, series: series)

        #expect(analysis.distance == 3597, "the file's lap distances win")
        #expect(analysis.elapsedTime == 1260)
        #expect(analysis.duration == 1200)
        let moving = try #require(analysis.movingTime)
        #expect(moving > 1150 && moving <= 1200, "\(moving)")
        #expect(abs((analysis.averageSpeed ?? 0) - 3597 / moving) < 1e-9)
        #expect(analysis.pauses.count == 1)
        #expect(analysis.pauses.first?.duration == 60)
        #expect(analysis.pauses.first?.isAutomatic == false)
        #expect(analysis.heartRate?.count == 1200)
        #expect(analysis.heartRate?.maximum == 159)
        #expect(analysis.power?.average == 250)
        #expect(analysis.cadence == nil, "HealthKit has no running cadence type")
        #expect(analysis.kilometerSplits.count == 4, "3.6 km along the route: three whole kilometres and a partial one")
        #expect(analysis.kilometerSplits.last?.isPartial == true)
        #expect(analysis.mileSplits.count == 3)
        #expect(analysis.laps.map(\.distance) == [1797, 1800], "stated lap distances")
        #expect(analysis.laps.map(\.timerTime) == [600, 600])
        #expect(analysis.laps.allSatisfy { $0.averageHeartRate != nil })
    }

    @Test func samplesInAPauseAndAWorkoutWithoutRouteOrLaps() throws {
        let start = Date(timeIntervalSince1970: 1_795_158_000)
        let workout = Workout(activityType: .cycling, start: start, end: start.addingTimeInterval(600), duration: 480,
                              events: [WorkoutEvent(type: .motionPaused, start: start.addingTimeInterval(100)),
                                       WorkoutEvent(type: .pause, start: start.addingTimeInterval(150)),
                                       WorkoutEvent(type: .resume, start: start.addingTimeInterval(200)),
                                       WorkoutEvent(type: .pause, start: start.addingTimeInterval(530))],
                              totalDistance: Quantity(value: 4, unit: .kilometer))
        let rates = (0..<60).map { TimedQuantity(start: start.addingTimeInterval(Double($0) * 10), end: start.addingTimeInterval(Double($0) * 10),
                                                 value: (100..<200).contains($0 * 10) ? 190 : 120) }
        let analysis = WorkoutAnalysis(workout: workout, routes: [], series: WorkoutSeries(heartRate: rates))

        #expect(analysis.pauses.map(\.duration) == [100, 70], "pause inside an auto-pause joins it; an open pause lasts to the end")
        #expect(analysis.pauses.map(\.isAutomatic) == [true, false])
        #expect(analysis.heartRate?.maximum == 120, "readings while the timer stood are not counted")
        #expect(analysis.movingTime == nil && analysis.kilometerSplits.isEmpty && analysis.elevationGain == nil)
        #expect(abs((analysis.averageSpeed ?? 0) - 4000 / 480) < 1e-9, "over the timer without a route")
        #expect(analysis.laps.count == 1)
        #expect(analysis.laps.first?.distance == 4000 && analysis.laps.first?.timerTime == 480)
    }

    @Test func seriesReadFromTheStoreInCanonicalUnits() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try HealthStore(path: directory.path("health.sqlite"))
        let converted = try Self.converted()
        try await store.save(converted.objects)
        let series = try await WorkoutSeries(store: store, workout: converted.workout)
        #expect(series.heartRate == (try Self.series(of: converted)).heartRate)
        #expect(series.power.count == 1200 && series.cadence.isEmpty)
    }

    /// The converted samples as series, without a store.
    static func series(of converted: ConvertedActivity) throws -> WorkoutSeries {
        func values(_ type: QuantityTypeIdentifier) throws -> [TimedQuantity] {
            try converted.samples.filter { $0.type == type }.map {
                TimedQuantity(start: $0.startDate, end: $0.endDate, value: try $0.quantity.doubleValue(for: type.canonicalUnit))
            }
        }
        return WorkoutSeries(heartRate: try values(.heartRate), power: try values(.runningPower))
    }
}
