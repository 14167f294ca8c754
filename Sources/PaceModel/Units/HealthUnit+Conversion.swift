extension HealthUnit {
    /// Converts `value`, expressed in this unit, into `target`.
    ///
    /// `value_in_SI = (value + offset) × factor`, where the offset is non-zero only for a unit that
    /// is exactly `degC` or `degF` (one temperature atom, exponent 1). Inside compound units a
    /// temperature atom is an interval and only scales (`J/degC` ↔ `J/K` is 1:1).
    /// The scale factor is computed from the defining constants as a ratio of (mostly exact)
    /// products, with identical components of the two units cancelling first, so that a
    /// conversion ends in a single rounding step where possible.
    ///
    /// - Throws: ``UnitError/Code/incompatibleUnits`` when the dimensions differ,
    ///   ``UnitError/Code/nonLinearUnit`` when a logarithmic atom (`dBASPL`, `dBHL`) appears with
    ///   an exponent other than 1, and ``UnitError/Code/invalidMolarMass`` for a `mol<…>` built
    ///   with a non-positive or non-finite molar mass.
    func convert(_ value: Double, to target: HealthUnit) throws(UnitError) -> Double {
        try validateMolarMasses(convertingTo: target)
        if self == target { return value }
        guard isCompatible(with: target) else {
            throw UnitError(code: .incompatibleUnits,
                            message: "Cannot convert '\(unitString)' to '\(target.unitString)': "
                                + "\(dimension) is not compatible with \(target.dimension).")
        }
        for component in components + target.components
        where component.atom.isLogarithmic && component.exponent != 1 {
            throw UnitError(code: .nonLinearUnit,
                            message: "Cannot convert '\(unitString)' to '\(target.unitString)': "
                                + "'\(component.symbol)' is a logarithmic unit and converts only with exponent 1.")
        }

        let sourceOffset = absoluteOffset
        let targetOffset = target.absoluteOffset
        let ratio = Self.exactRatio(from: self, to: target)

        if ratio.isUsable {
            let scaled = Self.scale(value, by: ratio)
            guard sourceOffset != nil || targetOffset != nil else { return scaled }
            // value_B = value_A × N/D + C, with C = oA × N/D − oB folded into one exact fraction.
            let oA = sourceOffset ?? UnitRatio(numerator: 0, denominator: 1)
            let oB = targetOffset ?? UnitRatio(numerator: 0, denominator: 1)
            let constant = (oA.numerator * ratio.numerator * oB.denominator
                - oB.numerator * oA.denominator * ratio.denominator)
                / (oA.denominator * ratio.denominator * oB.denominator)
            if constant.isFinite { return scaled + constant }
        }

        // Fallback for extreme exponents, where exact products overflow: plain floating point.
        let factor = approximateSIFactor / target.approximateSIFactor
        guard sourceOffset != nil || targetOffset != nil else { return value * factor }
        let constant = (sourceOffset?.value ?? 0) * factor - (targetOffset?.value ?? 0)
        return value * factor + constant
    }

    /// The exact ratio `source / target`, after cancelling components the two units share.
    ///
    /// Merges without clamping (exponents here are at most 2 × ``maximumExponent``).
    private static func exactRatio(from source: HealthUnit, to target: HealthUnit) -> UnitRatio {
        var exponents: [UnitComponent.Key: Int] = [:]
        var order: [UnitComponent.Key] = []
        for (component, sign) in source.components.map({ ($0, 1) }) + target.components.map({ ($0, -1) }) {
            if exponents[component.key] == nil { order.append(component.key) }
            exponents[component.key, default: 0] += sign * component.exponent
        }
        return order.reduce(UnitRatio.one) { ratio, key in
            let exponent = exponents[key] ?? 0
            guard exponent != 0 else { return ratio }
            return ratio * UnitComponent(prefix: key.prefix, atom: key.atom, exponent: exponent).scale
        }
    }

    /// The offset added to values before scaling to SI, when this unit is exactly `degC` or `degF`.
    var absoluteOffset: UnitRatio? {
        guard components.count == 1, let only = components.first,
              only.exponent == 1, only.prefix == nil else { return nil }
        return only.atom.offset
    }

    /// The SI factor as a product of per-component floating-point powers (overflow-tolerant path).
    var approximateSIFactor: Double {
        components.reduce(1.0) { product, component in
            let base = ((component.prefix?.scale ?? .one) * component.atom.scale).value
            let raised = UnitRatio.integerPower(base, component.exponent.magnitude)
            return component.exponent < 0 ? product / raised : product * raised
        }
    }

    private static func scale(_ value: Double, by ratio: UnitRatio) -> Double {
        let product = value * ratio.numerator
        if product.isFinite || !value.isFinite {
            return product / ratio.denominator
        }
        return value * ratio.value
    }

    private func validateMolarMasses(convertingTo target: HealthUnit) throws(UnitError) {
        for component in components + target.components {
            guard case .mole(let molarMass) = component.atom, !molarMass.isValid else { continue }
            throw UnitError(code: .invalidMolarMass,
                            message: "Cannot convert '\(unitString)' to '\(target.unitString)': "
                                + "the molar mass in '\(component.symbol)' must be a finite, positive number "
                                + "of grams per mole, as in 'mmol<180.15588000005408>'.")
        }
    }
}
