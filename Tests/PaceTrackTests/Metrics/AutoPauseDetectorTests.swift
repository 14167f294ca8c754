import PaceModel
import PaceTestSupport
import Testing
@testable import PaceTrack

@Suite struct AutoPauseDetectorTests {
    /// Round numbers so every crossing is exact in binary: pause below 1 m/s for 3 s, resume above
    /// 2 m/s for 2 s.
    let configuration = AutoPauseConfiguration(pauseBelowSpeed: 1, resumeAboveSpeed: 2, pauseAfter: 3,
                                               resumeAfter: 2, gapDuration: 10)

    /// Feeds `speeds` at 1 Hz from `start`, returning the non-`.none` actions with the update time.
    func feed(_ detector: inout AutoPauseDetector, speeds: [Double], from start: Double) -> [(Double, AutoPauseAction)] {
        var actions: [(Double, AutoPauseAction)] = []
        for (offset, speed) in speeds.enumerated() {
            let time = start + Double(offset)
            let action = detector.update(time: time, speed: speed, isStationary: speed == 0)
            if action != .none { actions.append((time, action)) }
        }
        return actions
    }

    @Test func scriptedStopIsDatedToTheStartOfTheSlowSpellAndMovingTimeIsExact() {
        var detector = AutoPauseDetector(configuration: configuration)
        // 0…10 s at 4 m/s, 11…30 s stopped, 31…50 s at 4 m/s.
        let speeds = Array(repeating: 4.0, count: 11) + Array(repeating: 0.0, count: 20) + Array(repeating: 4.0, count: 20)
        let actions = feed(&detector, speeds: speeds, from: 1_000)
        #expect(actions.count == 2)
        // 4 → 0 m/s between 1010 and 1011 s crosses 1 m/s three quarters of the way: 1010.75 s,
        // detected at 1014 s, the first update 3 s later.
        #expect(actions.first?.0 == 1_014)
        #expect(actions.first?.1 == .pause(at: 1_010.75))
        // 0 → 4 m/s between 1030 and 1031 s crosses 2 m/s half way: 1030.5 s, detected at 1033 s.
        #expect(actions.last?.0 == 1_033)
        #expect(actions.last?.1 == .resume(at: 1_030.5))
        _ = detector.finish()
        #expect(detector.elapsedTime == 50)
        #expect(detector.movingTime == 10.75 + (1_050 - 1_030.5))
        #expect(detector.pausedTime == 1_030.5 - 1_010.75)
        #expect(!detector.isPaused)
    }

    @Test func settledMovingTimeNeverDecreasesWhileMovingTimeIsTheBestEstimate() {
        var detector = AutoPauseDetector(configuration: configuration)
        let speeds = Array(repeating: 4.0, count: 11) + Array(repeating: 0.0, count: 10)
        var settled: [Double] = []
        var estimates: [Double] = []
        for (offset, speed) in speeds.enumerated() {
            _ = detector.update(time: Double(offset), speed: speed, isStationary: false)
            settled.append(detector.settledMovingTime)
            estimates.append(detector.movingTime)
        }
        #expect(zip(settled, settled.dropFirst()).allSatisfy { $0 <= $1 })
        // At 12 s the slow spell (since 10.75 s) is undecided: counted as moving in the estimate only.
        #expect(settled[12] == 10.75)
        #expect(estimates[12] == 12)
        // Once paused, both agree.
        #expect(estimates[20] == 10.75)
        #expect(settled[20] == 10.75)
    }

    @Test func speedsInsideTheHysteresisBandNeverFlap() {
        var detector = AutoPauseDetector(configuration: configuration)
        var random = MetricsTestRandom(seed: 7)
        var actions = 0
        // Half an hour hovering between the pause (1 m/s) and resume (2 m/s) speeds: still moving.
        for second in 0..<1_800 {
            let speed = random.uniform(in: 1.01...1.99)
            if detector.update(time: Double(second), speed: speed, isStationary: false) != .none { actions += 1 }
        }
        #expect(actions == 0)
        #expect(detector.movingTime == 1_799)
        // Stop, then hover in the band again: paused once, and stays paused.
        for second in 1_800..<1_810 {
            if detector.update(time: Double(second), speed: 0, isStationary: true) != .none { actions += 1 }
        }
        for second in 1_810..<3_600 {
            let speed = random.uniform(in: 1.01...1.99)
            if detector.update(time: Double(second), speed: speed, isStationary: false) != .none { actions += 1 }
        }
        #expect(actions == 1)
        #expect(detector.isPaused)
    }

