public import PaceModel

/// Thresholds and noise model of ``AltitudeFusion`` and ``ElevationGainTracker``.
///
/// ```swift
/// let configuration = ElevationConfiguration.forActivity(.hiking)
/// var fusion = AltitudeFusion(configuration: configuration)
/// var gain = ElevationGainTracker(configuration: configuration)
/// ```
public struct ElevationConfiguration: Hashable, Sendable {
    /// Whether barometric pressure is used at all. Off for water sports: a submerged watch
    /// reads about 98 Pa more per centimetre of water, an 8 m error.
    public var usesBarometer: Bool
    /// Hysteresis, in metres, of gain and loss computed from barometric altitude: a climb or
    /// descent counts once the altitude has turned by this much. Barometric noise is a few
    /// decimetres, wind gusts and ventilation a metre.
    public var barometricGainThreshold: Double
    /// Hysteresis, in metres, of gain and loss computed from GPS altitude alone (after
    /// ``AltitudeFusion``'s smoothing). GPS altitude wanders by metres over minutes.
    public var gpsGainThreshold: Double
    /// Typical vertical speed, in m/s (1 σ), in GPS-only mode: larger follows changes of gradient
    /// faster, smaller smooths GPS noise more.
    public var gpsVerticalSpeed: Double
    /// Typical vertical speed, in m/s (1 σ), of the harder-smoothed GPS-only altitude whose changes
    /// count as gain and loss (``AltitudeFusion/climbAltitude``). Smaller than ``gpsVerticalSpeed``:
    /// a rounded-off summit costs a few metres of gain, GPS wander counted as climbing costs tens.
    public var gpsClimbVerticalSpeed: Double
    /// The terrain models a finished GPS-only track chooses from by likelihood before its gain is
    /// counted (``TerrainAltitudeSmoother``, DECISIONS 100); empty to count the gain as recorded.
    public var gpsTerrainModels: [TerrainAltitudeModel]
    /// Smallest hysteresis, in metres, of gain and loss counted from that smoothed terrain altitude.
    public var gpsTerrainGainThreshold: Double
    /// The hysteresis on the smoothed terrain altitude is at least this multiple of the track's
    /// median reported vertical accuracy (1 σ, m): what is left of a noisier receiver's wander after
    /// smoothing is larger, and a turn smaller than one typical error is not counted (DECISIONS 103).
    public var gpsTerrainGainAccuracyShare: Double
    /// How long, in seconds, a vertical speed typically persists in GPS-only mode (the length of a
    /// climb); also bounds how far a long gap extrapolates (speed times this).
    public var verticalSpeedCorrelationTime: Double
    /// How much the barometric reference wanders with the weather beyond its trend: the 1-σ random
    /// walk of the barometer's offset after one hour, in metres.
    public var barometricDriftPerHour: Double
    /// The weather's trend: the 1-σ rate, in metres per hour, at which the barometer's offset
    /// drifts steadily (0.5 hPa/h, about 4 m/h, is a front coming through). GPS estimates it, and
    /// gain and loss are counted from the barometric altitude corrected by it.
    public var barometricTrendPerHour: Double
    /// How long, in seconds, the weather's trend typically persists.
    public var barometricTrendCorrelationTime: Double
    /// The weather's trend when it is already known, in metres per second of the barometer's offset
    /// (positive: the barometer reads ever lower than the truth); `nil` to estimate it from GPS as
    /// the fusion goes. A finished workout is processed twice: once to estimate the trend from the
    /// whole track (``AltitudeFusion/barometricTrend`` at its end), then with it known throughout.
    public var knownBarometricTrend: Double?
    /// Time constant, in seconds, of the low-pass filter on barometric altitude before gain and loss
    /// are counted. Without it every climb would count from a noise trough to a noise crest
    /// (a few decimetres each at 1 Hz); a few seconds of lag cost no climbing.
    public var barometricSmoothingTime: Double
    /// Correlation time, in seconds, of GPS altitude errors (satellite geometry and multipath
    /// change over minutes, so successive errors are far from independent).
    public var gpsErrorCorrelationTime: Double
    /// Share, 0…1, of the reported GPS vertical standard deviation that is time-correlated; the
    /// rest is white noise from fix to fix.
    public var gpsCorrelatedFraction: Double
    /// Vertical accuracy, in metres (1 σ), assumed for a GPS altitude reported without one.
    public var assumedGPSVerticalAccuracy: Double
    /// Smallest vertical accuracy, in metres, believed; receivers report optimistic values.
    public var minimumGPSVerticalAccuracy: Double
    /// GPS altitudes further than this many standard deviations from the prediction pull the
    /// estimate only as hard as one at this distance (a Huber-style bound on outliers).
    public var gpsInnovationGate: Double
    /// Seconds without a pressure reading after which the fusion falls back to GPS only.
    public var barometerTimeout: Double
    /// Seconds of uninterrupted GPS outliers (beyond ``gpsInnovationGate``) after which the level is
    /// taken to have really moved and follows GPS again.
    public var gpsOutlierResetTime: Double

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - usesBarometer: Whether to use barometric pressure.
    ///   - barometricGainThreshold: Gain hysteresis with a barometer, m.
    ///   - gpsGainThreshold: Gain hysteresis with GPS only, m.
    ///   - gpsVerticalSpeed: Typical vertical speed with GPS only, m/s.
    ///   - gpsClimbVerticalSpeed: Typical vertical speed of the GPS-only climb series, m/s.
    ///   - gpsTerrainModels: Terrain models a finished GPS-only track chooses from.
    ///   - gpsTerrainGainThreshold: Smallest gain hysteresis on the smoothed terrain altitude, m.
    ///   - gpsTerrainGainAccuracyShare: That hysteresis as a multiple of the median reported vertical
    ///     accuracy, dimensionless (the larger of the two applies).
    ///   - verticalSpeedCorrelationTime: How long a vertical speed persists with GPS only, s.
    ///   - barometricDriftPerHour: 1-σ random walk of the barometric offset after an hour, m.
    ///   - barometricTrendPerHour: 1-σ steady drift rate of the barometric offset, m/h.
    ///   - barometricTrendCorrelationTime: How long that rate persists, s.
    ///   - barometricSmoothingTime: Low-pass time constant on barometric altitude, s.
    ///   - gpsErrorCorrelationTime: Correlation time of GPS altitude errors, s.
    ///   - gpsCorrelatedFraction: Share of the GPS standard deviation that is correlated, 0…1.
    ///   - assumedGPSVerticalAccuracy: Accuracy assumed when none is reported, m.
    ///   - minimumGPSVerticalAccuracy: Floor on reported accuracies, m.
    ///   - gpsInnovationGate: Outlier bound in standard deviations.
    ///   - barometerTimeout: Silence after which the barometer is abandoned, s.
    ///   - gpsOutlierResetTime: Duration of persistent outliers after which GPS is followed again, s.
    public init(usesBarometer: Bool = true, barometricGainThreshold: Double, gpsGainThreshold: Double,
                gpsVerticalSpeed: Double, gpsClimbVerticalSpeed: Double,
                gpsTerrainModels: [TerrainAltitudeModel] = TerrainAltitudeModel.candidates,
                gpsTerrainGainThreshold: Double = ElevationConfiguration.defaultTerrainGainThreshold,
                gpsTerrainGainAccuracyShare: Double = ElevationConfiguration.defaultTerrainGainAccuracyShare,
                verticalSpeedCorrelationTime: Double = ElevationConfiguration.defaultVerticalSpeedCorrelationTime,
                barometricDriftPerHour: Double = ElevationConfiguration.defaultBarometricDriftPerHour,
                barometricTrendPerHour: Double = ElevationConfiguration.defaultBarometricTrendPerHour,
                barometricTrendCorrelationTime: Double = ElevationConfiguration.defaultBarometricTrendCorrelationTime,
                barometricSmoothingTime: Double = ElevationConfiguration.defaultBarometricSmoothingTime,
                gpsErrorCorrelationTime: Double = ElevationConfiguration.defaultGPSErrorCorrelationTime,
                gpsCorrelatedFraction: Double = ElevationConfiguration.defaultGPSCorrelatedFraction,
                assumedGPSVerticalAccuracy: Double = ElevationConfiguration.defaultAssumedGPSVerticalAccuracy,
                minimumGPSVerticalAccuracy: Double = ElevationConfiguration.defaultMinimumGPSVerticalAccuracy,
                gpsInnovationGate: Double = ElevationConfiguration.defaultGPSInnovationGate,
                barometerTimeout: Double = ElevationConfiguration.defaultBarometerTimeout,
                gpsOutlierResetTime: Double = ElevationConfiguration.defaultGPSOutlierResetTime) {
        self.usesBarometer = usesBarometer
        self.barometricGainThreshold = barometricGainThreshold
        self.gpsGainThreshold = gpsGainThreshold
        self.gpsVerticalSpeed = gpsVerticalSpeed
        self.gpsClimbVerticalSpeed = gpsClimbVerticalSpeed
        self.gpsTerrainModels = gpsTerrainModels
        self.gpsTerrainGainThreshold = gpsTerrainGainThreshold
        self.gpsTerrainGainAccuracyShare = gpsTerrainGainAccuracyShare
        self.verticalSpeedCorrelationTime = verticalSpeedCorrelationTime
        self.barometricDriftPerHour = barometricDriftPerHour
        self.barometricTrendPerHour = barometricTrendPerHour
        self.barometricTrendCorrelationTime = barometricTrendCorrelationTime
        self.barometricSmoothingTime = barometricSmoothingTime
        knownBarometricTrend = nil
        self.gpsErrorCorrelationTime = gpsErrorCorrelationTime
        self.gpsCorrelatedFraction = gpsCorrelatedFraction
        self.assumedGPSVerticalAccuracy = assumedGPSVerticalAccuracy
        self.minimumGPSVerticalAccuracy = minimumGPSVerticalAccuracy
        self.gpsInnovationGate = gpsInnovationGate
        self.barometerTimeout = barometerTimeout
        self.gpsOutlierResetTime = gpsOutlierResetTime
    }

