public import Foundation
import PaceModel

/// A unit of measure (Apple's `HKUnit`): HealthKit's unit strings (`"count/min"`, `"kcal"`,
/// `"m/s^2"`), the named constructors, and arithmetic on units. Conversions are PaceModel's.
///
/// ```swift
/// let beatsPerMinute = HKUnit.count().unitDivided(by: .minute())
/// let kilometres = HKUnit.meterUnit(with: .kilo)
/// ```
public final class HKUnit: NSObject, @unchecked Sendable {
    /// The unit underneath.
    let unit: HealthUnit

    init(_ unit: HealthUnit) {
        self.unit = unit
    }

    /// The unit a HealthKit unit string names, e.g. `"count/min"`, `"mmHg"`, `"mcg"`.
    ///
    /// As Apple's does, it stops the program for a string that is not a unit: check strings from
    /// outside with ``init(validating:)`` first.
    public convenience init(from string: String) {
        do {
            self.init(try HealthUnit(parsing: string))
        } catch {
            preconditionFailure("HKUnit(from:): '\(string)' is not a HealthKit unit string: \(error)")
        }
    }

    /// The unit a string names, or `nil` when it is not a unit (Pace's addition: Apple has no
    /// failable form).
    public convenience init?(validating string: String) {
        guard let unit = try? HealthUnit(parsing: string) else { return nil }
        self.init(unit)
    }

    /// The unit's canonical HealthKit string.
    public var unitString: String { unit.unitString }

    /// Whether this is the unit of dimensionless numbers without a name (Apple's `isNull()`).
    public func isNull() -> Bool { unit == .one }

    /// This unit times `unit`.
    public func unitMultiplied(by unit: HKUnit) -> HKUnit { HKUnit(self.unit * unit.unit) }

    /// This unit divided by `unit`.
    public func unitDivided(by unit: HKUnit) -> HKUnit { HKUnit(self.unit / unit.unit) }

    /// This unit raised to an integer power.
    public func unitRaised(toPower power: Int) -> HKUnit { HKUnit(unit.raised(to: power)) }

    /// One over this unit.
    public func reciprocal() -> HKUnit { HKUnit(unit.reciprocal()) }

    /// Units are equal when they are the same unit (`"km"` and `"km"`, not `"km"` and `"m"`).
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? HKUnit)?.unit == unit
    }

    /// A hash consistent with ``isEqual(_:)``.
    public override var hash: Int { unit.hashValue }

    /// The unit string.
    public override var description: String { unit.unitString }

    /// A unit with `prefix` before `symbol`, through the string grammar.
    static func prefixed(_ prefix: HKMetricPrefix, _ symbol: String) -> HKUnit {
        HKUnit(from: prefix.symbol + symbol)
    }
}
