public import Foundation
import PaceModel
import PaceSensors

/// Where a live workout builder's data comes from (Apple's `HKLiveWorkoutDataSource`): Pace's
/// sensors, named by the environment as for `pace record` — the GPS from `PACE_GPS` (default
/// `gpsd://localhost:2947`) for distance, a Bluetooth LE heart-rate strap from
/// `PACE_HEART_RATE=ble:ADDRESS` for heart rate. Active energy follows from them.
public class HKLiveWorkoutDataSource: NSObject, @unchecked Sendable {
    private let types: Locked<Set<QuantityTypeIdentifier>>
    let environment: [String: String]

    /// A data source collecting what a workout of `configuration`'s activity records: heart rate,
    /// active energy, and the activity's distance.
    public init(healthStore: HKHealthStore, workoutConfiguration configuration: HKWorkoutConfiguration?) {
        let activity = configuration?.activityType ?? .other
        var types: Set<QuantityTypeIdentifier> = [.heartRate, .activeEnergyBurned]
        switch activity {
        case .cycling, .handCycling: types.insert(.distanceCycling)
        case .swimming: break
        default: types.insert(.distanceWalkingRunning)
        }
        self.types = Locked(types)
        self.environment = healthStore.environment
        super.init()
    }

    /// The types the builder collects by itself.
    public var typesToCollect: Set<HKQuantityType> {
        Set(types.withLock { $0 }.map { HKQuantityType(pace: $0) })
    }

    /// Collects `quantityType` too (the predicate is not used: Pace's sensors are this device's).
    public func enableCollection(for quantityType: HKQuantityType, predicate: NSPredicate?) {
        _ = types.withLock { $0.insert(quantityType.quantityIdentifier) }
    }

    /// Stops collecting `quantityType`: its sensor is not run.
    public func disableCollection(for quantityType: HKQuantityType) {
        _ = types.withLock { $0.remove(quantityType.quantityIdentifier) }
    }

    /// The sensors to run for the types collected.
    /// - Throws: ``HKError/Code/errorInvalidArgument`` when `PACE_GPS` or `PACE_HEART_RATE` cannot be read.
    func sources() throws(HKError) -> [any SensorSource] {
        let types = types.withLock { $0 }
        var sources: [any SensorSource] = []
        if !types.isDisjoint(with: [.distanceWalkingRunning, .distanceCycling]) {
            do {
                let text = environment["PACE_GPS"].flatMap { $0.isEmpty ? nil : $0 } ?? "gpsd://localhost:2947"
                sources.append(try GPSSourceSpecification(parsing: text, option: "PACE_GPS").makeSource())
            } catch {
                throw HKError(.errorInvalidArgument, message: "\(error)")
            }
        }
        if types.contains(.heartRate), let strap = environment["PACE_HEART_RATE"], !strap.isEmpty {
            guard strap.hasPrefix("ble:"), strap.count > 4 else {
                throw HKError(.errorInvalidArgument,
                              message: "PACE_HEART_RATE must be ble:ADDRESS (a Bluetooth LE heart-rate strap), not '\(strap)'.")
            }
            sources.append(BluetoothSensorSource(address: String(strap.dropFirst(4)), profile: .heartRate))
        }
        return sources
    }
}
