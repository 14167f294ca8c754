/// How GPS-only elevation reads altitude: as terrain the athlete moves over, seen through a GPS
/// error that wanders with time.
///
/// The terrain's grade (rise over run) is a Gauss–Markov process in *distance*: it has a typical
/// size ``gradeDeviation`` and persists for ``gradeCorrelationDistance`` metres, so the altitude can
/// only change while the athlete moves, and faster the faster they move. The GPS error is a
/// Gauss–Markov process in *time* with correlation ``errorCorrelationTime``, sized by each fix's
/// reported vertical accuracy. Standing still, every change of GPS altitude is error; riding fast,
/// a steady change is terrain. ``TerrainAltitudeFilter`` runs one model, ``TerrainAltitudeSmoother``
/// picks among several the one that explains a finished track best.
public struct TerrainAltitudeModel: Hashable, Sendable {
    /// 1-σ grade of the terrain, dimensionless (0.02 is a 2 % road).
    public var gradeDeviation: Double
    /// Distance in metres over which a grade typically persists.
    public var gradeCorrelationDistance: Double
    /// Correlation time in seconds of GPS altitude errors.
    public var errorCorrelationTime: Double
    /// 1-σ vertical accuracy in metres assumed for altitudes reported without one; nil for
    /// ``ElevationConfiguration/assumedGPSVerticalAccuracy``.
    public var assumedAccuracy: Double?

    /// Creates a model.
    ///
    /// - Parameters:
    ///   - gradeDeviation: 1-σ grade, dimensionless.
    ///   - gradeCorrelationDistance: How far a grade persists, m.
    ///   - errorCorrelationTime: Correlation time of GPS altitude errors, s.
    ///   - assumedAccuracy: Accuracy assumed for altitudes reported without one, m (nil: the configuration's).
    public init(gradeDeviation: Double, gradeCorrelationDistance: Double = 300, errorCorrelationTime: Double,
                assumedAccuracy: Double? = nil) {
        self.gradeDeviation = gradeDeviation
        self.gradeCorrelationDistance = gradeCorrelationDistance
        self.errorCorrelationTime = errorCorrelationTime
        self.assumedAccuracy = assumedAccuracy
    }

    /// Accuracies, in metres, tried for a track whose altitudes report none (most GPX, TCX and FIT
    /// files): a barometric bike computer's altitude is good to a metre, a phone's GPS to ten, and
    /// the file does not say which (DECISIONS 102).
    public static let unreportedAccuracies = [0.5, 2.0, 10.0]

    /// `models`, each once per ``unreportedAccuracies``.
    public static func withUnreportedAccuracies(_ models: [TerrainAltitudeModel]) -> [TerrainAltitudeModel] {
        models.flatMap { model in
            unreportedAccuracies.map { accuracy in
                var candidate = model
                candidate.assumedAccuracy = accuracy
                return candidate
            }
        }
    }

    /// The candidates a finished track chooses from: grades of 0.3 % (a flat track) to 9.6 % (a
    /// mountain path), doubling, persisting over 300 m (city blocks, switchbacks) or 1.2 km (rolling
    /// roads), each with GPS errors correlated over one or two minutes (DECISIONS 100).
    public static let candidates: [TerrainAltitudeModel] = [0.003, 0.006, 0.012, 0.024, 0.048, 0.096].flatMap { grade in
        [300.0, 1200.0].flatMap { length in
            [60.0, 120.0].map {
                TerrainAltitudeModel(gradeDeviation: grade, gradeCorrelationDistance: length, errorCorrelationTime: $0)
            }
        }
    }
}
