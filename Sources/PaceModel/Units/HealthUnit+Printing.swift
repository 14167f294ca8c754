extension HealthUnit {
    /// The canonical HealthKit-style string for this unit, e.g. `mL/(kg*min)`.
    ///
    /// Rules: numerator components joined by `*`, then `/` and the denominator components
    /// (with positive exponents), parenthesized when there is more than one: `m/s^2`, `km/hr`,
    /// `mg/dL`, `kcal/(kg*hr)`. A unit with only negative exponents prints them explicitly
    /// (`s^-1`, `m^-1*s^-1`), and the empty unit prints as `1`. Parsing the result gives back an
    /// equal unit, and for canonical strings `HealthUnit(parsing: s).unitString == s`.
    public var unitString: String {
        if components.isEmpty { return "1" }
        let numerator = components.filter { $0.exponent > 0 }
        let denominator = components.filter { $0.exponent < 0 }
        if numerator.isEmpty {
            return denominator.map { "\($0.symbol)^\($0.exponent)" }.joined(separator: "*")
        }
        let top = numerator.map(Self.format).joined(separator: "*")
        let bottom = denominator.map { component -> String in
            var positive = component
            positive.exponent = -component.exponent
            return Self.format(positive)
        }
        switch bottom.count {
        case 0: return top
        case 1: return "\(top)/\(bottom[0])"
        default: return "\(top)/(\(bottom.joined(separator: "*")))"
        }
    }

    private static func format(_ component: UnitComponent) -> String {
        component.exponent == 1 ? component.symbol : "\(component.symbol)^\(component.exponent)"
    }
}

extension HealthUnit: Codable {
    /// Decodes a unit from a single string in HealthKit syntax.
    ///
    /// Throws `DecodingError.dataCorrupted` carrying the ``UnitError`` message (and the error as
    /// `underlyingError`) when the string does not parse.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let string = try container.decode(String.self)
        do throws(UnitError) {
            self = try HealthUnit(parsing: string)
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: container.codingPath, debugDescription: error.message, underlyingError: error))
        }
    }

    /// Encodes the unit as its canonical ``unitString``.
    ///
    /// Throws `EncodingError.invalidValue` for a unit holding an invalid molar mass (built with
    /// ``moles(molarMassGramsPerMole:prefix:)`` from a non-positive or non-finite value), since its
    /// string could not be decoded again.
    public func encode(to encoder: any Encoder) throws {
        guard hasValidMolarMasses else {
            throw EncodingError.invalidValue(self, EncodingError.Context(
                codingPath: encoder.codingPath,
                debugDescription: "Cannot encode '\(unitString)': molar masses must be finite and positive."))
        }
        var container = encoder.singleValueContainer()
        try container.encode(unitString)
    }
}
