public import Foundation
public import PaceModel

/// Puts readings from parallel streams on one timeline.
///
/// Streams arrive out of order with each other (a Bluetooth strap's value may come 300 ms after
/// the GPS fix measured later) and sometimes late. The buffer holds each reading until the newest
/// time seen is ``lateness`` past it, then releases readings in time order (arrival order among
/// equal times). A reading older than what was already released comes out at once and is counted
/// in ``lateCount``: the consumer decides what a late reading can still change (a late heart rate
/// still counts; a late GPS fix cannot re-run the filter).
///
/// Deterministic: the same arrivals always give the same releases, which is what lets a
/// recovered session rebuild its metrics exactly.
public struct ReorderBuffer: Sendable {
    /// How long a reading waits for earlier ones, in seconds.
    public let lateness: Double
    /// Held readings sorted by (time, sequence); the ones before `head` were released.
    private var held: [(time: Double, sequence: Int64, reading: SensorReading)] = []
    private var head = 0
    private var newest = -Double.infinity
    private var released = -Double.infinity
    /// Readings that arrived after later ones had been released.
    public private(set) var lateCount = 0

    /// Creates a buffer.
    /// - Parameter lateness: Seconds a reading waits for earlier ones (default 2).
    public init(lateness: Double = 2) {
        self.lateness = lateness
    }

    /// The number of readings held.
    public var count: Int { held.count - head }

    /// Adds a reading and returns those now due, in time order.
    ///
    /// Streams arrive nearly in order, so the insertion point is found by scanning back from the
    /// newest held reading: O(1) for in-order arrivals, O(k) for one k places late.
    /// - Parameters:
    ///   - reading: The reading.
    ///   - sequence: Its arrival number, to keep arrival order among equal times.
    public mutating func add(_ reading: SensorReading, sequence: Int64) -> [SensorReading] {
        let time = reading.time.timeIntervalSinceReferenceDate
        if time < released {
            lateCount += 1
            return [reading]
        }
        var index = held.count
        while index > head, held[index - 1].time > time { index -= 1 }
        if index == held.count {
            held.append((time, sequence, reading))
        } else {
            held.insert((time, sequence, reading), at: index)
        }
        newest = max(newest, time)
        return release(through: newest - lateness)
    }

    /// Releases the held readings measured at or before `time`, in time order (before a command
    /// at that time takes effect, so the readings before it see the old state).
    public mutating func release(through time: Date) -> [SensorReading] {
        release(through: time.timeIntervalSinceReferenceDate)
    }

    /// Releases every held reading, in time order (at a transition that needs the timeline
    /// complete, or at the end).
    public mutating func drain() -> [SensorReading] {
        release(through: .infinity)
    }

    private mutating func release(through watermark: Double) -> [SensorReading] {
        guard head < held.count, held[head].time <= watermark else { return [] }
        var due: [SensorReading] = []
        while head < held.count, held[head].time <= watermark {
            due.append(held[head].reading)
            released = max(released, held[head].time)
            head += 1
        }
        if head >= 4096 || head == held.count {
            held.removeFirst(head)
            head = 0
        }
        return due
    }
}
