import PaceModel
import PaceSensors
import Testing

@Suite struct CSCRateCalculatorTests {
    let t0 = ContinuousClock.now

    private func at(_ seconds: Double) -> ContinuousClock.Instant {
        t0.advanced(by: .milliseconds(Int(seconds * 1000)))
    }

    private func wheel(_ revolutions: UInt32, _ ticks: UInt16, perSecond: Double = 1024) -> WheelRevolutionData {
        WheelRevolutionData(cumulativeRevolutions: revolutions, lastEventTime: ticks, ticksPerSecond: perSecond)
    }

    @Test func speedFromTwoWheelEvents() {
        var calculator = CSCRateCalculator(wheelCircumference: 2.105)
        #expect(calculator.speed(from: wheel(100, 1024), arrival: at(0)) == nil)  // baseline
        // 2 revolutions in 1024 ticks (1 s) → 2 × 2.105 m/s.
        #expect(calculator.speed(from: wheel(102, 2048), arrival: at(1)) == 4.21)
        // 3 revolutions in 1536 ticks (1.5 s) → 2 rev/s again.
        #expect(calculator.speed(from: wheel(105, 3584), arrival: at(2)) == 4.21)
    }

    @Test func wheelCounterAndEventTimeRollOver() {
        var calculator = CSCRateCalculator(wheelCircumference: 2.105)
        _ = calculator.speed(from: wheel(.max, 0xFC00), arrival: at(0))
        // 0xFFFFFFFF → 1 is 2 revolutions; 0xFC00 → 0x0000 is 1024 ticks.
        #expect(calculator.speed(from: wheel(1, 0x0000), arrival: at(1)) == 4.21)
    }

    @Test func crankCounterAndEventTimeRollOver() {
        var calculator = CSCRateCalculator(wheelCircumference: 2.105)
        #expect(calculator.cadence(from: CrankRevolutionData(cumulativeRevolutions: 0xFFFF, lastEventTime: 0xFF00), arrival: at(0)) == nil)
        // 0xFFFF → 0x0001 is 2 revolutions; 0xFF00 → 0x0300 is 1024 ticks (1 s) → 120 rpm.
        #expect(calculator.cadence(from: CrankRevolutionData(cumulativeRevolutions: 0x0001, lastEventTime: 0x0300), arrival: at(1)) == 120)
    }

    @Test func cyclingPowerWheelTimeIsIn2048ths() {
        var calculator = CSCRateCalculator(wheelCircumference: 2.0)
        _ = calculator.speed(from: wheel(10, 0, perSecond: 2048), arrival: at(0))
        // 3 revolutions in 4096 / 2048 = 2 s → 1.5 rev/s × 2 m.
        #expect(calculator.speed(from: wheel(13, 4096, perSecond: 2048), arrival: at(2)) == 3.0)
    }

    @Test func repeatsAreSilentThenReportAStop() {
        var calculator = CSCRateCalculator(wheelCircumference: 2.105)
        let a = CrankRevolutionData(cumulativeRevolutions: 10, lastEventTime: 1000)
        let b = CrankRevolutionData(cumulativeRevolutions: 11, lastEventTime: 1512)  // 0.5 s → 120 rpm
        _ = calculator.cadence(from: a, arrival: at(0))
        #expect(calculator.crankRate(b, arrival: at(0.5)) == .rate(2))
        #expect(calculator.crankRate(b, arrival: at(1.5)) == .noNewEvent)
        #expect(calculator.crankRate(b, arrival: at(3.4)) == .noNewEvent)
        #expect(calculator.cadence(from: b, arrival: at(3.6)) == 0)  // 3.1 s without an event: stopped
        // Pedalling again: the next event is measured from the last one.
        let c = CrankRevolutionData(cumulativeRevolutions: 12, lastEventTime: 1512 + 5120)  // 5 s later
        #expect(calculator.cadence(from: c, arrival: at(5.5)) == 12)
    }

    @Test func discontinuitiesRebaseline() {
        var calculator = CSCRateCalculator(wheelCircumference: 2.105)
        _ = calculator.wheelRate(wheel(100, 0), arrival: at(0))
        // 1000 revolutions in 1 s (2105 m/s): a counter reset, not a speed.
        guard case .discontinuity(let detail) = calculator.wheelRate(wheel(1100, 1024), arrival: at(1)) else {
            Issue.record("expected a discontinuity")
            return
        }
        #expect(detail.contains("implausible"))
        // Measured from the new baseline.
        #expect(calculator.wheelRate(wheel(1102, 2048), arrival: at(2)) == .rate(2))
        // Revolutions without a new event time.
        guard case .discontinuity = calculator.wheelRate(wheel(1105, 2048), arrival: at(3)) else {
            Issue.record("expected a discontinuity for revolutions with an unchanged time")
            return
        }
        // A gap longer than the 64 s event-time period cannot be unwrapped.
        guard case .discontinuity(let gap) = calculator.wheelRate(wheel(1200, 4096), arrival: at(70)) else {
            Issue.record("expected a discontinuity after a 67 s gap")
            return
        }
        #expect(gap.contains("rollover"))
        #expect(calculator.wheelRate(wheel(1201, 5120), arrival: at(71)) == .rate(1))
    }

    @Test func resetForgetsTheBaseline() {
        var calculator = CSCRateCalculator(wheelCircumference: 2.105)
        _ = calculator.wheelRate(wheel(1, 0), arrival: at(0))
        calculator.reset()
        #expect(calculator.wheelRate(wheel(3, 1024), arrival: at(1)) == .baseline)
    }
}
