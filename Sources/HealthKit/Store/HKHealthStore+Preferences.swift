import Foundation
import PaceModel

/// How often background delivery may wake the app (Apple's `HKUpdateFrequency`).
public enum HKUpdateFrequency: Int, Sendable {
    /// As soon as data arrives.
    case immediate = 1
    /// At most hourly.
    case hourly = 2
    /// At most daily.
    case daily = 3
    /// At most weekly.
    case weekly = 4
}

extension HKHealthStore {
    /// The unit each type is shown in: the type's canonical unit on Pace (there are no locale
    /// settings to follow). `completion` runs on a background queue.
    @preconcurrency
    public func preferredUnits(for quantityTypes: Set<HKQuantityType>,
                               completion: @escaping @Sendable ([HKQuantityType: HKUnit], (any Error)?) -> Void) {
        let units = Self.preferredUnits(for: quantityTypes)
        HKCallbacks.queue.async { completion(units, nil) }
    }

    /// The async form of ``preferredUnits(for:completion:)``.
    public func preferredUnits(for quantityTypes: Set<HKQuantityType>) async throws -> [HKQuantityType: HKUnit] {
        Self.preferredUnits(for: quantityTypes)
    }

    private static func preferredUnits(for types: Set<HKQuantityType>) -> [HKQuantityType: HKUnit] {
        Dictionary(uniqueKeysWithValues: types.map { ($0, HKUnit($0.quantityIdentifier.canonicalUnit)) })
    }

    /// Background delivery: a Linux process is not woken by the system, so there is nothing to
    /// enable; observer queries notify a running process. Succeeds, as the request is understood.
    @preconcurrency
    public func enableBackgroundDelivery(for type: HKObjectType, frequency: HKUpdateFrequency,
                                         withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        HKCallbacks.queue.async { completion(true, nil) }
    }

    /// The async form of ``enableBackgroundDelivery(for:frequency:withCompletion:)``.
    public func enableBackgroundDelivery(for type: HKObjectType, frequency: HKUpdateFrequency) async throws {}

    /// Turns background delivery off for a type (nothing to do on Linux).
    @preconcurrency
    public func disableBackgroundDelivery(for type: HKObjectType,
                                          withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        HKCallbacks.queue.async { completion(true, nil) }
    }

    /// The async form of ``disableBackgroundDelivery(for:withCompletion:)``.
    public func disableBackgroundDelivery(for type: HKObjectType) async throws {}

    /// Turns background delivery off for every type (nothing to do on Linux).
    @preconcurrency
    public func disableAllBackgroundDelivery(completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        HKCallbacks.queue.async { completion(true, nil) }
    }

    /// The async form of ``disableAllBackgroundDelivery(completion:)``.
    public func disableAllBackgroundDelivery() async throws {}
}
