public import Foundation
import PaceModel
import PaceStore

extension HKQuery {
    /// Samples overlapping `[startDate, endDate)` (HealthKit's rule); with ``HKQueryOptions/strictStartDate``
    /// only those starting inside, with ``HKQueryOptions/strictEndDate`` only those ending inside.
    public class func predicateForSamples(withStart startDate: Date?, end endDate: Date?,
                                          options: HKQueryOptions = []) -> NSPredicate {
        var paceOptions: DateRangeOptions = []
        if options.contains(.strictStartDate) { paceOptions.insert(.strictStartDate) }
        if options.contains(.strictEndDate) { paceOptions.insert(.strictEndDate) }
        return HKPredicate(.date(from: startDate, to: endDate, options: paceOptions))
    }

    /// The samples associated with a workout: those its builder or its recording added, and those
    /// linked to it since (HealthKit's `predicateForObjects(from:)`).
    public class func predicateForObjects(from workout: HKWorkout) -> NSPredicate {
        HKPredicate(.workout(workout.uuid))
    }

    /// The object with this UUID.
    public class func predicateForObject(with UUID: UUID) -> NSPredicate {
        HKPredicate(.id(UUID))
    }

    /// The objects with these UUIDs.
    public class func predicateForObjects(with UUIDs: Set<UUID>) -> NSPredicate {
        HKPredicate(.ids(UUIDs.sorted { $0.uuidString < $1.uuidString }))
    }

    /// The objects saved by `source`.
    public class func predicateForObjects(from source: HKSource) -> NSPredicate {
        HKPredicate(.source(source.bundleIdentifier))
    }

    /// The objects saved by any of `sources`.
    public class func predicateForObjects(from sources: Set<HKSource>) -> NSPredicate {
        HKPredicate(.sources(sources.map(\.bundleIdentifier).sorted()))
    }

    /// The objects made by any of `devices` (matched by name, the one device property Pace queries).
    public class func predicateForObjects(from devices: Set<HKDevice>) -> NSPredicate {
        let names = devices.compactMap(\.name).sorted()
        guard names.count == devices.count else {
            return HKPredicate(unsupported: "Pace matches devices by name; a device without a name cannot be matched.")
        }
        return HKPredicate(names.dropFirst().reduce(names.first.map { .device(named: $0) } ?? !SamplePredicate.all) {
            $0 || .device(named: $1)
        })
    }

    /// The objects made by devices whose `key` property (only `HKDevicePropertyKeyName` on Pace) is one of `allowedValues`.
    public class func predicateForObjects(withDeviceProperty key: String, allowedValues: Set<String>) -> NSPredicate {
        guard key == HKDevicePropertyKeyName else {
            return HKPredicate(unsupported: "Pace matches devices by \(HKDevicePropertyKeyName) only, not \(key).")
        }
        let names = allowedValues.sorted()
        return HKPredicate(names.dropFirst().reduce(names.first.map { .device(named: $0) } ?? !SamplePredicate.all) {
            $0 || .device(named: $1)
        })
    }

    /// The objects whose metadata has a value for `key`, whatever it is.
    public class func predicateForObjects(withMetadataKey key: String) -> NSPredicate {
        HKPredicate(.hasMetadata(MetadataKey(rawValue: key)))
    }

    /// The objects whose metadata value for `key` is one of `allowedValues` (strings or numbers).
    public class func predicateForObjects(withMetadataKey key: String, allowedValues: [Any]) -> NSPredicate {
        var parts: [SamplePredicate] = []
        for value in allowedValues {
            guard let metadata = try? HKMetadata.pace([key: value])[MetadataKey(rawValue: key)] else {
                return HKPredicate(unsupported: "The metadata value \(value) of '\(key)' is not a string, number, date or quantity.")
            }
            parts.append(.metadata(MetadataKey(rawValue: key), equals: metadata))
        }
        return HKPredicate(parts.dropFirst().reduce(parts.first ?? !SamplePredicate.all) { $0 || $1 })
    }