    @Test func briefDipsAndSpikesShorterThanTheirDelaysChangeNothing() {
        var detector = AutoPauseDetector(configuration: configuration)
        // Two-second dips (pauseAfter is 3 s) every ten seconds.
        var speeds: [Double] = []
        for second in 0..<600 { speeds.append(second % 10 < 2 ? 0.2 : 3) }
        #expect(feed(&detector, speeds: speeds, from: 0).isEmpty)
        #expect(detector.movingTime == 599)
        // Paused, one-second spikes (resumeAfter is 2 s) resume nothing.
        var paused = AutoPauseDetector(configuration: configuration)
        speeds = Array(repeating: 0, count: 10)
        for second in 0..<600 { speeds.append(second % 10 == 0 ? 5 : 0) }
        #expect(feed(&paused, speeds: speeds, from: 0).map(\.1) == [.pause(at: 0)])
        #expect(paused.movingTime == 0)
    }

    @Test func hoursLongGapWithoutDistanceIsNotMovingTime() {
        var detector = AutoPauseDetector(configuration: configuration)
        _ = feed(&detector, speeds: Array(repeating: 3, count: 11), from: 0)
        // Two hours later the athlete is running again: the gap itself was not moving.
        #expect(detector.update(time: 7_210, speed: 3, isStationary: false) == .pause(at: 10))
        #expect(detector.update(time: 7_211, speed: 3, isStationary: false) == .none)
        #expect(detector.update(time: 7_212, speed: 3, isStationary: false) == .resume(at: 7_210))
        _ = feed(&detector, speeds: Array(repeating: 3, count: 8), from: 7_213)
        _ = detector.finish()
        #expect(detector.movingTime == 10 + 10)
        #expect(detector.elapsedTime == 7_220)
        #expect(detector.movingTime.isFinite && detector.pausedTime.isFinite)
    }

    @Test func gapCoveredAtSpeedIsMovingTime() {
        var detector = AutoPauseDetector(configuration: configuration)
        _ = feed(&detector, speeds: Array(repeating: 3, count: 11), from: 0)
        // A minute in a tunnel without fixes, 180 m covered: 3 m/s on average.
        #expect(detector.update(time: 70, speed: 3, isStationary: false, distanceIncrement: 180) == .none)
        _ = detector.finish()
        #expect(detector.movingTime == 70)
    }

    @Test func resumeAfterZeroFollowingAGapIsConfirmedByFinish() {
        let immediate = AutoPauseConfiguration(pauseBelowSpeed: 1, resumeAboveSpeed: 2, pauseAfter: 3,
                                               resumeAfter: 0, gapDuration: 10)
        var detector = AutoPauseDetector(configuration: immediate)
        _ = detector.update(time: 0, speed: 3, isStationary: false)
        #expect(detector.update(time: 100, speed: 3, isStationary: false) == .pause(at: 0))
        #expect(detector.finish() == .resume(at: 100))
        #expect(detector.movingTime == 0)
    }

    @Test func stationaryFlagOverridesTheSpeed() {
        var detector = AutoPauseDetector(configuration: configuration)
        _ = detector.update(time: 0, speed: 3, isStationary: false)
        for second in 1...5 { _ = detector.update(time: Double(second), speed: 3, isStationary: true) }
        #expect(detector.isPaused)
    }

