// Apple's metadata key constants (`HKMetadataKey…`), generated from PaceModel's `MetadataKey`,
// which holds the keys Pace understands; any other string is a valid key too.

/// An identifier, unique per source, that lets a later save replace this object (string).
public let HKMetadataKeySyncIdentifier = "HKMetadataKeySyncIdentifier"
/// The version of an object with a sync identifier (integer); a save replaces the stored
/// object only when its version is higher.
public let HKMetadataKeySyncVersion = "HKMetadataKeySyncVersion"
/// The object's identifier in another system, e.g. a FIT file's activity id (string).
public let HKMetadataKeyExternalUUID = "HKExternalUUID"
/// Whether the workout took place indoors (boolean).
public let HKMetadataKeyIndoorWorkout = "HKIndoorWorkout"
/// Whether a person entered the value by hand rather than a sensor measuring it (boolean).
public let HKMetadataKeyWasUserEntered = "HKWasUserEntered"
/// The IANA time zone in which the object was recorded, e.g. `"Europe/Paris"` (string).
public let HKMetadataKeyTimeZone = "HKTimeZone"
/// Air temperature during the workout (temperature quantity).
public let HKMetadataKeyWeatherTemperature = "HKWeatherTemperature"
/// Relative humidity during the workout (percent quantity).
public let HKMetadataKeyWeatherHumidity = "HKWeatherHumidity"
/// Weather condition code during the workout (integer, HealthKit's `HKWeatherCondition`).
public let HKMetadataKeyWeatherCondition = "HKWeatherCondition"
/// Total elevation gained during the workout (length quantity).
public let HKMetadataKeyElevationAscended = "HKElevationAscended"
/// Total elevation lost during the workout (length quantity).
public let HKMetadataKeyElevationDescended = "HKElevationDescended"
/// Average speed over the moving time (speed quantity).
public let HKMetadataKeyAverageSpeed = "HKAverageSpeed"
/// Maximum speed (speed quantity).
public let HKMetadataKeyMaximumSpeed = "HKMaximumSpeed"
/// Average metabolic equivalent of the workout (quantity in `kcal/(kg*hr)`).
public let HKMetadataKeyAverageMETs = "HKAverageMETs"
/// Length of a lap, e.g. of a pool (length quantity).
public let HKMetadataKeyLapLength = "HKLapLength"
/// Swimming location, pool or open water (integer, HealthKit's `HKWorkoutSwimmingLocationType`).
public let HKMetadataKeySwimmingLocationType = "HKSwimmingLocationType"
/// Brand name of a third-party workout, e.g. a class provider (string).
public let HKMetadataKeyWorkoutBrandName = "HKWorkoutBrandName"
/// Whether the workout was done in a group (boolean).
public let HKMetadataKeyGroupFitness = "HKGroupFitness"
/// Whether a coach led the workout (boolean).
public let HKMetadataKeyCoachedWorkout = "HKCoachedWorkout"
/// Heart-rate sensor location (integer, HealthKit's `HKHeartRateSensorLocation`).
public let HKMetadataKeyHeartRateSensorLocation = "HKHeartRateSensorLocation"
/// Activity context of a heart-rate reading (integer, `HKHeartRateMotionContext`).
public let HKMetadataKeyHeartRateMotionContext = "HKMetadataKeyHeartRateMotionContext"