    /// The objects whose metadata value for `key` compares so with `value` (only `.equalTo` and
    /// `.notEqualTo` on Pace).
    public class func predicateForObjects(withMetadataKey key: String, operatorType: HKComparisonOperator,
                                          value: Any) -> NSPredicate {
        guard let metadata = try? HKMetadata.pace([key: value])[MetadataKey(rawValue: key)] else {
            return HKPredicate(unsupported: "The metadata value \(value) of '\(key)' is not a string, number, date or quantity.")
        }
        let equal = SamplePredicate.metadata(MetadataKey(rawValue: key), equals: metadata)
        switch operatorType {
        case .equalTo: return HKPredicate(equal)
        case .notEqualTo: return HKPredicate(!equal)
        default: return HKPredicate(unsupported: "Pace compares metadata for equality only.")
        }
    }

    /// The quantity samples whose value compares so with `quantity` (in the type's unit).
    public class func predicateForQuantitySamples(with operatorType: HKComparisonOperator,
                                                  quantity: HKQuantity) -> NSPredicate {
        HKPredicate(.quantity(operatorType.pace, quantity.quantity))
    }

    /// The workouts of one activity.
    public class func predicateForWorkouts(with workoutActivityType: HKWorkoutActivityType) -> NSPredicate {
        guard let activity = WorkoutActivityType(rawValue: workoutActivityType.rawValue) else {
            return HKPredicate(unsupported: "Unknown workout activity type \(workoutActivityType.rawValue).")
        }
        return HKPredicate(.activityType(activity))
    }

    /// Workouts whose active duration, in seconds, compares so with `duration`.
    public class func predicateForWorkouts(with operatorType: HKComparisonOperator, duration: TimeInterval) -> NSPredicate {
        HKPredicate(.workoutDuration(operatorType.pace, seconds: duration))
    }

    /// Workouts whose total distance compares so with `totalDistance`.
    public class func predicateForWorkouts(with operatorType: HKComparisonOperator, totalDistance: HKQuantity) -> NSPredicate {
        HKPredicate(.totalDistance(operatorType.pace, totalDistance.quantity))
    }

    /// Workouts whose total active energy compares so with `totalEnergyBurned`.
    public class func predicateForWorkouts(with operatorType: HKComparisonOperator, totalEnergyBurned: HKQuantity) -> NSPredicate {
        HKPredicate(.totalEnergyBurned(operatorType.pace, totalEnergyBurned.quantity))
    }

    /// Category samples whose value compares so with `value`.
    public class func predicateForCategorySamples(with operatorType: HKComparisonOperator, value: Int) -> NSPredicate {
        HKPredicate(.categoryValue(operatorType.pace, value))
    }

    /// Category samples whose value is one of `values` (iOS 16).
    public class func predicateForCategorySamples(equalTo values: Set<Int>) -> NSPredicate {
        let sorted = values.sorted()
        return HKPredicate(sorted.dropFirst().reduce(sorted.first.map { .categoryValue(.equal, $0) } ?? !SamplePredicate.all) {
            $0 || .categoryValue(.equal, $1)
        })
    }

    /// Samples that belong to no correlation: every sample on Pace, which stores no correlations yet.
    public class func predicateForObjectsWithNoCorrelation() -> NSPredicate {
        HKPredicate(.all)
    }
}

/// The device property key of a device's name.
public let HKDevicePropertyKeyName = "name"
/// The device property key of a device's manufacturer.
public let HKDevicePropertyKeyManufacturer = "manufacturer"
/// The device property key of a device's model.
public let HKDevicePropertyKeyModel = "model"
/// The device property key of a device's hardware version.
public let HKDevicePropertyKeyHardwareVersion = "hardwareVersion"
/// The device property key of a device's firmware version.
public let HKDevicePropertyKeyFirmwareVersion = "firmwareVersion"
/// The device property key of a device's software version.
public let HKDevicePropertyKeySoftwareVersion = "softwareVersion"
/// The device property key of a device's local identifier.
public let HKDevicePropertyKeyLocalIdentifier = "localIdentifier"
/// The device property key of a device's UDI.
public let HKDevicePropertyKeyUDIDeviceIdentifier = "UDIDeviceIdentifier"
