import Foundation
import PaceModel
import PaceRecorder
import Testing

@Suite("One timeline from parallel streams")
struct ReorderBufferTests {
    let t0 = Date(timeIntervalSinceReferenceDate: 800_000_000)

    func beat(_ second: Double) -> SensorReading {
        SensorReading(time: t0.addingTimeInterval(second), value: .heartRate(HeartRateReading(beatsPerMinute: 100 + second)))
    }

    func pressure(_ second: Double) -> SensorReading {
        SensorReading(time: t0.addingTimeInterval(second), value: .pressure(pascals: 90_000 + second))
    }

    @Test("readings arriving out of order across streams come out in time order once the window has passed")
    func ordering() {
        var buffer = ReorderBuffer(lateness: 2)
        var released: [SensorReading] = []
        let arrivals = [pressure(0), pressure(1), beat(0.5), pressure(2), beat(1.5), pressure(3), pressure(4), beat(2.5), pressure(5)]
        for (index, reading) in arrivals.enumerated() {
            released += buffer.add(reading, sequence: Int64(index))
        }
        #expect(released.map(\.time) == [0, 0.5, 1, 1.5, 2, 2.5, 3].map { t0.addingTimeInterval($0) })
        #expect(buffer.count == 2, "4 s and 5 s wait for readings up to 2 s older")
        released += buffer.drain()
        #expect(released.map(\.time) == released.map(\.time).sorted())
        #expect(released.count == arrivals.count)
        #expect(buffer.lateCount == 0)
    }

    @Test("equal times keep their arrival order; a reading older than the released ones comes out at once and is counted late")
    func lateAndEqual() {
        var buffer = ReorderBuffer(lateness: 1)
        _ = buffer.add(pressure(0), sequence: 0)
        _ = buffer.add(beat(0), sequence: 1)
        let first = buffer.add(pressure(5), sequence: 2)
        #expect(first == [pressure(0), beat(0)])
        #expect(buffer.add(beat(0.2), sequence: 3) == [beat(0.2)], "not late: later than anything released, and due")
        #expect(buffer.lateCount == 0)
        #expect(buffer.add(beat(-1), sequence: 4) == [beat(-1)], "late: older than what was released")
        #expect(buffer.lateCount == 1)
        #expect(buffer.release(through: t0.addingTimeInterval(5)) == [pressure(5)])
    }
}
