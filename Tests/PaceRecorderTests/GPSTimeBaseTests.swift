import Foundation
import PaceModel
import PaceRecorder
import Testing

/// Telling a live receiver on a machine with a wrong clock from a recorded log.
@Suite("GPS time base")
struct GPSTimeBaseTests {
    static let machine = Date(timeIntervalSince1970: 1_577_836_800)  // the stale clock: 2020-01-01

    static func fix(_ time: Date) -> SensorReading {
        SensorReading(time: time, value: .location(RouteLocation(timestamp: time, latitude: 46.0, longitude: 14.0, horizontalAccuracy: 5)))
    }

    @Test("fixes at a steady offset ahead of a clock they advance with are adopted, with every held fix")
    func adoptsLiveReceiver() {
        var timeBase = GPSTimeBase()
        let offset = 5 * 365 * 86_400.0
        var verdicts: [GPSTimeBase.Verdict] = []
        for second in 0..<5 {
            let arrival = Self.machine.addingTimeInterval(Double(second) + (second % 2 == 0 ? 0.3 : 0.05))  // delivery jitter
            verdicts.append(timeBase.observe(Self.fix(Self.machine.addingTimeInterval(offset + Double(second))), arrivedAt: arrival))
        }
        #expect(verdicts.prefix(4).allSatisfy { $0 == .held })
        guard case .adopt(let adopted, let fixes) = verdicts[4] else {
            Issue.record("five fixes over 4 s should be adopted: \(verdicts)")
            return
        }
        #expect(abs(adopted - offset) < 0.5)
        #expect(fixes.count == 5)
        #expect(timeBase.heldCount == 0)
    }

    @Test("a log read at once (times running faster than the clock) is never adopted")
    func rejectsFastLog() {
        var timeBase = GPSTimeBase()
        var rejected = 0
        for index in 0..<300 {
            let arrival = Self.machine.addingTimeInterval(Double(index) * 0.01)
            switch timeBase.observe(Self.fix(Self.machine.addingTimeInterval(86_400 + Double(index))), arrivedAt: arrival) {
            case .adopt: Issue.record("a log read 100× faster than real time was adopted at fix \(index)")
            case .rejected(let fixes): rejected += fixes.count
            case .held: break
            }
        }
        #expect(rejected + timeBase.drain().count == 300)
    }

    @Test("times that stand still are never adopted")
    func rejectsFrozenTimes() {
        var timeBase = GPSTimeBase()
        for index in 0..<20 {
            let verdict = timeBase.observe(Self.fix(Self.machine.addingTimeInterval(86_400)), arrivedAt: Self.machine.addingTimeInterval(Double(index)))
            if case .adopt = verdict { Issue.record("a frozen time was adopted") }
        }
    }

    @Test("fixes behind the clock (an old log replayed in real time, a rolled-over week) are rejected at once")
    func rejectsReceiverBehind() {
        var timeBase = GPSTimeBase()
        for second in 0..<10 {
            let arrival = Self.machine.addingTimeInterval(Double(second))
            let verdict = timeBase.observe(Self.fix(arrival.addingTimeInterval(-1024 * 7 * 86_400)), arrivedAt: arrival)
            #expect(verdict == .rejected([Self.fix(arrival.addingTimeInterval(-1024 * 7 * 86_400))]))
        }
    }

    @Test("a clock already corrected too far (set right since the session took the GPS's time) can be corrected back")
    func correctsBack() {
        var timeBase = GPSTimeBase()
        timeBase.backwardLimit = 86_400
        var verdict = GPSTimeBase.Verdict.held
        for second in 0..<5 {
            let arrival = Self.machine.addingTimeInterval(Double(second))
            verdict = timeBase.observe(Self.fix(arrival.addingTimeInterval(-86_400)), arrivedAt: arrival)
        }
        guard case .adopt(let offset, _) = verdict else {
            Issue.record("the correction should be taken back: \(verdict)")
            return
        }
        #expect(abs(offset + 86_400) < 0.01)
        timeBase.backwardLimit = 86_400
        let further = timeBase.observe(Self.fix(Self.machine.addingTimeInterval(-2 * 86_400)), arrivedAt: Self.machine)
        #expect(further == .rejected([Self.fix(Self.machine.addingTimeInterval(-2 * 86_400))]), "never further back than the correction")
    }

    @Test("a jump in the receiver's offset starts the count again")
    func jumpRestarts() {
        var timeBase = GPSTimeBase()
        for second in 0..<3 {
            _ = timeBase.observe(Self.fix(Self.machine.addingTimeInterval(86_400 + Double(second))), arrivedAt: Self.machine.addingTimeInterval(Double(second)))
        }
        let verdict = timeBase.observe(Self.fix(Self.machine.addingTimeInterval(90_000 + 3)), arrivedAt: Self.machine.addingTimeInterval(3))
        guard case .rejected(let fixes) = verdict else {
            Issue.record("the three earlier fixes should be rejected: \(verdict)")
            return
        }
        #expect(fixes.count == 3)
        #expect(timeBase.heldCount == 1)
    }
}
