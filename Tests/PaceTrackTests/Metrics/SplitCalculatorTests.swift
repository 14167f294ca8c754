import PaceTestSupport
import Testing
@testable import PaceTrack

@Suite struct SplitCalculatorTests {
    /// Feeds a constant-speed track sampled every `step` seconds, moving all the time.
    func run(unit: SplitUnit, speed: Double, step: Double, until end: Double, start: Double = 1_800_000_000) -> [Split] {
        var calculator = SplitCalculator(unit: unit)
        var splits: [Split] = []
        var elapsed = 0.0
        while elapsed <= end {
            if case .completed(let done) = calculator.update(time: start + elapsed, distance: speed * elapsed,
                                                            movingTime: elapsed) {
                splits += done
            }
            elapsed += step
        }
        if case .completed(let done) = calculator.finish() { splits += done }
        return splits
    }

    @Test func kilometreSplitsAtFourMetresPerSecondTake250Seconds() throws {
        // 10.5 km at 4 m/s, one update a second.
        let splits = run(unit: .kilometer, speed: 4, step: 1, until: 2_625)
        try #require(splits.count == 11)
        for (index, split) in splits.prefix(10).enumerated() {
            #expect(split.index == index)
            #expect(split.distance == 1_000)
            #expect(split.startTime == 1_800_000_000 + 250 * Double(index))
            #expect(split.endTime == 1_800_000_000 + 250 * Double(index + 1))
            #expect(split.elapsedDuration == 250)
            #expect(split.movingDuration == 250)
            #expect(split.pace == 250)
            #expect(!split.isPartial)
        }
        let last = splits[10]
        #expect(last.isPartial)
        #expect(last.distance == 500)
        #expect(last.elapsedDuration == 125)
        #expect(last.pace == 250)
        #expect(last.averageSpeed == 4)
    }

    @Test func crossingTimesAreInterpolatedBetweenSparseUpdates() throws {
        // One update every 7 s: no update falls on a kilometre, yet each split ends at 250 k s.
        let splits = run(unit: .kilometer, speed: 4, step: 7, until: 2_100)
        try #require(splits.count == 9)
        for (index, split) in splits.prefix(8).enumerated() {
            #expect(isApproximatelyEqual(split.endTime, 1_800_000_000 + 250 * Double(index + 1), absolute: 1e-6))
            #expect(isApproximatelyEqual(split.movingDuration, 250, absolute: 1e-6))
            #expect(isApproximatelyEqual(try #require(split.pace), 250, absolute: 1e-6))
        }
        #expect(splits[8].isPartial)
        #expect(isApproximatelyEqual(splits[8].distance, 4 * 2_100 - 8_000, absolute: 1e-6))
    }

    @Test func mileSplits() throws {
        // 4 m/s is 402.336 s per mile.
        let splits = run(unit: .mile, speed: 4, step: 1, until: 2_000)
        try #require(splits.count == 5)
        for (index, split) in splits.prefix(4).enumerated() {
            #expect(split.unit == .mile)
            #expect(split.distance == 1_609.344)
            #expect(isApproximatelyEqual(split.endTime - 1_800_000_000, 402.336 * Double(index + 1), absolute: 1e-6))
            #expect(isApproximatelyEqual(try #require(split.pace), 402.336, absolute: 1e-6))
        }
        #expect(Pace.formatted(seconds: try #require(splits[0].pace)) == "6:42")
        #expect(splits[4].isPartial)
    }

    @Test func pausesCountInElapsedButNotInMovingDurationOrPace() throws {
        var calculator = SplitCalculator(unit: .kilometer)
        var splits: [Split] = []
        var distance = 0.0, moving = 0.0
        for second in 0...400 {
            let paused = (100..<160).contains(second)   // a minute at a crossing
            if second > 0 && !paused { distance += 4; moving += 1 }
            if case .completed(let done) = calculator.update(time: Double(second), distance: distance, movingTime: moving) {
                splits += done
            }
        }
        try #require(splits.count == 1)
        #expect(splits[0].elapsedDuration == 310)
        #expect(splits[0].movingDuration == 250)
        #expect(splits[0].pace == 250)
    }

    @Test func oneUpdateCoveringSeveralUnitsEmitsThemAll() throws {
        var calculator = SplitCalculator(unit: .kilometer)
        #expect(calculator.update(time: 0, distance: 0, movingTime: 0) == .none)
        guard case .completed(let splits) = calculator.update(time: 1_000, distance: 2_500, movingTime: 1_000) else {
            Issue.record("expected splits")
            return
        }
        #expect(splits.map(\.index) == [0, 1])
        #expect(isApproximatelyEqual(splits[0].endTime, 400) && isApproximatelyEqual(splits[1].endTime, 800))
        #expect(calculator.currentIndex == 2)
    }

    @Test func finishEmitsThePartialOnceAndThenNothing() {
        var calculator = SplitCalculator(unit: .kilometer)
        _ = calculator.update(time: 0, distance: 0, movingTime: 0)
        _ = calculator.update(time: 1_000, distance: 1_000.5, movingTime: 1_000)
        #expect(calculator.finish() == .none)   // 0.5 m left: under the 1 m minimum
        #expect(calculator.finish() == .none)
        #expect(calculator.update(time: 2_000, distance: 3_000, movingTime: 2_000) == .none)
    }

    @Test func emptySingleAndInvalidInputs() {
        var empty = SplitCalculator(unit: .kilometer)
        #expect(empty.finish() == .none)

        var single = SplitCalculator(unit: .mile)
        _ = single.update(time: 5, distance: 0, movingTime: 0)
        #expect(single.finish() == .none)

        var calculator = SplitCalculator(unit: .kilometer)
        _ = calculator.update(time: 0, distance: 0, movingTime: 0)
        #expect(calculator.update(time: .nan, distance: 5_000, movingTime: 10) == .none)
        #expect(calculator.update(time: 10, distance: .nan, movingTime: .nan) == .none)
        #expect(calculator.update(time: 5, distance: 5_000, movingTime: 5) == .none)   // backwards in time
        #expect(calculator.update(time: 20, distance: -50, movingTime: 20) == .none)   // distance held
        guard case .completed(let splits) = calculator.update(time: 300, distance: 1_200, movingTime: 300) else {
            Issue.record("expected a split")
            return
        }
        #expect(splits.count == 1)
        #expect(splits.allSatisfy { $0.endTime.isFinite && $0.movingDuration.isFinite && $0.pace?.isFinite == true })
        // Hours-long gap without movement, then a little more distance.
        _ = calculator.update(time: 20_000, distance: 1_200, movingTime: 300)
        guard case .completed(let final) = calculator.finish() else {
            Issue.record("expected a partial split")
            return
        }
        #expect(isApproximatelyEqual(final[0].distance, 200, absolute: 1e-9))
        #expect(final[0].elapsedDuration.isFinite)
    }

    @Test func splitWithoutMovingTimeHasNoPace() {
        let split = Split(index: 0, unit: .kilometer, distance: 1_000, startTime: 0, endTime: 10,
                          elapsedDuration: 10, movingDuration: 0, isPartial: false)
        #expect(split.pace == nil)
        #expect(split.averageSpeed == nil)
    }
}
