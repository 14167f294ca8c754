import Foundation
import PaceModel

/// What a workout takes from its `<WorkoutActivity>` children (exports from iOS 16 on): the
/// statistics and metadata the workout itself does not carry. Some exports give a workout's
/// distance, energy and heart rate only inside its activities.
enum WorkoutActivityMerge {
    /// The workout's statistics, with each type it lacks taken from its activities: one activity's
    /// as they are; several activities' combined — sums added, the lowest minimum, the highest
    /// maximum, averages weighted by each statistic's duration — over the span they cover. A type
    /// whose activities use units of different kinds is left out.
    static func statistics(_ own: [QuantityTypeIdentifier: WorkoutStatistics],
                           activities: [[QuantityTypeIdentifier: WorkoutStatistics]]) -> [QuantityTypeIdentifier: WorkoutStatistics] {
        var merged = own
        var byType: [QuantityTypeIdentifier: [WorkoutStatistics]] = [:]
        for activity in activities {
            for (type, statistics) in activity where own[type] == nil { byType[type, default: []].append(statistics) }
        }
        for (type, parts) in byType {
            merged[type] = parts.count == 1 ? parts[0] : combined(type, parts)
        }
        return merged
    }

    /// Several activities' statistics of one type as one, or `nil` when their units disagree in kind.
    static func combined(_ type: QuantityTypeIdentifier, _ parts: [WorkoutStatistics]) -> WorkoutStatistics? {
        let start = parts.map(\.startDate).min()!
        let end = parts.map(\.endDate).max()!
        /// One field of every part that has it, in the first one's unit, with the part's length in
        /// seconds; `nil` when the units differ in kind (no field present: an empty list).
        func values(_ field: KeyPath<WorkoutStatistics, Quantity?>) -> [(value: Double, unit: HealthUnit, seconds: TimeInterval)]? {
            var found: [(value: Double, unit: HealthUnit, seconds: TimeInterval)] = []
            for part in parts {
                guard let quantity = part[keyPath: field] else { continue }
                let unit = found.first?.unit ?? quantity.unit
                guard let value = try? quantity.doubleValue(for: unit) else { return nil }
                found.append((value, unit, part.endDate.timeIntervalSince(part.startDate)))
            }
            return found
        }
        guard let sums = values(\.sum), let averages = values(\.average), let minima = values(\.minimum),
              let maxima = values(\.maximum) else { return nil }
        var statistics = WorkoutStatistics(type: type, start: start, end: end)
        if let unit = sums.first?.unit { statistics.sum = Quantity(value: sums.reduce(0) { $0 + $1.value }, unit: unit) }
        if let unit = minima.first?.unit { statistics.minimum = Quantity(value: minima.map(\.value).min()!, unit: unit) }
        if let unit = maxima.first?.unit { statistics.maximum = Quantity(value: maxima.map(\.value).max()!, unit: unit) }
        if let unit = averages.first?.unit {
            let weight = averages.reduce(0) { $0 + $1.seconds }
            let value = weight > 0
                ? averages.reduce(0) { $0 + $1.value * $1.seconds } / weight
                : averages.reduce(0) { $0 + $1.value } / Double(averages.count)
            statistics.average = Quantity(value: value, unit: unit)
        }
        return statistics
    }

    /// Adds to `metadata` each key it lacks that the activities give: one activity's value, or, with
    /// several, a value every activity that has the key agrees on.
    static func fill(_ metadata: inout Metadata, from activities: [Metadata]) {
        var agreed: [MetadataKey: MetadataValue] = [:]
        var disputed: Set<MetadataKey> = []
        for activity in activities {
            for (key, value) in activity where metadata[key] == nil && !disputed.contains(key) {
                if let seen = agreed[key], seen != value {
                    agreed[key] = nil
                    disputed.insert(key)
                } else {
                    agreed[key] = value
                }
            }
        }
        for (key, value) in agreed { metadata[key] = value }
    }
}
