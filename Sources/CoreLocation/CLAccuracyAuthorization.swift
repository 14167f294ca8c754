/// How accurate the locations the app may use are (Apple's `CLAccuracyAuthorization`), with
/// Apple's raw values. Pace reports ``fullAccuracy``.
public enum CLAccuracyAuthorization: Int, Sendable, Hashable {
    /// Full accuracy: 0 (what Pace reports).
    case fullAccuracy = 0
    /// Reduced accuracy: 1.
    case reducedAccuracy = 1
}
