import Foundation
@testable import HealthKit
import PaceTestSupport

extension HKHealthStore {
    /// A store for this test app on a new store file in `directory`, every request granted at once.
    static func granted(in directory: TemporaryDirectory) -> HKHealthStore {
        HKHealthStore(environment: ["PACE_STORE": directory.path("health.sqlite"), "PACE_AUTHORIZATION": "grant"])
    }
}

extension HKQuantitySample {
    /// A heart-rate sample of `value` beats per minute, an instant `offset` seconds after `start`.
    static func heartRate(_ value: Double, at offset: TimeInterval, after start: Date) -> HKQuantitySample {
        HKQuantitySample(type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: HKUnit.count().unitDivided(by: .minute()), doubleValue: value),
                         start: start.addingTimeInterval(offset), end: start.addingTimeInterval(offset))
    }
}
