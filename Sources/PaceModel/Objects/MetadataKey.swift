/// A metadata key, spelled as HealthKit spells it in `HKMetadataKey…` constants and in
/// Apple Health's `export.xml` (`<MetadataEntry key="HKIndoorWorkout" …>`).
///
/// Any string is a valid key; the static members name the ones Pace understands.
///
/// ```swift
/// var metadata = Metadata()
/// metadata[.indoorWorkout] = .bool(true)
/// ```
public struct MetadataKey: RawRepresentable, Hashable, Sendable, Codable, Comparable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    /// The key as stored and exported.
    public var rawValue: String

    /// Creates a key from its stored spelling.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a key from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The key's spelling.
    public var description: String { rawValue }

    /// Orders keys by their spelling, so stored and printed metadata is stable.
    public static func < (lhs: MetadataKey, rhs: MetadataKey) -> Bool { lhs.rawValue < rhs.rawValue }

    /// An identifier, unique per source, that lets a later save replace this object (string).
    public static let syncIdentifier: MetadataKey = "HKMetadataKeySyncIdentifier"
    /// The version of an object with a sync identifier (integer); a save replaces the stored
    /// object only when its version is higher.
    public static let syncVersion: MetadataKey = "HKMetadataKeySyncVersion"
    /// The object's identifier in another system, e.g. a FIT file's activity id (string).
    public static let externalUUID: MetadataKey = "HKExternalUUID"
    /// Whether the workout took place indoors (boolean).
    public static let indoorWorkout: MetadataKey = "HKIndoorWorkout"
    /// Whether a person entered the value by hand rather than a sensor measuring it (boolean).
    public static let wasUserEntered: MetadataKey = "HKWasUserEntered"
    /// The IANA time zone in which the object was recorded, e.g. `"Europe/Paris"` (string).
    public static let timeZone: MetadataKey = "HKTimeZone"
    /// Air temperature during the workout (temperature quantity).
    public static let weatherTemperature: MetadataKey = "HKWeatherTemperature"
    /// Relative humidity during the workout (percent quantity).
    public static let weatherHumidity: MetadataKey = "HKWeatherHumidity"
    /// Weather condition code during the workout (integer, HealthKit's `HKWeatherCondition`).
    public static let weatherCondition: MetadataKey = "HKWeatherCondition"
    /// Total elevation gained during the workout (length quantity).
    public static let elevationAscended: MetadataKey = "HKElevationAscended"
    /// Total elevation lost during the workout (length quantity).
    public static let elevationDescended: MetadataKey = "HKElevationDescended"
    /// Average speed over the moving time (speed quantity).
    public static let averageSpeed: MetadataKey = "HKAverageSpeed"
    /// Maximum speed (speed quantity).
    public static let maximumSpeed: MetadataKey = "HKMaximumSpeed"
    /// Average metabolic equivalent of the workout (quantity in `kcal/(kg*hr)`).
    public static let averageMETs: MetadataKey = "HKAverageMETs"
    /// Length of a lap, e.g. of a pool (length quantity).
    public static let lapLength: MetadataKey = "HKLapLength"
    /// Swimming location, pool or open water (integer, HealthKit's `HKWorkoutSwimmingLocationType`).
    public static let swimmingLocationType: MetadataKey = "HKSwimmingLocationType"
    /// Brand name of a third-party workout, e.g. a class provider (string).
    public static let workoutBrandName: MetadataKey = "HKWorkoutBrandName"
    /// Whether the workout was done in a group (boolean).
    public static let groupFitness: MetadataKey = "HKGroupFitness"
    /// Whether a coach led the workout (boolean).
    public static let coachedWorkout: MetadataKey = "HKCoachedWorkout"
    /// Heart-rate sensor location (integer, HealthKit's `HKHeartRateSensorLocation`).
    public static let heartRateSensorLocation: MetadataKey = "HKHeartRateSensorLocation"
    /// Activity context of a heart-rate reading (integer, `HKHeartRateMotionContext`).
    public static let heartRateMotionContext: MetadataKey = "HKMetadataKeyHeartRateMotionContext"
}
