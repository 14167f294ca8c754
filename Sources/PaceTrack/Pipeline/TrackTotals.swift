/// The totals of a finished track that an import keeps: distance and elevation.
public struct TrackTotals: Hashable, Sendable {
    /// Distance in metres along the smoothed track.
    public var distance: Double
    /// Elevation gain in metres; `nil` when no fix had an altitude.
    public var elevationGain: Double?
    /// Elevation loss in metres; `nil` when no fix had an altitude.
    public var elevationLoss: Double?
    /// Fixes given.
    public var fixCount: Int
    /// How many windows the track was processed in (1 for a track held whole).
    public var windowCount: Int

    /// Creates totals. Units as the properties state.
    public init(distance: Double, elevationGain: Double?, elevationLoss: Double?, fixCount: Int, windowCount: Int) {
        self.distance = distance
        self.elevationGain = elevationGain
        self.elevationLoss = elevationLoss
        self.fixCount = fixCount
        self.windowCount = windowCount
    }
}

/// Smooths a finished track of any length in bounded memory and returns its totals.
///
/// A track of up to ``windowLength`` + ``margin`` fixes is processed whole by
/// ``TrackProcessor/process(_:pressures:configuration:smoothed:)`` (smoothed), so its totals are exactly
/// that summary's. A longer one is cut into consecutive windows of ``windowLength`` fixes, each
/// smoothed with ``margin`` fixes of the track on either side (the smoother, the terrain model and
/// the barometric trend see the track around the window), and each window contributes what the
/// smoothed track's cumulative distance, gain and loss grew by inside it (DECISIONS 118). Memory is
/// that of one window, whatever the track's length.
///
/// ```swift
/// var totals = TrackTotalsAccumulator(configuration: .forActivity(.running))
/// for (fix, pressure) in stream { totals.add(fix, pressure: pressure) }
/// let result = totals.finish()
/// ```
public struct TrackTotalsAccumulator: Sendable {
    /// Fixes per window by default: six hours at 1 Hz.
    public static let defaultWindowLength = 21_600
    /// Fixes of context on each side of a window by default: half an hour at 1 Hz.
    public static let defaultMargin = 1_800

    /// The thresholds in use.
    public let configuration: TrackConfiguration
    /// Fixes per window.
    public let windowLength: Int
    /// Fixes of context on each side of a window.
    public let margin: Int

    private var fixes: [Fix] = []
    private var pressures: [Double] = []
    /// The track index of `fixes[0]`.
    private var bufferStart = 0
    /// The track index where the next window begins.
    private var windowStart = 0
    private var distance = 0.0
    private var gain = 0.0
    private var loss = 0.0
    private var hasAltitude = false
    private var windows = 0
    private var wholeTrack: TrackSummary?

    /// Creates an accumulator.
    /// - Parameters:
    ///   - configuration: The thresholds.
    ///   - windowLength: Fixes per window (at least 1).
    ///   - margin: Fixes of context on each side of a window (at least 0).
    public init(configuration: TrackConfiguration, windowLength: Int = defaultWindowLength, margin: Int = defaultMargin) {
        self.configuration = configuration
        self.windowLength = max(1, windowLength)
        self.margin = max(0, margin)
    }

    /// Fixes given so far.
    public var fixCount: Int { bufferStart + fixes.count }

    /// Adds the next fix, in time order.
    /// - Parameters:
    ///   - fix: The raw fix.
    ///   - pressure: Barometric pressure at the fix in pascals, NaN when none.
    public mutating func add(_ fix: Fix, pressure: Double = .nan) {
        fixes.append(fix)
        pressures.append(pressure)
        if fixCount >= windowStart + windowLength + margin {
            process(windowEnd: windowStart + windowLength)
        }
    }

    /// Processes what is left and returns the totals; `nil` for fewer than two fixes.
    public mutating func finish() -> TrackTotals? {
        guard fixCount >= 2 else { return nil }
        if windowStart < fixCount || windows == 0 { process(windowEnd: fixCount) }
        if windows == 1, let whole = wholeTrack {
            return TrackTotals(distance: whole.distance, elevationGain: whole.elevationGain, elevationLoss: whole.elevationLoss,
                               fixCount: fixCount, windowCount: 1)
        }
        return TrackTotals(distance: distance, elevationGain: hasAltitude ? gain : nil, elevationLoss: hasAltitude ? loss : nil,
                           fixCount: fixCount, windowCount: windows)
    }

    /// Smooths the buffered fixes and adds what grew between `windowStart` and `windowEnd`.
    private mutating func process(windowEnd: Int) {
        let hasPressure = pressures.contains(where: \.isFinite)
        let track = TrackProcessor.process(fixes, pressures: hasPressure ? pressures : nil, configuration: configuration, smoothed: true)
        windows += 1
        if windows == 1, windowEnd == fixCount { wholeTrack = track.summary }
        if track.summary.elevationGain != nil { hasAltitude = true }
        let indices = TrackProcessor.fixIndices(of: track.points, in: fixes)
        /// Position in `track` of the first point whose fix is at or after track index `index`.
        func firstPoint(atOrAfter index: Int) -> Int {
            let local = index - bufferStart
            var low = 0, high = indices.count
            while low < high {
                let middle = (low + high) / 2
                if indices[middle] < local { low = middle + 1 } else { high = middle }
            }
            return low
        }
        /// The cumulative value just before track index `index` (0 before the first point).
        func before(_ index: Int, _ values: [Double]) -> Double {
            let point = firstPoint(atOrAfter: index)
            return point == 0 ? 0 : values[point - 1]
        }
        distance += before(windowEnd, track.distances) - before(windowStart, track.distances)
        gain += before(windowEnd, track.gains) - before(windowStart, track.gains)
        loss += before(windowEnd, track.losses) - before(windowStart, track.losses)
        windowStart = windowEnd
        // Keep the margin before the next window as its context.
        let keepFrom = max(bufferStart, windowEnd - margin)
        fixes.removeFirst(keepFrom - bufferStart)
        pressures.removeFirst(keepFrom - bufferStart)
        bufferStart = keepFrom
    }
}
