import Foundation
import PaceModel
import PaceTrack
import Testing

/// A hiker at 0.7 m/s under very heavy Doppler noise (0.9 m/s per axis, as under trees or beside
/// cliffs): each Doppler speed alone looks like standing-still noise, their directions do not.
/// Judged by speeds alone, these tracks lost 44 and 106 of 900 seconds to false stops.
@Suite struct SlowWalkStillnessTests {
    static let noise = SyntheticTrack.Noise(correlated: 7, correlationTime: 30, white: 2, reportedAccuracy: 15, doppler: 0.9)

    @Test(arguments: [UInt64(1), 3])
    func aSteadyHikeIsNotTakenForStops(seed: UInt64) {
        let samples = SyntheticTrack.straight(seconds: 900, speed: 0.7, heading: 40)
        let fixes = SyntheticTrack().fixes(samples, noise: Self.noise, seed: seed)
        let smoothed = TrackSmoother.smooth(fixes, configuration: .forActivity(.hiking))
        let stopped = smoothed.points.filter(\.isStationary).count
        #expect(Double(stopped) < 0.01 * Double(smoothed.points.count),
                "\(stopped) of \(smoothed.points.count) fixes judged still on a steady 0.7 m/s hike")
        #expect(abs(smoothed.distance - 630) < 0.08 * 630, "distance \(smoothed.distance) m, truth 630 m")
    }
}
