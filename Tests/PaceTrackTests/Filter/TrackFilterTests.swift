import Foundation
import PaceModel
import PaceTrack
import Testing

@Suite struct TrackFilterTests {
    let track = SyntheticTrack()

    static func rootMeanSquare(_ values: [Double]) -> Double {
        (values.map { $0 * $0 }.reduce(0, +) / Double(max(values.count, 1))).squareRoot()
    }

    /// Given a run with one fix displaced by 60 m (its reported accuracy hiding it),
    /// the estimates move less than a few metres compared with the clean run.
    func displacement(by jump: Double, configuration: TrackFilterConfiguration) -> (moved: Double, clean: TrackFilter, jumped: TrackFilter) {
        let samples = SyntheticTrack.straight(seconds: 300, speed: 3)
        let fixes = track.fixes(samples, noise: .mild, seed: 7)
        var bad = fixes
        let g = track.plane.project(latitude: bad[150].latitude, longitude: bad[150].longitude)
        let moved = track.plane.unproject(east: g.east + jump, north: g.north)
        bad[150].latitude = moved.latitude
        bad[150].longitude = moved.longitude
        let clean = SyntheticTrack.live(fixes, configuration), jumped = SyntheticTrack.live(bad, configuration)
        var largest = 0.0
        for p in jumped.points {
            guard let q = clean.points.first(where: { $0.time == p.time }) else { continue }
            largest = max(largest, ((p.east - q.east) * (p.east - q.east) + (p.north - q.north) * (p.north - q.north)).squareRoot())
        }
        return (largest, clean.filter, jumped.filter)
    }

    @Test func aSixtyMetreJumpMovesTheEstimateLessThanThreeMetres() {
        let result = displacement(by: 60, configuration: .forActivity(.running))
        #expect(result.moved < 3)
        let caught = result.jumped.rejections[.implausibleJump, default: 0] + result.jumped.innovationRejections
            - result.clean.rejections[.implausibleJump, default: 0] - result.clean.innovationRejections
        #expect(caught == 1)
    }

    @Test func theInnovationTestAloneCatchesTheJump() {
        // With the gate's jump test disabled, the χ² innovation test must catch it.
        var configuration = TrackFilterConfiguration.forActivity(.running)
        configuration.gate.maxSpeed = 1e6
        configuration.gate.maxAcceleration = 1e6
        let result = displacement(by: 60, configuration: configuration)
        #expect(result.moved < 3)
        #expect(result.jumped.innovationRejections - result.clean.innovationRejections == 1)
        #expect(result.jumped.rejections[.implausibleJump] == nil)
    }

    @Test func speedFollowsTheDopplerWhenThereIsOne() {
        let samples = SyntheticTrack.straight(seconds: 400, speed: 4)
        var noise = SyntheticTrack.Noise.noisy
        noise.doppler = 0.05
        let points = SyntheticTrack.live(track.fixes(samples, noise: noise, seed: 3), .forActivity(.running)).points
        let errors = points.filter { $0.time > track.start + 20 }.map { $0.speed - 4 }
        #expect(Self.rootMeanSquare(errors) < 0.1)
    }

    @Test func speedComesFromTheCoordinatesWithoutDoppler() {
        let samples = SyntheticTrack.straight(seconds: 400, speed: 4)
        var noise = SyntheticTrack.Noise.noisy
        noise.hasDoppler = false
        let points = SyntheticTrack.live(track.fixes(samples, noise: noise, seed: 3), .forActivity(.running)).points
        let speeds = points.filter { $0.time > track.start + 20 }.map(\.speed)
        let mean = speeds.reduce(0, +) / Double(speeds.count)
        #expect(abs(mean - 4) < 0.4)
        #expect(Self.rootMeanSquare(speeds.map { $0 - 4 }) < 1)
        #expect(points.allSatisfy { $0.velocityEast.isFinite && $0.speed >= 0 })
    }

    @Test func dopplerMakesTheSpeedBetterThanCoordinatesAlone() {
        let samples = SyntheticTrack.straight(seconds: 400, speed: 4)
        var without = SyntheticTrack.Noise.noisy
        without.hasDoppler = false
        let withDoppler = SyntheticTrack.live(track.fixes(samples, noise: .noisy, seed: 11), .forActivity(.running)).points
        let withoutDoppler = SyntheticTrack.live(track.fixes(samples, noise: without, seed: 11), .forActivity(.running)).points
        let a = Self.rootMeanSquare(withDoppler.dropFirst(20).map { $0.speed - 4 })
        let b = Self.rootMeanSquare(withoutDoppler.dropFirst(20).map { $0.speed - 4 })
        #expect(a < b / 2)
    }

    @Test func distanceOfAStraightRunIsWithinHalfAPercent() {
        let samples = SyntheticTrack.straight(seconds: 600, speed: 3.5)
        let run = SyntheticTrack.live(track.fixes(samples, noise: .mild, seed: 5), .forActivity(.running))
        let truth = 3.5 * 600
        #expect(abs(run.filter.distance - truth) / truth < 0.005)
        #expect(abs(run.points.map(\.distanceIncrement).reduce(0, +) - run.filter.distance) < 1e-6)
        #expect(run.filter.distanceVariance > 0)
        #expect(run.points.allSatisfy { $0.distanceVariance >= 0 && $0.positionVariance > 0 })
    }

    @Test func aLongRideMovesThePlaneWithoutAJump() {
        // 25 km east at 10 m/s: beyond the 20 km re-anchoring distance.
        let samples = SyntheticTrack.straight(seconds: 2_500, speed: 10, heading: 90)
        let run = SyntheticTrack.live(track.fixes(samples, noise: .mild, seed: 9), .forActivity(.cycling))
        #expect(abs(run.filter.distance - 25_000) / 25_000 < 0.005)
        let worst = run.points.dropFirst(5).map { track.error($0, samples) }.max() ?? .infinity
        #expect(worst < 12)
        let steps = zip(run.points, run.points.dropFirst()).map { $1.distanceIncrement }
        #expect(steps.allSatisfy { $0 < 15 })
    }

    @Test func altitudeIsFilteredWhenFixesHaveIt() {
        let samples = SyntheticTrack.straight(seconds: 120, speed: 3)
        let points = SyntheticTrack.live(track.fixes(samples, noise: .mild, seed: 2), .forActivity(.running)).points
        #expect(points.allSatisfy { abs($0.altitude - 500) < 20 })
    }
}