    @Test func invalidInputsAreHarmless() {
        var empty = AutoPauseDetector(configuration: configuration)
        #expect(empty.movingTime == 0 && empty.elapsedTime == 0 && empty.pausedTime == 0)
        #expect(empty.finish() == .none)

        var single = AutoPauseDetector(configuration: configuration)
        #expect(single.update(time: 5, speed: 3, isStationary: false) == .none)
        #expect(single.finish() == .none)
        #expect(single.movingTime == 0 && single.elapsedTime == 0)

        var detector = AutoPauseDetector(configuration: configuration)
        _ = detector.update(time: 0, speed: 3, isStationary: false)
        #expect(detector.update(time: .nan, speed: 3, isStationary: false) == .none)
        #expect(detector.update(time: .infinity, speed: 3, isStationary: false) == .none)
        #expect(detector.update(time: 1, speed: .nan, isStationary: false) == .none)
        #expect(detector.update(time: 2, speed: -1, isStationary: false) == .none)
        #expect(detector.update(time: 3, speed: .infinity, isStationary: false) == .none)
        #expect(detector.update(time: 2.5, speed: 0, isStationary: true) == .none)   // backwards
        #expect(detector.update(time: 3, speed: 3, isStationary: false) == .none)     // same time
        #expect(detector.update(time: 4, speed: 3, isStationary: false, distanceIncrement: .nan) == .none)
        #expect(detector.movingTime == 4)
        #expect(detector.elapsedTime == 4)
    }

    @Test func unknownSpeedsNeitherStartNorCancelASpell() {
        var detector = AutoPauseDetector(configuration: configuration)
        _ = detector.update(time: 0, speed: 3, isStationary: false)
        _ = detector.update(time: 1, speed: 0.5, isStationary: false)
        _ = detector.update(time: 2, speed: .nan, isStationary: false)
        _ = detector.update(time: 3, speed: .nan, isStationary: false)
        let action = detector.update(time: 4, speed: 0.5, isStationary: false)
        // 3 → 0.5 m/s crosses 1 m/s (3 − 1) / (3 − 0.5) = 0.8 of the way through the first second.
        #expect(action == .pause(at: 0.8))
    }

    @Test func disabledNeverPauses() {
        var detector = AutoPauseDetector(configuration: .disabled)
        for second in 0..<600 { _ = detector.update(time: Double(second), speed: 0, isStationary: true) }
        _ = detector.update(time: 10_000, speed: 0, isStationary: true)
        _ = detector.finish()
        #expect(!detector.isPaused)
        #expect(detector.movingTime == 10_000)
    }

    @Test func hikerAtWalkingPaceOnASteepClimbIsMoving() {
        var detector = AutoPauseDetector(configuration: .forActivity(.hiking))
        var random = MetricsTestRandom(seed: 3)
        for second in 0..<3_600 {
            let speed = 0.6 + 0.1 * random.gaussian()
            #expect(detector.update(time: Double(second), speed: speed, isStationary: false) == .none)
        }
        #expect(detector.movingTime == 3_599)
    }

    @Test func presetsAreSane() {
        for activity in WorkoutActivityType.allCases {
            let preset = AutoPauseConfiguration.forActivity(activity)
            #expect(preset.pauseBelowSpeed > 0 && preset.pauseBelowSpeed < preset.resumeAboveSpeed)
            #expect(preset.pauseAfter > 0 && preset.pauseAfter.isFinite)
            #expect(preset.resumeAfter > 0 && preset.resumeAfter.isFinite)
            #expect(preset.gapDuration >= preset.pauseAfter)
            // A brisk walk (1 m/s) always resumes; a cyclist at 1.5 m/s is riding.
            #expect(preset.resumeAboveSpeed <= (preset == .cycling ? 1.5 : 1.0))
        }
        #expect(AutoPauseConfiguration.forActivity(.running) == .running)
        #expect(AutoPauseConfiguration.forActivity(.walking) == .walking)
        #expect(AutoPauseConfiguration.forActivity(.hiking) == .hiking)
        #expect(AutoPauseConfiguration.forActivity(.cycling) == .cycling)
        #expect(AutoPauseConfiguration.forActivity(.downhillSkiing) == .alpine)
        #expect(AutoPauseConfiguration.forActivity(.swimming) == .water)
        #expect(AutoPauseConfiguration.forActivity(.yoga) == .general)
    }

    @Test func configurationIsSanitised() {
        let odd = AutoPauseConfiguration(pauseBelowSpeed: 2, resumeAboveSpeed: 1, pauseAfter: -3, resumeAfter: .nan)
        #expect(odd.resumeAboveSpeed == 2)
        #expect(odd.pauseAfter == 0)
        #expect(odd.resumeAfter == 0)
    }
}
