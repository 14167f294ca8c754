/// The GPS fix status gpsd reports in a TPV (`"status"`, gpsd 3.22 values). Absent means a normal
/// autonomous fix or unknown.
public enum GPSDFixStatus: Int, Hashable, Sendable {
    /// Unknown (`0`).
    case unknown = 0
    /// An ordinary autonomous GNSS fix (`1`).
    case normal = 1
    /// Differential GPS: SBAS or a DGPS beacon (`2`).
    case differential = 2
    /// RTK with fixed integer ambiguities, centimetre level (`3`).
    case rtkFixed = 3
    /// RTK with floating ambiguities, decimetre level (`4`).
    case rtkFloat = 4
    /// Dead reckoning only (`5`).
    case deadReckoning = 5
    /// GNSS combined with dead reckoning (`6`).
    case gnssDeadReckoning = 6
    /// Time only: a surveyed-in, fixed position (`7`).
    case surveyedTimeOnly = 7
    /// A simulator, not a real sky (`8`).
    case simulated = 8
    /// P(Y) military code (`9`).
    case precise = 9
}
