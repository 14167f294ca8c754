import PaceTestSupport
import Testing
@testable import PaceTrack

@Suite struct LapCalculatorTests {
    /// Runs at 4 m/s for `duration` s, paused (no distance, no moving time) during `pause`.
    func run(_ calculator: inout LapCalculator, duration: Int, pause: Range<Int> = 0..<0) -> [Lap] {
        var laps: [Lap] = []
        var distance = 0.0, moving = 0.0
        for second in 0...duration {
            if second > 0 && !pause.contains(second) { distance += 4; moving += 1 }
            if case .completed(let done) = calculator.update(time: Double(second), distance: distance, movingTime: moving) {
                laps += done
            }
        }
        if case .completed(let done) = calculator.finish() { laps += done }
        return laps
    }

    @Test func lapsByDistance() throws {
        var calculator = LapCalculator(trigger: .distance(400))
        let laps = run(&calculator, duration: 1_050)
        try #require(laps.count == 11)
        for (index, lap) in laps.prefix(10).enumerated() {
            #expect(lap.index == index)
            #expect(isApproximatelyEqual(lap.distance, 400))
            #expect(lap.endTime == 100 * Double(index + 1))
            #expect(lap.elapsedDuration == 100)
            #expect(lap.averageSpeed == 4)
            #expect(isApproximatelyEqual(try #require(lap.pace(per: .kilometer)), 250))
        }
        #expect(laps[10].isPartial)
        #expect(laps[10].distance == 200)
    }

    @Test func lapsByElapsedTimeIncludePauses() throws {
        var calculator = LapCalculator(trigger: .elapsedTime(60))
        let laps = run(&calculator, duration: 180, pause: 70..<100)
        try #require(laps.count == 3)
        #expect(laps.map(\.endTime) == [60, 120, 180])
        #expect(laps.map(\.distance) == [240, 120, 240])
        #expect(laps.map(\.movingDuration) == [60, 30, 60])
        #expect(!laps[2].isPartial)
    }

    @Test func lapsByMovingTimeStretchOverPauses() throws {
        var calculator = LapCalculator(trigger: .movingTime(60))
        let laps = run(&calculator, duration: 190, pause: 70..<100)
        try #require(laps.count == 3)
        #expect(laps[0].endTime == 60)
        #expect(laps[1].endTime == 150)
        #expect(laps[1].elapsedDuration == 90)
        #expect(laps[1].movingDuration == 60)
        #expect(laps[1].distance == 240)
        #expect(laps[2].isPartial)
        #expect(laps[2].movingDuration == 40)
    }

    @Test func manualLapRestartsTheAutomaticCount() throws {
        var calculator = LapCalculator(trigger: .distance(1_000))
        _ = calculator.update(time: 0, distance: 0, movingTime: 0)
        _ = calculator.update(time: 100, distance: 400, movingTime: 100)
        guard case .completed(let manual) = calculator.markLap() else {
            Issue.record("expected a manual lap")
            return
        }
        #expect(manual[0].distance == 400)
        #expect(manual[0].isPartial)
        #expect(calculator.markLap() == .none)   // nothing since
        // The next automatic lap ends 1000 m after the manual one.
        #expect(calculator.update(time: 300, distance: 1_300, movingTime: 300) == .none)
        guard case .completed(let automatic) = calculator.update(time: 400, distance: 1_500, movingTime: 400) else {
            Issue.record("expected an automatic lap")
            return
        }
        #expect(automatic[0].index == 1)
        #expect(automatic[0].distance == 1_000)
        #expect(automatic[0].endTime == 350)
    }

    @Test func triggerLengthIsClampedAndInvalidInputsAreHarmless() {
        #expect(LapCalculator(trigger: .distance(0)).trigger == .distance(1))
        #expect(LapCalculator(trigger: .elapsedTime(.nan)).trigger == .elapsedTime(1))
        #expect(LapCalculator(trigger: .movingTime(-5)).trigger == .movingTime(1))

        var empty = LapCalculator(trigger: .elapsedTime(60))
        #expect(empty.finish() == .none)
        #expect(empty.markLap() == .none)

        var calculator = LapCalculator(trigger: .elapsedTime(600))
        _ = calculator.update(time: 0, distance: 0, movingTime: 0)
        // An hours-long gap completes every lap it spans, each finite.
        guard case .completed(let laps) = calculator.update(time: 7_200, distance: .nan, movingTime: .nan) else {
            Issue.record("expected laps")
            return
        }
        #expect(laps.count == 12)
        #expect(laps.allSatisfy { $0.distance == 0 && $0.movingDuration == 0 && $0.averageSpeed == nil })
    }
}
