import Foundation
import PaceModel
@testable import PaceTrack
import Testing

@Suite struct StillnessTests {
    let track = SyntheticTrack()
    /// 120 s standing (fixes jittering, Doppler speeds of pure noise), then off at 1.5 m/s² to 3 m/s.
    let samples = SyntheticTrack.stopThenGo(still: 120, moving: 60, speed: 3, acceleration: 1.5)

    func distanceWhileStill(_ points: [TrackPoint]) -> Double {
        points.filter { $0.time <= track.start + 120 }.map(\.distanceIncrement).reduce(0, +)
    }

    @Test(arguments: [(SyntheticTrack.Noise.mild, UInt64(1)), (.mild, 2), (.noisy, 3), (.noisy, 4), (.noisy, 7), (.noisy, 8)])
    func standingStillAddsLessThanAMetre(noise: SyntheticTrack.Noise, seed: UInt64) {
        let fixes = track.fixes(samples, noise: noise, seed: seed)
        let live = SyntheticTrack.live(fixes, .forActivity(.running)).points
        let smoothed = TrackSmoother.smooth(fixes, configuration: .forActivity(.running)).points
        #expect(distanceWhileStill(live) < 1)
        #expect(distanceWhileStill(smoothed) < 1)
        #expect(live.filter { $0.time > track.start + 10 && $0.time <= track.start + 120 }.allSatisfy { $0.speed == 0 })
    }

    @Test(arguments: [(SyntheticTrack.Noise.mild, UInt64(5)), (.noisy, 6)])
    func leavingStillnessResumesWithinTwoSeconds(noise: SyntheticTrack.Noise, seed: UInt64) throws {
        // Motion starts at t = 120; by t = 122 the athlete has covered 3 m at 3 m/s.
        let live = SyntheticTrack.live(track.fixes(samples, noise: noise, seed: seed), .forActivity(.running)).points
        let resumed = try #require(live.first { $0.time > track.start + 120 && !$0.isStationary })
        #expect(resumed.time <= track.start + 122)
        #expect(live.filter { $0.time >= track.start + 125 }.allSatisfy { !$0.isStationary && $0.speed > 1 })
        let moving = live.filter { $0.time > track.start + 120 }.map(\.distanceIncrement).reduce(0, +)
        let truth = samples.last!.east
        #expect(abs(moving - truth) < 0.03 * truth)
    }

    @Test func decisionsHaveHysteresis() {
        var detector = StillnessDetector(configuration: .forActivity(.running))
        func move(to probability: Double) {
            let target = log(probability / (1 - probability))
            detector.update(dt: 0, evidence: target - detector.logOdds)
        }
        move(to: 0.1)
        #expect(!detector.isStill)
        move(to: 0.55)        // more likely still, but not enough to enter
        #expect(!detector.isStill)
        move(to: 0.65)
        #expect(detector.isStill)
        move(to: 0.45)        // more likely moving, but not enough to leave
        #expect(detector.isStill)
        move(to: 0.5)
        #expect(detector.isStill)
        move(to: 0.35)
        #expect(!detector.isStill)
    }

