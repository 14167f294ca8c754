import Foundation
import PaceModel
import PaceStore

/// The statistics of a session still recording, per quantity type, as the finished workout will
/// have them: heart rate from the readings so far; distance as the track covered so far; active
/// energy from the same estimate as the finished workout's; plus the samples a client attached.
/// HealthKit's live builder answers `statistics(for:)` from this.
struct LiveStatistics {
    let configuration: WorkoutSessionConfiguration
    let metrics: SessionMetrics
    let attachments: SessionAttachments
    /// When collection began, and up to when (now, or the end).
    let start: Date
    let end: Date
    /// Seconds of active time so far.
    let activeDuration: Double

    /// The distance type the session's activity records.
    var distanceType: QuantityTypeIdentifier {
        [.cycling, .handCycling].contains(configuration.activityType) ? .distanceCycling : .distanceWalkingRunning
    }

    /// The types with at least one value so far.
    var collectedTypes: Set<QuantityTypeIdentifier> {
        var types = Set(attachments.samples.map(\.type))
        if !metrics.heartRates.isEmpty { types.insert(.heartRate) }
        if metrics.distance > 0 { types.insert(distanceType) }
        if energy > 0 { types.insert(.activeEnergyBurned) }
        return types
    }

    /// Active energy so far, in kilocalories.
    var energy: Double {
        EnergyEstimate.kilocalories(activity: configuration.activityType, bodyMass: configuration.bodyMass,
                                    distance: metrics.distance, duration: activeDuration, work: nil)
    }

    /// The statistics of `type`, or `nil` when nothing of it was collected.
    func statistics(for type: QuantityTypeIdentifier) -> QuantityStatistics? {
        var samples = attachments.samples.filter { $0.type == type }
        let source = Source(name: configuration.sourceName, bundleIdentifier: configuration.sourceBundleIdentifier)
        func sample(_ value: Double, _ unit: HealthUnit, from: Date, to: Date) -> QuantitySample {
            QuantitySample(type: type, quantity: Quantity(value: value, unit: unit), start: from, end: to, source: source)
        }
        switch type {
        case .heartRate:
            samples += metrics.heartRates.map { sample($0.value, .countPerMinute, from: $0.time, to: $0.time) }
        case distanceType where metrics.distance > 0:
            samples.append(sample(metrics.distance, .meter, from: start, to: end))
        case .activeEnergyBurned where energy > 0:
            samples.append(sample(energy, .kilocalorie, from: start, to: end))
        default:
            break
        }
        guard !samples.isEmpty else { return nil }
        let totals = WorkoutBuilder.statistics(type, samples, start: start, end: end)
        var statistics = QuantityStatistics(type: type, interval: DateInterval(start: start, end: max(start, end)))
        statistics.sampleCount = samples.count
        statistics.sum = totals.sum
        statistics.average = totals.average
        statistics.minimum = totals.minimum
        statistics.maximum = totals.maximum
        statistics.mostRecent = totals.mostRecent
        return statistics
    }
}
