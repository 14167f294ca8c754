/// A HealthKit-style unit such as `kg`, `count/min`, `mL/(kg*min)` or `mmol<180.15588000005408>/L`.
///
/// A unit is a product of components, each an optional ``UnitPrefix``, a base unit ("atom") and a
/// non-zero integer exponent. The atoms the user wrote are kept, so `kcal/hr` stays `kcal/hr` and is
/// never rewritten as `J/s`; identical components are combined (`m*m` is `m^2`), zero exponents are
/// dropped, and components are put in a canonical order (by atom family, then prefix size).
///
/// Equality and hashing compare that normalized component list, not the physical size:
/// `mL/kg*min == mL/(kg*min)`, but `km` and `m` differ, and so do `L` and `dm^3`. Use ``isCompatible(with:)`` and ``Quantity`` conversion to compare values.
///
/// Create units with ``init(parsing:)``, the static constants (``meter``, ``kilocalorie``, …), and
/// the `*`, `/`, ``raised(to:)`` and ``reciprocal()`` operations. Printing with ``unitString``
/// and parsing again always gives back an equal unit.
public struct HealthUnit: Hashable, Sendable, CustomStringConvertible {
    /// The normalized components: combined, non-zero, in canonical order.
    let components: [UnitComponent]

    /// The largest exponent magnitude a component may have (dimensionless count).
    ///
    /// Parsing rejects larger exponents; `*`, `/` and ``raised(to:)`` clamp to this bound.
    public static let maximumExponent = 1000

    /// Creates a unit from raw components, normalizing them.
    init(normalizing raw: [UnitComponent]) {
        components = Self.normalize(raw)
    }

    /// Creates the unit `prefix atom^exponent`.
    init(_ atom: UnitAtom, prefix: UnitPrefix? = nil, exponent: Int = 1) {
        self.init(normalizing: [UnitComponent(prefix: prefix, atom: atom, exponent: exponent)])
    }

    /// The dimensionless unit with no components, printed as `1` (the result of `m/m`).
    public static let one = HealthUnit(normalizing: [])

    /// The unit's physical dimension: the sum of its components' dimensions times their exponents.
    public var dimension: UnitDimension {
        components.reduce(UnitDimension.dimensionless) { result, component in
            result * component.atom.dimension.raised(to: component.exponent)
        }
    }

    /// Whether values in this unit can be converted to `other` (the dimensions are equal).
    public func isCompatible(with other: HealthUnit) -> Bool {
        dimension == other.dimension
    }

    /// The product of two units; exponents of identical components add (clamped to ±``maximumExponent``).
    public static func * (lhs: HealthUnit, rhs: HealthUnit) -> HealthUnit {
        HealthUnit(normalizing: lhs.components + rhs.components)
    }

    /// The quotient of two units: `lhs * rhs.reciprocal()`.
    public static func / (lhs: HealthUnit, rhs: HealthUnit) -> HealthUnit {
        lhs * rhs.reciprocal()
    }

    /// The unit raised to an integer power; exponents multiply (clamped to ±``maximumExponent``).
    /// A power of 0 gives ``one``.
    public func raised(to power: Int) -> HealthUnit {
        HealthUnit(normalizing: components.map { component in
            var raised = component
            let (product, overflow) = component.exponent.multipliedReportingOverflow(by: power)
            raised.exponent = overflow
                ? ((component.exponent < 0) != (power < 0) ? Int.min : Int.max)
                : product
            return raised
        })
    }

    /// The unit with every exponent negated, e.g. `s^-1` for `s`.
    public func reciprocal() -> HealthUnit {
        raised(to: -1)
    }

    /// The canonical HealthKit-style string (same as ``unitString``).
    public var description: String { unitString }

    /// Whether every `mol<…>` component has a finite, positive molar mass.
    var hasValidMolarMasses: Bool {
        components.allSatisfy { component in
            if case .mole(let molarMass) = component.atom { return molarMass.isValid }
            return true
        }
    }

    // MARK: - Normalization

    static func clamp(_ exponent: Int) -> Int {
        min(max(exponent, -maximumExponent), maximumExponent)
    }

    private static func normalize(_ raw: [UnitComponent]) -> [UnitComponent] {
        var order: [UnitComponent.Key] = []
        var exponents: [UnitComponent.Key: Int] = [:]
        for component in raw {
            let key = component.key
            if let existing = exponents[key] {
                let (sum, overflow) = existing.addingReportingOverflow(component.exponent)
                exponents[key] = overflow ? (existing < 0 ? Int.min : Int.max) : sum
            } else {
                order.append(key)
                exponents[key] = component.exponent
            }
        }
        return order.compactMap { key -> UnitComponent? in
            let exponent = clamp(exponents[key] ?? 0)
            guard exponent != 0 else { return nil }
            return UnitComponent(prefix: key.prefix, atom: key.atom, exponent: exponent)
        }
        .sorted(by: UnitComponent.canonicallyPrecedes)
    }
}

/// One factor of a ``HealthUnit``: optional prefix, atom, non-zero exponent.
struct UnitComponent: Hashable, Sendable {
    /// The identity of a component apart from its exponent.
    struct Key: Hashable, Sendable {
        var prefix: UnitPrefix?
        var atom: UnitAtom
    }

    var prefix: UnitPrefix?
    var atom: UnitAtom
    var exponent: Int

    var key: Key { Key(prefix: prefix, atom: atom) }

    /// The prefixed symbol without exponent, e.g. `kcal` or `mmol<180.15588000005408>`.
    var symbol: String { (prefix?.rawValue ?? "") + atom.symbol }

    /// The component's scale to coherent SI units, raised to its exponent.
    var scale: UnitRatio {
        ((prefix?.scale ?? .one) * atom.scale).raised(to: exponent)
    }

    /// The canonical order: atom family order, then molar mass, then prefix size (unprefixed = 10⁰).
    static func canonicallyPrecedes(_ lhs: UnitComponent, _ rhs: UnitComponent) -> Bool {
        let lhsIndex = lhs.atom.sortIndex
        let rhsIndex = rhs.atom.sortIndex
        if lhsIndex != rhsIndex { return lhsIndex < rhsIndex }
        if case .mole(let lhsMass) = lhs.atom, case .mole(let rhsMass) = rhs.atom, lhsMass != rhsMass {
            return lhsMass.gramsPerMole.isTotallyOrdered(belowOrEqualTo: rhsMass.gramsPerMole)
        }
        return (lhs.prefix?.decimalExponent ?? 0) < (rhs.prefix?.decimalExponent ?? 0)
    }
}