    @Test func evidenceFavoursStillForNoiseAndMovingForSpeed() {
        // Noise σ = 0.1 m/s per axis; the test's alternative is 1 m/s.
        let stillSpeeds = [0.05, 0.12, 0.2, 0.3]
        for s in stillSpeeds { #expect(StillnessDetector.evidence(speed: s, variance: 0.01, movingSpeed: 1) > 0) }
        for s in [0.8, 1.0, 3.0] { #expect(StillnessDetector.evidence(speed: s, variance: 0.01, movingSpeed: 1) < 0) }
        // The same 0.3 m/s says much less when the Doppler noise is 0.3 m/s.
        let quiet = StillnessDetector.evidence(speed: 0.3, variance: 0.01, movingSpeed: 1)
        let noisy = StillnessDetector.evidence(speed: 0.3, variance: 0.09, movingSpeed: 1)
        #expect(noisy > 0 && noisy < quiet / 5)
    }

    @Test func dopplerVectorsThatAgreeInDirectionAreEvidenceOfMotion() {
        // Noise σ = 0.6 m/s per axis, a walker at 0.8 m/s heading east, alternative 0.6 m/s: each
        // speed alone is as short as standing-still noise (Rayleigh mean 0.75 m/s).
        let variance = 0.36
        let walking = [Vector2(0.8, 0.1), Vector2(0.7, -0.2), Vector2(0.9, 0.3), Vector2(0.6, -0.1), Vector2(0.85, 0.0)]
        var heading = Vector2.zero
        var coherent = 0.0, speedsAlone = 0.0
        for v in walking {
            coherent += StillnessDetector.evidence(velocity: v, variance: variance, movingSpeed: 0.6, heading: &heading)
            speedsAlone += StillnessDetector.evidence(speed: v.length, variance: variance, movingSpeed: 0.6)
        }
        #expect(speedsAlone > -0.5, "the speeds alone barely tell walking from standing: \(speedsAlone)")
        #expect(coherent < speedsAlone - 1, "agreeing directions must favour moving: \(coherent) vs \(speedsAlone)")

        // The same speeds in scattered directions (standing still under that noise) are not evidence of motion.
        let scattered = [Vector2(0.8, 0.1), Vector2(-0.7, -0.2), Vector2(0.3, -0.85), Vector2(-0.1, 0.6), Vector2(0.0, -0.85)]
        heading = .zero
        var still = 0.0
        for v in scattered { still += StillnessDetector.evidence(velocity: v, variance: variance, movingSpeed: 0.6, heading: &heading) }
        #expect(still > coherent + 1)

        // A first vector, with nothing remembered, says what its speed says (up to the mixture's
        // normalisation, which is zero for a fresh heading).
        var empty = Vector2.zero
        let first = StillnessDetector.evidence(velocity: Vector2(0.5, 0.5), variance: variance, movingSpeed: 0.6, heading: &empty)
        #expect(abs(first - StillnessDetector.evidence(speed: Vector2(0.5, 0.5).length, variance: variance, movingSpeed: 0.6)) < 1e-9)

        // A runner's clear vector is strong evidence of motion even right after a U-turn: reversing
        // against a remembered heading costs at most −log(1 − ρ).
        var remembered = Vector2(-30, 0)
        let reversed = StillnessDetector.evidence(velocity: Vector2(3, 0), variance: 0.01, movingSpeed: 1, heading: &remembered)
        let plain = StillnessDetector.evidence(speed: 3, variance: 0.01, movingSpeed: 1)
        #expect(reversed < 0 && reversed <= plain - log(1 - StillnessDetector.headingPersistence) + 1e-9)
    }

    @Test func besselFunctionMatchesReferenceValues() {
        // I₀(x) from tables: I₀(1) = 1.2660659, I₀(3) = 4.8807926, I₀(10) = 2815.7166.
        #expect(abs(logBesselI0(1) - log(1.2660659)) < 1e-6)
        #expect(abs(logBesselI0(3) - log(4.8807926)) < 1e-6)
        #expect(abs(logBesselI0(10) - log(2815.7166)) < 1e-6)
        #expect(abs(logBesselI0(700) - (700 - 0.5 * log(2 * .pi * 700))) < 1e-3)
    }

    @Test func besselRatioMatchesReferenceValues() {
        // I₁/I₀ from tables: x = 1: 0.5651591 / 1.2660659; x = 3: 3.9533702 / 4.8807926; x = 10: 2670.9883 / 2815.7166.
        #expect(abs(besselRatioI1I0(1) - 0.5651591 / 1.2660659) < 1e-6)
        #expect(abs(besselRatioI1I0(3) - 3.9533702 / 4.8807926) < 1e-6)
        #expect(abs(besselRatioI1I0(10) - 2670.9883 / 2815.7166) < 1e-6)
        #expect(besselRatioI1I0(0) == 0 && besselRatioI1I0(.infinity) == 1)
        #expect(abs(besselRatioI1I0(1e6) - 1) < 1e-6)
    }
}
