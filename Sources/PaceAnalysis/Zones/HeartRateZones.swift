/// Heart-rate zones: bounds as fractions of the maximum heart rate, or of the heart-rate reserve
/// (Karvonen) when a resting heart rate is given.
///
/// With the maximum alone, a heart rate's fraction is `hr / maximum`. With a resting heart rate it
/// is Karvonen's `(hr − resting) / (maximum − resting)`. The zone is the number of
/// ``lowerBounds`` at or below that fraction: with the default bounds 0.5, 0.6, 0.7, 0.8 and 0.9,
/// zone 1 is 50–60 %, zone 2 60–70 %, zone 3 70–80 %, zone 4 80–90 %, zone 5 90 % and above, and
/// below 50 % is zone 0 ("rest").
///
/// ```swift
/// HeartRateZones(maximum: 190).zone(of: 150)                 // 3 (79 % of maximum)
/// HeartRateZones(maximum: 190, resting: 50).zone(of: 150)    // 3 (71 % of reserve)
/// ```
public struct HeartRateZones: Hashable, Sendable, Codable {
    /// The maximum heart rate in beats per minute.
    public var maximum: Double
    /// The resting heart rate in beats per minute; when set, zones are fractions of the reserve
    /// (`maximum − resting`, Karvonen) rather than of the maximum.
    public var resting: Double?
    /// The lower bound of zones 1, 2, … as fractions (0…1) of the maximum or of the reserve, ascending.
    public var lowerBounds: [Double]

    /// The default lower bounds of zones 1–5: 50, 60, 70, 80 and 90 %.
    public static let defaultLowerBounds = [0.5, 0.6, 0.7, 0.8, 0.9]

    /// Creates zones.
    ///
    /// - Parameters:
    ///   - maximum: Beats per minute (default 190, a common adult estimate; set the athlete's own).
    ///   - resting: Beats per minute, for zones of the heart-rate reserve (Karvonen); `nil` for
    ///     zones of the maximum.
    ///   - lowerBounds: Fractions where zones 1, 2, … begin, ascending; sorted if not.
    public init(maximum: Double = 190, resting: Double? = nil, lowerBounds: [Double] = HeartRateZones.defaultLowerBounds) {
        self.maximum = maximum
        self.resting = resting
        self.lowerBounds = lowerBounds.sorted()
    }

    /// The number of zones, zone 0 included (6 with the default bounds).
    public var count: Int { lowerBounds.count + 1 }

    /// The fraction of the maximum (or of the reserve) a heart rate in beats per minute is.
    public func fraction(of beatsPerMinute: Double) -> Double? {
        let base = resting ?? 0
        guard maximum > base, beatsPerMinute.isFinite else { return nil }
        return (beatsPerMinute - base) / (maximum - base)
    }

    /// The zone (0…``count`` − 1) of a heart rate in beats per minute; 0 when it cannot be placed.
    public func zone(of beatsPerMinute: Double) -> Int {
        guard let fraction = fraction(of: beatsPerMinute) else { return 0 }
        var zone = 0
        for bound in lowerBounds where fraction >= bound { zone += 1 }
        return zone
    }

    /// The heart rate in beats per minute where zone `zone` (1…) begins; `nil` for zone 0 or past the last.
    public func lowerHeartRate(ofZone zone: Int) -> Double? {
        guard zone >= 1, zone <= lowerBounds.count else { return nil }
        let base = resting ?? 0
        return base + lowerBounds[zone - 1] * (maximum - base)
    }

    private enum CodingKeys: String, CodingKey {
        case maximum, resting, lowerBounds
    }

    /// Decodes zones; ones saved before `resting` and `lowerBounds` existed get the defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(maximum: try container.decode(Double.self, forKey: .maximum),
                  resting: try container.decodeIfPresent(Double.self, forKey: .resting),
                  lowerBounds: try container.decodeIfPresent([Double].self, forKey: .lowerBounds) ?? Self.defaultLowerBounds)
    }
}
