public import Foundation
public import PaceModel

/// Decides whether GPS fixes stamped far from the machine's clock come from a live receiver on a
/// device whose clock is wrong — so the session should take its time from the GPS — or from a
/// recorded log fed as a live source.
///
/// A small Linux device without a real-time clock boots with a stale date, and the GPS is how it
/// learns the time. Fixes from such a device advance with the machine's clock and sit at a steady
/// offset ahead of it. A recorded log fed as a live source does not: its times stand still, or run
/// faster than the clock (a file read at once), or sit behind it (an old log replayed through
/// gpsfake). A receiver behind the machine's clock is not adopted either: a week-rollover bug puts a
/// receiver's date in the past, and a clock that was set wrong is, on these devices, stale — except
/// by as much as the clock was already corrected (``backwardLimit``).
///
/// Feed every location reading that is too far from the clock to be live, with the clock's time
/// when it arrived. The fixes are held until they prove steady (``requiredFixes`` over at least
/// ``requiredSpan`` seconds of the clock, each within ``tolerance`` seconds of the first fix's
/// offset) and are then handed back with the offset to adopt; fixes that break the pattern are
/// handed back as rejected.
///
/// ```swift
/// var timeBase = GPSTimeBase()
/// switch timeBase.observe(fix, arrivedAt: Date()) {
/// case .held: break
/// case .adopt(let offset, let fixes): …   // correct the clock by offset, record fixes
/// case .rejected(let fixes): …            // skip them as not live
/// }
/// ```
public struct GPSTimeBase: Sendable {
    /// What one observation decided.
    public enum Verdict: Sendable, Equatable {
        /// Kept until the pattern is clear.
        case held
        /// The fixes are live and the machine's clock is `offset` seconds behind the receiver; the
        /// held fixes, oldest first, are handed back to be recorded.
        case adopt(offset: Double, fixes: [SensorReading])
        /// These fixes are not a live receiver's (oldest first): skip them.
        case rejected([SensorReading])
    }

    /// Fixes needed before an offset is adopted.
    public var requiredFixes = 5
    /// Seconds of the machine's clock the fixes must span before an offset is adopted.
    public var requiredSpan = 4.0
    /// Seconds a fix's offset may stray from the first held fix's (delivery jitter, a missed epoch).
    public var tolerance = 1.5
    /// Fixes held at most; older ones are rejected.
    public var capacity = 120
    /// Seconds fixes may sit behind the clock and still be adopted: the correction the clock already
    /// carries (a resumed session's time base, when the machine's clock has been set right since), so
    /// the correction can be taken back. Zero for an uncorrected clock: a receiver behind it is never
    /// adopted.
    public var backwardLimit = 0.0

    private var held: [(fix: SensorReading, clock: Date)] = []

    /// Creates the detector with the default thresholds.
    public init() {}

    /// The number of fixes held now.
    public var heldCount: Int { held.count }

    /// Takes one location reading that was too far from the clock to be live.
    /// - Parameters:
    ///   - fix: The reading, stamped with the receiver's time.
    ///   - clock: The machine's clock when it arrived.
    /// - Returns: Whether to wait, adopt the receiver's time, or skip fixes.
    public mutating func observe(_ fix: SensorReading, arrivedAt clock: Date) -> Verdict {
        let offset = fix.time.timeIntervalSince(clock)
        guard offset > 0 || -offset <= backwardLimit + tolerance else {
            // A receiver behind the clock: a rolled-over week or an old log. Never the time base.
            return .rejected(drain() + [fix])
        }
        if let first = held.first {
            let firstOffset = first.fix.time.timeIntervalSince(first.clock)
            let advances = fix.time > (held.last?.fix.time ?? .distantPast)
            if !advances || abs(offset - firstOffset) > tolerance {
                let rejected = drain()
                held = [(fix, clock)]
                return .rejected(rejected)
            }
        }
        held.append((fix, clock))
        if held.count >= requiredFixes, let first = held.first, clock.timeIntervalSince(first.clock) >= requiredSpan {
            let offsets = held.map { $0.fix.time.timeIntervalSince($0.clock) }.sorted()
            let fixes = held.map(\.fix)
            held = []
            return .adopt(offset: offsets[offsets.count / 2], fixes: fixes)
        }
        if held.count > capacity {
            return .rejected([held.removeFirst().fix])
        }
        return .held
    }

    /// Hands back every held fix (the recording is ending): none proved live.
    public mutating func drain() -> [SensorReading] {
        defer { held = [] }
        return held.map(\.fix)
    }
}
