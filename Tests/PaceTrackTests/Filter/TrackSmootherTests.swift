import Foundation
import PaceModel
import PaceTestSupport
import PaceTrack
import Testing

@Suite struct TrackSmootherTests {
    let track = SyntheticTrack()

    @Test(arguments: [UInt64(21), 22, 23])
    func smootherBeatsTheLiveFilterOnANoisyStraightLine(seed: UInt64) {
        let samples = SyntheticTrack.straight(seconds: 600, speed: 3)
        let fixes = track.fixes(samples, noise: .noisy, seed: seed)
        let live = SyntheticTrack.live(fixes, .forActivity(.running))
        let smoothed = TrackSmoother.smooth(fixes, configuration: .forActivity(.running))
        func positionError(_ points: [TrackPoint]) -> Double {
            TrackFilterTests.rootMeanSquare(points.map { track.error($0, samples) })
        }
        func speedError(_ points: [TrackPoint]) -> Double {
            TrackFilterTests.rootMeanSquare(points.map { $0.speed - 3 })
        }
        #expect(positionError(smoothed.points) < positionError(live.points))
        #expect(speedError(smoothed.points) < speedError(live.points))
        #expect(abs(smoothed.distance - 1_800) / 1_800 < 0.01)
        #expect(smoothed.points.count == live.points.count)
    }

    @Test func totalsAreTheSumsOfThePoints() {
        let samples = SyntheticTrack.straight(seconds: 300, speed: 2)
        let smoothed = TrackSmoother.smooth(track.fixes(samples, noise: .mild, seed: 4), activity: .walking)
        #expect(isApproximatelyEqual(smoothed.distance, smoothed.points.map(\.distanceIncrement).reduce(0, +), relative: 1e-12))
        #expect(isApproximatelyEqual(smoothed.distanceVariance, smoothed.points.map(\.distanceVariance).reduce(0, +), relative: 1e-12))
        #expect(smoothed.points.first?.distanceIncrement == 0)
        #expect(zip(smoothed.points, smoothed.points.dropFirst()).allSatisfy { $0.time < $1.time })
    }

    @Test func smoothingCountsRejectionsLikeTheLiveFilter() {
        let samples = SyntheticTrack.straight(seconds: 100, speed: 3)
        var fixes = track.fixes(samples, noise: .mild, seed: 8)
        fixes[10].horizontalAccuracy = -1
        fixes[20].horizontalAccuracy = 80
        fixes.insert(fixes[30], at: 31)
        let live = SyntheticTrack.live(fixes, .forActivity(.running)).filter
        let smoothed = TrackSmoother.smooth(fixes, configuration: .forActivity(.running))
        #expect(smoothed.rejections == live.rejections)
        #expect(smoothed.rejections == [.invalidAccuracy: 1, .inaccurate: 1, .duplicate: 1])
    }
}
