extension HealthUnit {
    /// Parses a HealthKit unit string such as `count/min`, `mL/(kg*min)`, `m/s^2` or
    /// `mmol<180.15588000005408>/L`.
    ///
    /// Components are joined with `*` (or `·`, U+00B7, as in Apple Health's `export.xml`:
    /// `mL/min·kg`), divided with `/`, raised with `^` and an optional `-` (`m^-1`), and grouped
    /// with parentheses. Following HealthKit, everything after a `/` at the same parenthesis level
    /// is in the denominator: `mL/kg*min`, `mL/(kg*min)` and `mL/min·kg` are the same unit (and a
    /// second `/` keeps dividing: `m/s/s` is `m/s^2`). A lone `1` is the dimensionless unit
    /// (`1/s`). Whitespace is not allowed. Exponents must stay within ±``maximumExponent``.
    ///
    /// - Throws: ``UnitError`` with code ``UnitError/Code/syntax``, ``UnitError/Code/unknownUnit``
    ///   or ``UnitError/Code/invalidMolarMass``, the input and the character offset of the problem.
    public init(parsing unitString: String) throws(UnitError) {
        // Files and sync batches repeat a handful of unit strings thousands of times: each is parsed once.
        if let known = Self.parsed.withLock({ $0[unitString] }) {
            self = known
            return
        }
        var parser = UnitParser(unitString)
        self.init(normalizing: try parser.parse())
        let unit = self
        Self.parsed.withLock { cache in
            if cache.count < Self.parsedLimit { cache[unitString] = unit }
        }
    }

    /// Unit strings parsed so far in this process, and what they parsed to (at most ``parsedLimit``:
    /// a stream of distinct strings, which only hostile input makes, is parsed each time instead).
    private static let parsed = Locked<[String: HealthUnit]>([:])
    private static let parsedLimit = 1024

    /// The result of looking up one symbol without exponent, such as `kcal` or `min`.
    enum SymbolLookup {
        case found(UnitPrefix?, UnitAtom)
        case notPrefixable(UnitPrefix, UnitAtom)
        case unknown
    }

    /// Looks up a symbol: a whole atom first (`min`, `cmAq`, `Cal`), then prefix + prefixable atom.
    static func lookUpSymbol(_ name: String) -> SymbolLookup {
        if let atom = UnitAtom.bySymbol[name] {
            return .found(nil, atom)
        }
        var notPrefixable: SymbolLookup = .unknown
        for prefix in UnitPrefix.allCases where name.count > prefix.rawValue.count && name.hasPrefix(prefix.rawValue) {
            let rest = String(name.dropFirst(prefix.rawValue.count))
            guard let atom = UnitAtom.bySymbol[rest] else { continue }
            if atom.isPrefixable {
                return .found(prefix, atom)
            }
            notPrefixable = .notPrefixable(prefix, atom)
        }
        return notPrefixable
    }

    /// Valid unit strings to suggest for an unknown symbol (never empty).
    static func suggestions(forUnknownSymbol name: String) -> [String] {
        if let alias = commonAliases[name] ?? commonAliases[name.lowercased()] {
            return [alias]
        }
        for micro in ["µ", "μ", "u"] where name.hasPrefix(micro) {
            let rest = String(name.dropFirst())
            if let atom = UnitAtom.bySymbol[rest], atom.isPrefixable {
                return ["mc" + rest]
            }
        }
        let lowered = name.lowercased()
        let caseInsensitive = allSymbols.filter { $0.lowercased() == lowered }
        if !caseInsensitive.isEmpty {
            return caseInsensitive
        }
        return ["kg", "km/hr", "count/min"]
    }

    /// Every valid single symbol: each atom, and each prefix on each prefixable atom (moles excluded).
    private static let allSymbols: [String] = UnitAtom.simpleAtoms.flatMap { atom -> [String] in
        let prefixed = atom.isPrefixable ? UnitPrefix.allCases.map { $0.rawValue + atom.baseSymbol } : []
        return [atom.baseSymbol] + prefixed
    }

    /// Spellings people commonly use instead of HealthKit's, keyed by the spelling (lowercased).
    private static let commonAliases: [String: String] = [
        "kmh": "km/hr", "kph": "km/hr", "mph": "mi/hr",
        "h": "hr", "hrs": "hr", "hour": "hr", "hours": "hr",
        "sec": "s", "secs": "s", "second": "s", "seconds": "s",
        "mins": "min", "minute": "min", "minutes": "min",
        "day": "d", "days": "d",
        "bpm": "count/min", "rpm": "count/min", "steps": "count",
        "lbs": "lb", "kgs": "kg", "kilogram": "kg", "kilograms": "kg", "gram": "g", "grams": "g",
        "kcals": "kcal", "cals": "kcal", "kilocalorie": "kcal", "kilocalories": "kcal",
        "c": "degC", "°c": "degC", "celsius": "degC", "f": "degF", "°f": "degF", "fahrenheit": "degF",
        "°": "deg", "degree": "deg", "degrees": "deg", "kelvin": "K",
        "liter": "L", "litre": "L", "liters": "L", "litres": "L",
        "meter": "m", "metre": "m", "meters": "m", "metres": "m",
        "percent": "%", "bps": "count/s", "iu": "IU",
    ]
}
