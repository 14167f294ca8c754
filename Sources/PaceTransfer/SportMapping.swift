public import PaceModel

/// Maps the sport names files use to HealthKit activity types.
///
/// GPX `<type>` is free text ("Run", "running", "Ride"), TCX `Sport` is `Running`, `Biking` or
/// `Other`, FIT `sport` is an enum name (`running`, `cycling`, `cross_country_skiing`). Names are
/// compared case-insensitively with `-`, `_` and spaces removed; anything unknown is `.other`.
public enum SportMapping {
    private static let aliases: [String: WorkoutActivityType] = [
        "run": .running, "running": .running, "trailrun": .running, "trailrunning": .running,
        "treadmill": .running, "virtualrun": .running,
        "ride": .cycling, "biking": .cycling, "bike": .cycling, "cycling": .cycling, "virtualride": .cycling,
        "mountainbiking": .cycling, "ebikeride": .cycling, "gravelride": .cycling, "roadcycling": .cycling,
        "walk": .walking, "walking": .walking,
        "hike": .hiking, "hiking": .hiking,
        "swim": .swimming, "swimming": .swimming, "openwaterswimming": .swimming, "poolswimming": .swimming,
        "row": .rowing, "rowing": .rowing,
        "crosscountryskiing": .crossCountrySkiing, "nordicski": .crossCountrySkiing, "backcountryski": .crossCountrySkiing,
        "alpineskiing": .downhillSkiing, "alpineski": .downhillSkiing, "downhillskiing": .downhillSkiing,
        "snowboarding": .snowboarding, "snowboard": .snowboarding,
        "kayaking": .paddleSports, "canoeing": .paddleSports, "paddling": .paddleSports, "standuppaddling": .paddleSports,
        "elliptical": .elliptical, "stairclimbing": .stairClimbing,
        "wheelchairwalkpace": .wheelchairWalkPace, "wheelchairrunpace": .wheelchairRunPace,
        "multisport": .swimBikeRun, "triathlon": .swimBikeRun,
    ]

    /// The activity type for a file's sport name; `.other` when unknown or absent.
    ///
    /// - Parameter sport: The sport as the file spells it.
    public static func activityType(for sport: String?) -> WorkoutActivityType {
        guard let sport else { return .other }
        let key = String(sport.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " })
        if let type = aliases[key] { return type }
        return WorkoutActivityType(name: sport) ?? .other
    }
}
