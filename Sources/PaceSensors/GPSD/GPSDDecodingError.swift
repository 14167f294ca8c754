/// Why a line from gpsd could not be used. Each case has a stable ``reason`` key for counting
/// (``SkippedInput/reason``) and a ``description`` saying what was wrong, where, and what to do.
public enum GPSDDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line is not a JSON object. `excerpt` is the start of the line.
    case notJSON(excerpt: String)
    /// The JSON object has no string `"class"` member.
    case missingClass(excerpt: String)
    /// A member of a known class is missing or has the wrong type.
    case invalidField(className: String, field: String, problem: String, excerpt: String)
    /// A TPV claims a 2D/3D fix but has no `time`, so the fix cannot be placed on a timeline.
    case fixWithoutTime(mode: GPSDFixMode)
    /// A TPV claims a 2D/3D fix but its latitude/longitude are missing or out of range.
    case fixWithoutPosition(mode: GPSDFixMode, latitude: Double?, longitude: Double?)

    /// A short, stable key for counting, e.g. `"gpsd.json"`.
    public var reason: String {
        switch self {
        case .notJSON: "gpsd.json"
        case .missingClass: "gpsd.class"
        case .invalidField: "gpsd.field"
        case .fixWithoutTime: "gpsd.tpv.time"
        case .fixWithoutPosition: "gpsd.tpv.position"
        }
    }

    /// What was wrong, where, and what to do.
    public var description: String {
        switch self {
        case .notJSON(let excerpt):
            "gpsd sent a line that is not a JSON object: \(excerpt) — line skipped; if this repeats, check that port speaks gpsd's JSON protocol"
        case .missingClass(let excerpt):
            "gpsd sent a JSON object without a \"class\" member: \(excerpt) — line skipped"
        case .invalidField(let className, let field, let problem, let excerpt):
            "gpsd \(className) member \"\(field)\" is unusable (\(problem)): \(excerpt) — report skipped; check the gpsd version (3.20+ expected)"
        case .fixWithoutTime(let mode):
            "gpsd TPV with mode \(mode.rawValue) has no time (the receiver has not sent a date yet) — fix skipped until gpsd knows the time"
        case .fixWithoutPosition(let mode, let latitude, let longitude):
            "gpsd TPV with mode \(mode.rawValue) has no usable position (lat \(latitude.map { "\($0)" } ?? "missing"), lon \(longitude.map { "\($0)" } ?? "missing")) — fix skipped"
        }
    }

    /// The first 160 characters of a line, for error details.
    static func excerpt(of line: String) -> String {
        line.count <= 160 ? line : String(line.prefix(160)) + "…"
    }
}
