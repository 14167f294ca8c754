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
    private var held: [(sequence: Int64, reading: SensorReading)] = []
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
    public var count: Int { held.count }

    /// Adds a reading and returns those now due, in time order.
    /// - Parameters:
    ///   - reading: The reading.
    ///   - sequence: Its arrival number, to keep arrival order among equal times.
    public mutating func add(_ reading: SensorReading, sequence: Int64) -> [SensorReading] {
        let time = reading.time.timeIntervalSinceReferenceDate
        if time < released {
            lateCount += 1
            return [reading]
        }
        held.append((sequence, reading))
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
        guard held.contains(where: { $0.reading.time.timeIntervalSinceReferenceDate <= watermark }) else { return [] }
        var due: [(sequence: Int64, reading: SensorReading)] = []
        var keep: [(sequence: Int64, reading: SensorReading)] = []
        for entry in held {
            if entry.reading.time.timeIntervalSinceReferenceDate <= watermark { due.append(entry) } else { keep.append(entry) }
        }
        held = keep
        due.sort { ($0.reading.time, $0.sequence) < ($1.reading.time, $1.sequence) }
        if let last = due.last { released = max(released, last.reading.time.timeIntervalSinceReferenceDate) }
        return due.map(\.reading)
    }
}