    /// Default ``gpsTerrainGainThreshold``: 2 m; the smoothed terrain altitude has no noise left
    /// that large.
    public static let defaultTerrainGainThreshold = 2.0
    /// Default ``gpsTerrainGainAccuracyShare``: 1, one median vertical accuracy (4–5 m for a phone
    /// under open sky, 10–12 m in a city or under trees).
    public static let defaultTerrainGainAccuracyShare = 1.0
    /// Default ``verticalSpeedCorrelationTime``: 600 s, a long climb.
    public static let defaultVerticalSpeedCorrelationTime = 600.0
    /// Default ``barometricDriftPerHour``: 1 m (the trend is modelled apart).
    public static let defaultBarometricDriftPerHour = 1.0
    /// Default ``barometricTrendPerHour``: 4 m/h, about 0.5 hPa per hour.
    public static let defaultBarometricTrendPerHour = 4.0
    /// Default ``barometricTrendCorrelationTime``: 3 h, a weather change.
    public static let defaultBarometricTrendCorrelationTime = 10_800.0
    /// Default ``barometricSmoothingTime``: 5 s, about an 11-second moving average.
    public static let defaultBarometricSmoothingTime = 5.0
    /// Default ``gpsErrorCorrelationTime``: 60 s.
    public static let defaultGPSErrorCorrelationTime = 60.0
    /// Default ``gpsCorrelatedFraction``: 0.8, so 10 m reported is 8 m correlated and 6 m white.
    public static let defaultGPSCorrelatedFraction = 0.8
    /// Default ``assumedGPSVerticalAccuracy``: 10 m, typical of phones and watches.
    public static let defaultAssumedGPSVerticalAccuracy = 10.0
    /// Default ``minimumGPSVerticalAccuracy``: 2 m.
    public static let defaultMinimumGPSVerticalAccuracy = 2.0
    /// Default ``gpsInnovationGate``: 4 standard deviations.
    public static let defaultGPSInnovationGate = 4.0
    /// Default ``barometerTimeout``: 30 s.
    public static let defaultBarometerTimeout = 30.0
    /// Default ``gpsOutlierResetTime``: 30 s, half the GPS error correlation time.
    public static let defaultGPSOutlierResetTime = 30.0

