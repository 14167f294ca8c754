import Foundation
import PaceModel
import PaceTestSupport
import PaceTrack
import Testing

@Suite struct TrackProcessorTests {
    /// A 1 Hz out-and-back-free straight run north at `speed` m/s with a stop in the middle,
    /// 2 m white position noise and 0.1 m/s Doppler noise (deterministic).
    static func straightRun(seconds: Int = 1200, speed: Double = 3.0, stop: Range<Int> = 600..<660, doppler: Bool = true) -> [Fix] {
        var random = PipelineRandom(seed: 7)
        let plane = LocalTangentPlane(latitude: 45, longitude: 7)
        var north = 0.0
        return (0..<seconds).map { second in
            let moving = !stop.contains(second)
            if second > 0 && moving { north += speed }
            let position = plane.unproject(east: random.gaussian() * 2, north: north + random.gaussian() * 2)
            return Fix(time: 1_795_158_000 + Double(second), latitude: position.latitude, longitude: position.longitude,
                       altitude: 300 + random.gaussian() * 3, horizontalAccuracy: 3, verticalAccuracy: 5,
                       speed: doppler ? max(0, (moving ? speed : 0) + random.gaussian() * 0.1) : -1,
                       course: doppler ? 0 : -1)
        }
    }

    @Test(arguments: [false, true])
    func straightRunGivesDistanceMovingTimeAndSplits(smoothed: Bool) {
        let fixes = Self.straightRun()
        let trueDistance = 3.0 * Double(1200 - 60 - 1)

        let track = TrackProcessor.process(fixes, configuration: .forActivity(.running), smoothed: smoothed)
        let summary = track.summary

        #expect(abs(summary.distance - trueDistance) / trueDistance < 0.01, "distance \(summary.distance)")
        #expect(abs(summary.movingTime - 1140) < 10, "moving \(summary.movingTime)")
        #expect(summary.elapsedTime == 1199)
        #expect(summary.kilometerSplits.count == 4)
        #expect(summary.kilometerSplits.prefix(3).allSatisfy { abs(($0.pace ?? 0) - 1000 / 3.0) < 5 })
        #expect(summary.maximumSpeed < 3.5)
        #expect(summary.distanceUncertainty > 0 && summary.distanceUncertainty < 0.01 * trueDistance)
        #expect(track.points.count == track.distances.count)
        #expect(track.distances == track.distances.sorted())
        #expect(abs((track.distances.last ?? 0) - summary.distance) < 1e-6)
    }

    @Test func stoppedStretchAddsNoDistance() {
        let track = TrackProcessor.process(Self.straightRun(), configuration: .forActivity(.running), smoothed: false)
        let times = track.points.map(\.time)
        guard let start = times.firstIndex(of: 1_795_158_000 + 610), let end = times.firstIndex(of: 1_795_158_000 + 655) else {
            Issue.record("stop not found")
            return
        }
        #expect(track.distances[end] - track.distances[start] < 1)
    }

    @Test func liveProcessorMatchesTheBatchLiveMode() {
        let fixes = Self.straightRun(seconds: 300)
        var live = LiveTrackProcessor(configuration: .forActivity(.running))
        for fix in fixes { _ = live.process(fix) }
        let summary = live.finish()

        #expect(summary == TrackProcessor.process(fixes, configuration: .forActivity(.running), smoothed: false).summary)
    }

    @Test(arguments: [false, true])
    func emptyAndSingleFixTracksAreQuiet(smoothed: Bool) {
        let empty = TrackProcessor.process([], configuration: .forActivity(.walking), smoothed: smoothed).summary
        #expect(empty.distance == 0)
        #expect(empty.movingTime == 0)
        #expect(empty.averageSpeed == nil)
        #expect(empty.kilometerSplits.isEmpty)

        let one = TrackProcessor.process(Array(Self.straightRun(seconds: 1)), configuration: .forActivity(.walking), smoothed: smoothed).summary
        #expect(one.distance == 0)
        #expect(one.fixCount == 1)
        #expect(one.averagePacePerKilometer == nil)
    }

    @Test(arguments: [false, true])
    func badInputNeverProducesNaN(smoothed: Bool) {
        var fixes = Self.straightRun(seconds: 400)
        fixes[10].latitude = .nan
        fixes[20].longitude = .infinity
        fixes[30].horizontalAccuracy = -1
        fixes[40].time = fixes[5].time
        fixes[50].latitude = 123
        fixes[60].speed = .nan
        fixes[70].altitude = .infinity
        for index in 200..<400 { fixes[index].time += 4 * 3600 }

        let track = TrackProcessor.process(fixes, configuration: .forActivity(.running), smoothed: smoothed)

        let numbers = track.points.flatMap { [$0.latitude, $0.longitude, $0.speed, $0.distanceIncrement, $0.east, $0.north] }
            + track.distances
        #expect(numbers.allSatisfy { $0.isFinite })
        let summary = track.summary
        #expect([summary.distance, summary.distanceUncertainty, summary.movingTime, summary.elapsedTime, summary.maximumSpeed].allSatisfy { $0.isFinite })
        #expect(summary.rejections.values.reduce(0, +) >= 4)
        #expect(summary.movingTime < 500, "a four-hour gap is not moving time")
    }

    @Test func allFixesRejectedGivesAnEmptySummaryWithReasons() {
        let fixes = Self.straightRun(seconds: 50).map { fix -> Fix in
            var bad = fix
            bad.horizontalAccuracy = 150
            bad.speed = -1
            return bad
        }

        let summary = TrackProcessor.process(fixes, configuration: .forActivity(.running), smoothed: true).summary

        #expect(summary.distance == 0)
        #expect(summary.rejections[.inaccurate] == 50)
    }

    @Test func configurationComposesThePresets() {
        let hiking = TrackConfiguration.forActivity(.hiking)
        #expect(hiking.autoPause == .forActivity(.hiking))
        #expect(hiking.elevation == .forActivity(.hiking))
        #expect(hiking.filter == .forActivity(.hiking))
        #expect(TrackConfiguration.forActivity(.cycling).filter.gate.maxSpeed > hiking.filter.gate.maxSpeed)
    }
}

/// The pipeline tests' seeded random source.
typealias PipelineRandom = SeededRandom
