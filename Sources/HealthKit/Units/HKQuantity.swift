public import Foundation
import PaceModel

/// An amount in a unit (Apple's `HKQuantity`): convertible to any compatible unit.
///
/// ```swift
/// let pace = HKQuantity(unit: .count().unitDivided(by: .minute()), doubleValue: 152)
/// pace.doubleValue(for: .count().unitDivided(by: .second()))   // 2.533…
/// ```
public final class HKQuantity: NSObject, @unchecked Sendable {
    /// The amount underneath.
    let quantity: Quantity

    init(_ quantity: Quantity) {
        self.quantity = quantity
    }

    /// An amount of `unit`.
    public convenience init(unit: HKUnit, doubleValue value: Double) {
        self.init(Quantity(value: value, unit: unit.unit))
    }

    /// Whether the amount converts to `unit`.
    public func `is`(compatibleWith unit: HKUnit) -> Bool {
        quantity.isCompatible(with: unit.unit)
    }

    /// The amount in `unit`.
    ///
    /// As Apple's does, it stops the program for an incompatible unit: check with
    /// ``is(compatibleWith:)`` first.
    public func doubleValue(for unit: HKUnit) -> Double {
        do {
            return try quantity.doubleValue(for: unit.unit)
        } catch {
            preconditionFailure("HKQuantity.doubleValue(for:): \(quantity) cannot be expressed in \(unit.unitString): \(error)")
        }
    }

    /// How this amount compares with another of a compatible unit.
    public func compare(_ quantity: HKQuantity) -> ComparisonResult {
        do {
            return try self.quantity.compare(quantity.quantity)
        } catch {
            preconditionFailure("HKQuantity.compare(_:): \(self.quantity) and \(quantity.quantity) have incompatible units: \(error)")
        }
    }

    /// Equal amounts in the same unit.
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? HKQuantity)?.quantity == quantity
    }

    /// A hash consistent with ``isEqual(_:)``.
    public override var hash: Int { quantity.hashValue }

    /// The amount and its unit, e.g. `152 count/min`.
    public override var description: String { quantity.description }
}