    /// Running, walking and hiking.
    ///
    /// Barometric hysteresis 1 m (after a 5 s low-pass, DECISIONS 98). With GPS only: altitude vertical speed 0.1 m/s, climb series
    /// 0.0075 m/s and hysteresis 8 m. On foot the altitude changes slowly (a steep hike is
    /// 0.3 m/s), and in simulation with 10 m GPS noise correlated over a minute these settings
    /// count about 20 m of gain in an hour on the flat and 100 m on a 100 m climb, where raw GPS
    /// counts hundreds.
    public static let onFoot = ElevationConfiguration(barometricGainThreshold: 1, gpsGainThreshold: 8,
                                                      gpsVerticalSpeed: 0.1, gpsClimbVerticalSpeed: 0.0075)
    /// Cycling and skating: barometric hysteresis 1 m (after the 5 s low-pass; DECISIONS 98); with GPS only,
    /// vertical speeds 0.3 m/s (altitude) and 0.02 m/s (climb series, a 300 m pass climbed in
    /// 15 min counts about 290 m), hysteresis 8 m.
    public static let cycling = ElevationConfiguration(barometricGainThreshold: 1, gpsGainThreshold: 8,
                                                       gpsVerticalSpeed: 0.3, gpsClimbVerticalSpeed: 0.02)
    /// Downhill snow sports: barometric hysteresis 3 m; with GPS only, vertical speeds 1 m/s
    /// (altitude; skiers descend at several m/s) and 0.05 m/s (climb series), hysteresis 10 m;
    /// a finished track also considers 19 % grades, with a 5 m hysteresis.
    public static let alpine = ElevationConfiguration(
        barometricGainThreshold: 3, gpsGainThreshold: 10, gpsVerticalSpeed: 1, gpsClimbVerticalSpeed: 0.05,
        gpsTerrainModels: TerrainAltitudeModel.candidates
            + [60.0, 120.0].map { TerrainAltitudeModel(gradeDeviation: 0.192, errorCorrelationTime: $0) },
        gpsTerrainGainThreshold: 5)
    /// Swimming and boats: no barometer (water pressure); water is flat, so GPS is smoothed hard
    /// (0.05 m/s altitude, 0.003 m/s climb series) with a 10 m hysteresis, and a finished track
    /// allows 0.3 % grades only, with a 5 m hysteresis.
    public static let water = ElevationConfiguration(usesBarometer: false, barometricGainThreshold: 3,
                                                     gpsGainThreshold: 10, gpsVerticalSpeed: 0.05,
                                                     gpsClimbVerticalSpeed: 0.003, gpsTerrainModels: [
                                                        TerrainAltitudeModel(gradeDeviation: 0.003, errorCorrelationTime: 120),
                                                     ], gpsTerrainGainThreshold: 5)
    /// Every other activity: barometric hysteresis 3 m; with GPS only, vertical speeds 0.2 m/s and
    /// 0.01 m/s, hysteresis 8 m.
    public static let general = ElevationConfiguration(barometricGainThreshold: 3, gpsGainThreshold: 8,
                                                       gpsVerticalSpeed: 0.2, gpsClimbVerticalSpeed: 0.01)

    /// The preset for `activity` (see the static presets for the values and the reasons).
    public static func forActivity(_ activity: WorkoutActivityType) -> Self {
        switch MetricsActivityGroup(activity) {
        case .running, .walking, .hiking: .onFoot
        case .cycling: .cycling
        case .alpine: .alpine
        case .water: .water
        case .general: .general
        }
    }
}
