public import Foundation

/// An amount in a ``HealthUnit``, such as 72 `count/min` or 5.4 `mmol<180.15588000005408>/L`.
///
/// Equality and hashing are exact on both ``value`` and ``unit``: `1 km` and `1000 m` are not
/// equal. Use ``compare(_:)`` or ``doubleValue(for:)`` to compare physical amounts.
/// Encodes as `{"value": 72, "unit": "count/min"}`.
public struct Quantity: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The numeric amount, expressed in ``unit``.
    public var value: Double

    /// The unit ``value`` is expressed in.
    public var unit: HealthUnit

    /// Creates a quantity of `value` (in `unit`).
    public init(value: Double, unit: HealthUnit) {
        self.value = value
        self.unit = unit
    }

    /// The same amount expressed in `unit`.
    ///
    /// - Throws: ``UnitError`` when the units are incompatible (``UnitError/Code/incompatibleUnits``),
    ///   involve a logarithmic unit with an exponent other than 1 (``UnitError/Code/nonLinearUnit``),
    ///   or hold an invalid molar mass (``UnitError/Code/invalidMolarMass``).
    public func converted(to unit: HealthUnit) throws(UnitError) -> Quantity {
        Quantity(value: try doubleValue(for: unit), unit: unit)
    }

    /// The numeric amount expressed in `unit`; `degC`/`degF` convert as absolute temperatures.
    ///
    /// - Throws: ``UnitError`` under the same conditions as ``converted(to:)``.
    public func doubleValue(for unit: HealthUnit) throws(UnitError) -> Double {
        try self.unit.convert(value, to: unit)
    }

    /// Whether this quantity can be expressed in `unit` (the dimensions are equal).
    public func isCompatible(with unit: HealthUnit) -> Bool {
        self.unit.isCompatible(with: unit)
    }

    /// Compares the physical amounts of two quantities, converting `other` into this quantity's unit.
    ///
    /// Values are ordered with IEEE 754 total order, so NaN never crashes and compares
    /// deterministically. Because the conversion rounds, nearly equal amounts in different units
    /// may compare as ordered.
    ///
    /// - Throws: ``UnitError`` when `other` cannot be converted into ``unit``.
    public func compare(_ other: Quantity) throws(UnitError) -> ComparisonResult {
        let otherValue = try other.doubleValue(for: unit)
        if value == otherValue { return .orderedSame }
        if value.isNaN && otherValue.isNaN && value.bitPattern == otherValue.bitPattern { return .orderedSame }
        return value.isTotallyOrdered(belowOrEqualTo: otherValue) ? .orderedAscending : .orderedDescending
    }

    /// The value followed by the unit string, e.g. `72.0 count/min`.
    public var description: String {
        "\(value) \(unit.unitString)"
    }
}
