import Foundation
import PaceAnalysis
import PaceModel
import PaceTrack
import Testing

/// A whole workout analysed: a synthetic 2.5 km run north at 3 m/s with heart rate and power each second.
@Suite struct WorkoutAnalysisTests {
    static let start = Date(timeIntervalSince1970: 1_780_000_000)
    /// Metres per degree of latitude near the equator (WGS-84 meridian arc).
    static let metersPerDegree = 110_574.0

    static func run(seconds: Int = 834) -> (Workout, WorkoutRoute, WorkoutSeries) {
        let end = start.addingTimeInterval(Double(seconds))
        let workout = Workout(activityType: .running, start: start, end: end)
        let locations = (0...seconds).map { second in
            RouteLocation(timestamp: start.addingTimeInterval(Double(second)), latitude: Double(second) * 3 / metersPerDegree,
                          longitude: 0, altitude: 10, speed: 3, course: 0, horizontalAccuracy: 5, verticalAccuracy: 3)
        }
        let route = WorkoutRoute(workoutID: workout.id, locations: locations)
        let heart = (0..<seconds).map { second in
            let date = start.addingTimeInterval(Double(second))
            return TimedQuantity(start: date, end: date, value: second < 300 ? 120 : 160)
        }
        let power = heart.map { TimedQuantity(start: $0.start, end: $0.end, value: 200) }
        return (workout, route, WorkoutSeries(heartRate: heart, power: power))
    }

    @Test func splitsEffortsZonesAndPower() throws {
        // Given the run
        let (workout, route, series) = Self.run()

        // When analysed with zones of a 200 bpm maximum
        let analysis = WorkoutAnalysis(workout: workout, routes: [route], series: series,
                                       options: WorkoutAnalysis.Options(zones: HeartRateZones(maximum: 200)))

        // Then: three kilometre splits (the last partial) of about 333 s
        let distance = try #require(analysis.distance)
        #expect(abs(distance - 2502) < 25, "\(distance)")
        #expect(analysis.kilometerSplits.count == 3)
        #expect(analysis.kilometerSplits.last?.isPartial == true)
        for split in analysis.kilometerSplits.dropLast() {
            #expect(abs(split.movingDuration - 1000.0 / 3) < 10, "\(split.movingDuration)")
        }
        #expect(analysis.mileSplits.count == 2)
        // best efforts up to the mile, at about 3 m/s
        #expect(analysis.bestEfforts.map(\.distance.name) == ["400m", "1km", "1mi"])
        for effort in analysis.bestEfforts {
            #expect(abs(effort.speed - 3) < 0.1, "\(effort.distance.name): \(effort.speed)")
        }
        // speeds
        #expect(abs((analysis.maximumSpeed ?? 0) - 3) < 0.2)
        #expect(analysis.maximumSpeedWindow == 5)
        #expect(abs((analysis.timerSpeed ?? 0) - distance / 834) < 1e-9)
        #expect(abs((analysis.movingSpeed ?? 0) - distance / (analysis.movingTime ?? 1)) < 1e-9)
        // zones: 120 bpm (60 %) is zone 2, 160 bpm (80 %) zone 4; the times add up to the heart rate's span
        let zones = try #require(analysis.heartRateZones)
        #expect(zones.seconds[2] == 300)
        #expect(zones.seconds[4] == 533)
        #expect(zones.total == 833)
        // steady power
        #expect(analysis.normalizedPower == 200)
        #expect(analysis.bestWindowPower == nil, "under 20 minutes of power")
        #expect(analysis.power?.average == 200)
    }

    @Test func noRouteNoEfforts() {
        let (workout, _, series) = Self.run(seconds: 60)
        let analysis = WorkoutAnalysis(workout: workout, routes: [], series: series)
        #expect(analysis.bestEfforts.isEmpty)
        #expect(analysis.maximumSpeed == nil)
        #expect(analysis.heartRateZones != nil)
    }
}
