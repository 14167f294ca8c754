/// What ``ElevationGainTracker`` reports after an update.
public enum ElevationGainAction: Hashable, Sendable {
    /// Gain and loss did not change.
    case none
    /// ``ElevationGainTracker/gain`` rose by this many metres.
    case climbed(Double)
    /// ``ElevationGainTracker/loss`` rose by this many metres.
    case descended(Double)
}

/// Total elevation gain and loss with hysteresis, so that noise does not inflate them.
///
/// The altitude is followed as alternating climbs and descents. A climb only starts once the
/// altitude has risen the threshold above the lowest point since the last descent, and ends once
/// it has fallen the threshold below its highest point; a descent mirrors this. Each climb then
/// counts from its lowest to its highest point, each descent from its highest to its lowest,
/// so wiggles smaller than the threshold count nothing and no metre is ever counted twice: gain
/// minus loss is the net change between the turning points. The threshold is
/// ``ElevationConfiguration/barometricGainThreshold`` or ``ElevationConfiguration/gpsGainThreshold``,
/// chosen per update.
///
/// ``gain`` and ``loss`` include the climb or descent under way, so they never decrease. Updates
/// are O(1) and allocation-free.
///
/// ```swift
/// var tracker = ElevationGainTracker(configuration: .forActivity(.hiking))
/// _ = tracker.update(altitude: fusion.climbAltitude, isBarometric: fusion.isBarometric)
/// tracker.gain   // metres climbed
/// ```
public struct ElevationGainTracker: Hashable, Sendable {
    private enum State: Hashable, Sendable {
        /// No altitude yet.
        case empty
        /// No climb or descent yet: the extremes seen so far.
        case undecided(lowest: Double, highest: Double)
        /// Climbing from `valley`; highest point so far `peak`.
        case climbing(valley: Double, peak: Double)
        /// Descending from `peak`; lowest point so far `valley`.
        case descending(peak: Double, valley: Double)
    }

    /// The thresholds in use.
    public let configuration: ElevationConfiguration
    private var state = State.empty
    private var completedGain = 0.0
    private var completedLoss = 0.0

    /// Creates a tracker with no gain or loss.
    public init(configuration: ElevationConfiguration) {
        self.configuration = configuration
    }

    /// Metres climbed so far, including the climb under way.
    public var gain: Double {
        if case .climbing(let valley, let peak) = state { return completedGain + (peak - valley) }
        return completedGain
    }

    /// Metres descended so far, including the descent under way.
    public var loss: Double {
        if case .descending(let peak, let valley) = state { return completedLoss + (peak - valley) }
        return completedLoss
    }

    /// Feeds one altitude.
    ///
    /// - Parameters:
    ///   - altitude: Altitude in metres (``AltitudeFusion/climbAltitude``); NaN or infinite values
    ///     are ignored.
    ///   - isBarometric: Whether it comes from a barometer (choosing the smaller threshold).
    /// - Returns: How much ``gain`` or ``loss`` rose.
    public mutating func update(altitude: Double, isBarometric: Bool) -> ElevationGainAction {
        update(altitude: altitude,
               threshold: isBarometric ? configuration.barometricGainThreshold : configuration.gpsGainThreshold)
    }

    /// Feeds one altitude with an explicit hysteresis.
    ///
    /// - Parameters:
    ///   - altitude: Altitude in metres; NaN or infinite values are ignored.
    ///   - threshold: The hysteresis in metres (negative counts as 0).
    /// - Returns: How much ``gain`` or ``loss`` rose.
    public mutating func update(altitude: Double, threshold configured: Double) -> ElevationGainAction {
        guard altitude.isFinite else { return .none }
        let threshold = configured > 0 ? configured : 0
        switch state {
        case .empty:
            state = .undecided(lowest: altitude, highest: altitude)
            return .none
        case .undecided(let lowest, let highest):
            if altitude - lowest >= threshold && altitude > lowest {
                state = .climbing(valley: lowest, peak: altitude)
                return .climbed(altitude - lowest)
            }
            if highest - altitude >= threshold && highest > altitude {
                state = .descending(peak: highest, valley: altitude)
                return .descended(highest - altitude)
            }
            state = .undecided(lowest: min(lowest, altitude), highest: max(highest, altitude))
            return .none
        case .climbing(let valley, let peak):
            if altitude > peak {
                state = .climbing(valley: valley, peak: altitude)
                return .climbed(altitude - peak)
            }
            if peak - altitude >= threshold && peak > altitude {
                completedGain += peak - valley
                state = .descending(peak: peak, valley: altitude)
                return .descended(peak - altitude)
            }
            return .none
        case .descending(let peak, let valley):
            if altitude < valley {
                state = .descending(peak: peak, valley: altitude)
                return .descended(valley - altitude)
            }
            if altitude - valley >= threshold && altitude > valley {
                completedLoss += peak - valley
                state = .climbing(valley: valley, peak: altitude)
                return .climbed(altitude - valley)
            }
            return .none
        }
    }
}
