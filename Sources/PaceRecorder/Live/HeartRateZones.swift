/// Five heart-rate zones as fractions of the maximum heart rate: Z1 50–60 %, Z2 60–70 %,
/// Z3 70–80 %, Z4 80–90 %, Z5 90 % and above (below 50 % is zone 0, "rest").
public struct HeartRateZones: Hashable, Sendable, Codable {
    /// The maximum heart rate in beats per minute.
    public var maximum: Double

    /// Creates the zones for a maximum heart rate.
    /// - Parameter maximum: Beats per minute (default 190, a common adult estimate; set the athlete's own).
    public init(maximum: Double = 190) {
        self.maximum = maximum
    }

    /// The zone (0…5) of a heart rate in beats per minute.
    public func zone(of beatsPerMinute: Double) -> Int {
        guard maximum > 0, beatsPerMinute.isFinite else { return 0 }
        let fraction = beatsPerMinute / maximum
        switch fraction {
        case ..<0.5: return 0
        case ..<0.6: return 1
        case ..<0.7: return 2
        case ..<0.8: return 3
        case ..<0.9: return 4
        default: return 5
        }
    }
}
