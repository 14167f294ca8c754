import Foundation
import PaceModel
import PaceTrack
import Testing

/// Bad input: nothing may crash, and no output may be NaN or infinite.
@Suite struct FilterRobustnessTests {
    let track = SyntheticTrack()

    /// Runs both the live filter and the smoother and checks every output.
    @discardableResult
    func run(_ fixes: [Fix], activity: WorkoutActivityType = .running) -> (live: [TrackPoint], filter: TrackFilter, smoothed: SmoothedTrack) {
        let live = SyntheticTrack.live(fixes, .forActivity(activity))
        let smoothed = TrackSmoother.smooth(fixes, configuration: .forActivity(activity))
        #expect(live.points.allSatisfy { $0.isFiniteEverywhere })
        #expect(smoothed.points.allSatisfy { $0.isFiniteEverywhere })
        #expect(live.filter.distance.isFinite && live.filter.distanceVariance.isFinite)
        #expect(smoothed.distance.isFinite && smoothed.distanceVariance.isFinite)
        #expect(zip(live.points, live.points.dropFirst()).allSatisfy { $0.time < $1.time })
        #expect(live.points.allSatisfy { abs($0.latitude) <= 90 && abs($0.longitude) <= 180 })
        #expect(smoothed.points.allSatisfy { abs($0.latitude) <= 90 && abs($0.longitude) <= 180 })
        return (live.points, live.filter, smoothed)
    }

    @Test func emptyTrack() {
        let result = run([])
        #expect(result.live.isEmpty)
        #expect(result.smoothed.points.isEmpty)
        #expect(result.smoothed.distance == 0)
    }

    @Test func oneFix() {
        let fix = Fix(time: 1_700_000_000, latitude: 48, longitude: 11, horizontalAccuracy: 5, speed: 1, course: 90)
        let result = run([fix])
        #expect(result.live.count == 1)
        #expect(result.smoothed.points.count == 1)
        #expect(result.filter.distance == 0)
        #expect(abs(result.live[0].latitude - 48) < 1e-9 && abs(result.live[0].longitude - 11) < 1e-9)
    }

    @Test func everyFixRejected() {
        let fixes = (0..<50).map { Fix(time: 1_700_000_000 + Double($0), latitude: 48, longitude: 11, horizontalAccuracy: -1) }
        let result = run(fixes)
        #expect(result.live.isEmpty)
        #expect(result.smoothed.points.isEmpty)
        #expect(result.filter.rejections == [.invalidAccuracy: 50])
    }

    @Test func timeGoingBackwards() {
        let samples = SyntheticTrack.straight(seconds: 120, speed: 3)
        var fixes = track.fixes(samples, noise: .mild, seed: 1)
        fixes.swapAt(40, 41)
        fixes.insert(fixes[10], at: 60)
        fixes.insert(Fix(time: 0, latitude: 48.137, longitude: 11.575, horizontalAccuracy: 5), at: 80)
        let result = run(fixes)
        #expect(result.filter.rejections[.outOfOrder] == 3)
        #expect(abs(result.filter.distance - 360) < 10)
    }

    @Test func gapsOfHours() {
        let first = SyntheticTrack.straight(seconds: 100, speed: 3)
        let second = SyntheticTrack.straight(seconds: 100, speed: 3).map {
            SyntheticTrack.Sample(t: $0.t + 3 * 3_600, east: $0.east + 1_000, north: $0.north, velocityEast: $0.velocityEast,
                                  velocityNorth: $0.velocityNorth)
        }
        let result = run(track.fixes(first + second, noise: .mild, seed: 2))
        #expect(result.live.count == 202)
        // 300 m + 300 m, plus at most the straight line across the gap.
        #expect(result.filter.distance > 590 && result.filter.distance < 600 + 1_100)
        #expect(result.smoothed.distance > 590 && result.smoothed.distance < 600 + 1_100)
    }

    @Test func notANumberAndInfinityInAnyField() {
        let samples = SyntheticTrack.straight(seconds: 60, speed: 3)
        var fixes = track.fixes(samples, noise: .mild, seed: 3)
        fixes[5].speed = .nan
        fixes[6].course = .infinity
        fixes[7].altitude = .nan
        fixes[8].horizontalAccuracy = .infinity
        fixes[9].latitude = .nan
        fixes[10].time = .infinity
        fixes[11].speed = .infinity
        fixes[12].verticalAccuracy = .nan
        fixes[13].speedAccuracy = .nan
        fixes[14].course = -.infinity
        fixes[15].altitude = .infinity
        let result = run(fixes)
        #expect(result.filter.rejections[.invalidValue] == 4)
        #expect(abs(result.filter.distance - 180) < 10)
    }

    @Test func acrossTheAntimeridian() {
        var crossing = SyntheticTrack()
        crossing.plane = LocalTangentPlane(latitude: -16.5, longitude: 179.999)
        let samples = SyntheticTrack.straight(seconds: 300, speed: 4, heading: 90)
        let fixes = crossing.fixes(samples, noise: .mild, seed: 4)
        #expect(fixes.contains { $0.longitude < 0 } && fixes.contains { $0.longitude > 0 })
        let result = run(fixes)
        #expect(abs(result.filter.distance - 1_200) < 12)
        #expect(abs(result.smoothed.distance - 1_200) < 12)
        #expect(result.live.dropFirst(5).allSatisfy { crossing.error($0, samples) < 8 })
    }

    @Test func overTheNorthPole() {
        var polar = SyntheticTrack()
        polar.plane = LocalTangentPlane(latitude: 89.9997, longitude: 0)
        // 240 s at 2 m/s straight across the pole (which is 33 m north of the start).
        let samples = SyntheticTrack.straight(seconds: 240, speed: 2, heading: 0)
        let result = run(polar.fixes(samples, noise: .mild, seed: 5), activity: .walking)
        #expect(abs(result.filter.distance - 480) < 15)
        #expect(abs(result.smoothed.distance - 480) < 15)
        #expect(result.live.dropFirst(5).allSatisfy { polar.error($0, samples) < 8 })
    }

    @Test func atTheSouthPoleStandingStill() {
        let fixes = (0..<60).map {
            Fix(time: 1_700_000_000 + Double($0), latitude: -90, longitude: Double($0 * 7 % 360) - 180, horizontalAccuracy: 4,
                speed: 0.05, course: -1)
        }
        let result = run(fixes, activity: .walking)
        #expect(result.live.count == 60)
        #expect(result.filter.distance < 1)
    }

    @Test func accuraciesOfZero() {
        let samples = SyntheticTrack.straight(seconds: 300, speed: 3)
        var noise = SyntheticTrack.Noise.mild
        noise.reportedAccuracy = 0
        let result = run(track.fixes(samples, noise: noise, seed: 6))
        #expect(result.live.count == 301)
        #expect(abs(result.filter.distance - 900) < 18)
        #expect(abs(result.smoothed.distance - 900) < 18)
    }
}
