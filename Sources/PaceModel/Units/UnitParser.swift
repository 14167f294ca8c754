/// A recursive-descent parser for HealthKit unit strings.
///
/// Grammar (no whitespace anywhere):
///
///     expression := term (('*' | '·' | '/') term)*
///     term       := primary ('^' '-'? digits)?
///     primary    := '(' expression ')' | '1' | atom | prefix atom | prefix? 'mol<' number '>'
///
/// HealthKit's division convention: everything after the first `/` at one parenthesis level is in
/// the denominator, so `mL/kg*min` means `mL/(kg*min)`, and a further `/` keeps dividing
/// (`m/s/s` is `m/s^2`). Atoms are matched as whole symbols first (`min`, `cmAq`, `mmHg`, `Cal`),
/// then as an SI prefix plus a prefixable atom (`cm`, `kcal`, `mcg`, `dL`, `ms`, `kPa`).
struct UnitParser {
    private let input: String
    private let characters: [Character]
    private var position = 0

    /// How deeply parentheses may nest before the parser gives up (protects the stack).
    static let maximumDepth = 32

    init(_ input: String) {
        self.input = input
        characters = Array(input)
    }

    /// Parses the whole input into (merged, but not yet sorted) components.
    mutating func parse() throws(UnitError) -> [UnitComponent] {
        guard !characters.isEmpty else {
            throw UnitError(code: .syntax,
                            message: "The unit string is empty. Use a HealthKit unit string such as 'count/min'.",
                            input: input, offset: 0)
        }
        if let offset = characters.firstIndex(where: \.isWhitespace) {
            let stripped = String(characters.filter { !$0.isWhitespace })
            let advice = stripped.isEmpty
                ? "use a unit such as 'count/min'"
                : "write '\(stripped)'"
            throw UnitError(code: .syntax,
                            message: "Unexpected whitespace at offset \(offset) in '\(input)'. "
                                + "HealthKit unit strings contain no spaces; \(advice).",
                            input: input, offset: offset)
        }
        let result = try parseExpression(depth: 0, opener: nil)
        if position < characters.count {
            // parseExpression only stops early at a ')', which at the top level has no partner.
            throw UnitError(code: .syntax,
                            message: "Unmatched ')' at offset \(position) in '\(input)'. "
                                + "Remove it or add a matching '(' before it.",
                            input: input, offset: position)
        }
        return result.components
    }

    // MARK: - Grammar

    private mutating func parseExpression(depth: Int, opener: Character?) throws(UnitError) -> Accumulator {
        var result = Accumulator()
        var inDenominator = false
        var previous = opener
        while true {
            let term = try parseTerm(depth: depth, after: previous)
            result.merge(term, negated: inDenominator)
            guard position < characters.count else { break }
            let character = characters[position]
            if character == ")" { break }
            if character == "*" || character == "·" || character == "/" {
                if character == "/" { inDenominator = true }
                previous = character
                position += 1
                continue
            }
            throw UnitError(code: .syntax,
                            message: "Unexpected '\(character)' at offset \(position) in '\(input)'. "
                                + "Join units with '*' or '/', as in 'kg*m/s^2'.",
                            input: input, offset: position)
        }
        try result.checkBounds(input: input)
        return result
    }

    private mutating func parseTerm(depth: Int, after previous: Character?) throws(UnitError) -> Accumulator {
        var result = try parsePrimary(depth: depth, after: previous)
        if position < characters.count, characters[position] == "^" {
            let caret = position
            position += 1
            let power = try parseExponent()
            try result.raise(to: power, offset: caret, input: input)
        }
        return result
    }

    private mutating func parsePrimary(depth: Int, after previous: Character?) throws(UnitError) -> Accumulator {
        guard position < characters.count else {
            let previous = previous ?? "("
            throw UnitError(code: .syntax,
                            message: "Expected a unit after '\(previous)' at offset \(position) in '\(input)', "
                                + "but the string ended. Add a unit, as in 'm/s', or remove the trailing '\(previous)'.",
                            input: input, offset: position)
        }
        let character = characters[position]
        if character == "(" {
            guard depth < Self.maximumDepth else {
                throw UnitError(code: .syntax,
                                message: "Parentheses nest deeper than \(Self.maximumDepth) levels at offset "
                                    + "\(position) in '\(input)'. Simplify the unit string.",
                                input: input, offset: position)
            }
            let open = position
            position += 1
            let inner = try parseExpression(depth: depth + 1, opener: "(")
            guard position < characters.count, characters[position] == ")" else {
                throw UnitError(code: .syntax,
                                message: "Missing ')' for the '(' at offset \(open) in '\(input)'. "
                                    + "Add a closing parenthesis.",
                                input: input, offset: open)
            }
            position += 1
            return inner
        }
        guard Self.isIdentifierCharacter(character) else {
            throw UnitError(code: .syntax,
                            message: "Expected a unit at offset \(position) in '\(input)', but found '\(character)'. "
                                + "Write a unit or '(' there, as in 'mL/(kg*min)'.",
                            input: input, offset: position)
        }
        return try parseSymbol()
    }

    private mutating func parseSymbol() throws(UnitError) -> Accumulator {
        let start = position
        while position < characters.count, Self.isIdentifierCharacter(characters[position]) {
            position += 1
        }
        let name = String(characters[start..<position])
        var result = Accumulator()

        if position < characters.count, characters[position] == "<" {
            let molarMass = try parseMolarMass(name: name, start: start)
            result.add(molarMass, exponent: 1, offset: start)
            return result
        }
        if name.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) {
            guard name == "1" else {
                throw UnitError(code: .syntax,
                                message: "Numeric factor '\(name)' at offset \(start) in '\(input)' is not supported. "
                                    + "Only '1' may stand alone, as in '1/s'.",
                                input: input, offset: start)
            }
            return result
        }
        if Self.molePrefix(of: name) != nil {
            throw UnitError(code: .invalidMolarMass,
                            message: "Missing molar mass after '\(name)' at offset \(position) in '\(input)'. "
                                + "Write moles with a molar mass in g/mol, as in 'mmol<180.15588000005408>'.",
                            input: input, offset: position)
        }
        switch HealthUnit.lookUpSymbol(name) {
        case .found(let prefix, let atom):
            result.add(UnitComponent.Key(prefix: prefix, atom: atom), exponent: 1, offset: start)
            return result
        case .notPrefixable(let prefix, let atom):
            throw UnitError(code: .unknownUnit,
                            message: "Unknown unit '\(name)' at offset \(start) in '\(input)': "
                                + "'\(atom.baseSymbol)' does not take the prefix '\(prefix.rawValue)'. "
                                + "Use a HealthKit unit string such as '\(atom.baseSymbol)'.",
                            input: input, offset: start)
        case .unknown:
            let suggestions = HealthUnit.suggestions(forUnknownSymbol: name)
            throw UnitError(code: .unknownUnit,
                            message: "Unknown unit '\(name)' at offset \(start) in '\(input)'. "
                                + "Use a HealthKit unit string such as \(Self.quotedList(suggestions)).",
                            input: input, offset: start)
        }
    }

    /// Parses `<number>` after a mole symbol; `position` is at the `<`.
    private mutating func parseMolarMass(name: String, start: Int) throws(UnitError) -> UnitComponent.Key {
        let open = position
        guard let prefix = Self.molePrefix(of: name) else {
            throw UnitError(code: .invalidMolarMass,
                            message: "Only 'mol' takes a molar mass, but '\(name)' at offset \(start) in '\(input)' "
                                + "is followed by '<'. Write moles as in 'mmol<180.15588000005408>'.",
                            input: input, offset: start)
        }
        position += 1
        let valueStart = position
        while position < characters.count, characters[position] != ">" {
            position += 1
        }
        guard position < characters.count else {
            throw UnitError(code: .invalidMolarMass,
                            message: "Missing '>' to close the molar mass opened at offset \(open) in '\(input)'. "
                                + "Write moles as in 'mmol<180.15588000005408>'.",
                            input: input, offset: open)
        }
        let text = String(characters[valueStart..<position])
        position += 1
        let allowed: Set<Character> = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", ".", "e", "E", "+", "-"]
        guard !text.isEmpty, text.allSatisfy(allowed.contains),
              let value = Double(text), value.isFinite, value > 0 else {
            throw UnitError(code: .invalidMolarMass,
                            message: "Invalid molar mass '\(text)' at offset \(valueStart) in '\(input)'. "
                                + "Write a positive number of grams per mole, as in 'mmol<180.15588000005408>'.",
                            input: input, offset: valueStart)
        }
        return UnitComponent.Key(prefix: prefix.prefix, atom: .mole(UnitMolarMass(value)))
    }

    private mutating func parseExponent() throws(UnitError) -> Int {
        let start = position
        if position < characters.count, characters[position] == "-" {
            position += 1
        }
        let digitsStart = position
        var magnitude = 0
        var tooLarge = false
        while position < characters.count, let digit = Self.asciiDigit(characters[position]) {
            if !tooLarge {
                magnitude = magnitude * 10 + digit
                tooLarge = magnitude > HealthUnit.maximumExponent
            }
            position += 1
        }
        guard position > digitsStart else {
            throw UnitError(code: .syntax,
                            message: "Missing integer exponent at offset \(digitsStart) in '\(input)'. "
                                + "Write exponents after '^' as in 'm/s^2' or 'm^-1'.",
                            input: input, offset: digitsStart)
        }
        guard !tooLarge else {
            let text = String(characters[start..<position])
            let limit = HealthUnit.maximumExponent
            throw UnitError(code: .syntax,
                            message: "Exponent '\(text)' at offset \(start) in '\(input)' is out of range. "
                                + "Use exponents between -\(limit) and \(limit).",
                            input: input, offset: start)
        }
        return digitsStart > start ? -magnitude : magnitude
    }

    // MARK: - Character classes

    private static func isIdentifierCharacter(_ character: Character) -> Bool {
        switch character {
        case "*", "·", "/", "^", "(", ")", "<", ">": false
        default: !character.isWhitespace
        }
    }

    private static func asciiDigit(_ character: Character) -> Int? {
        guard let ascii = character.asciiValue, ascii >= 48, ascii <= 57 else { return nil }
        return Int(ascii - 48)
    }

    /// The prefix of a mole symbol (`mol`, `mmol`, …); `nil` at the top level when `name` is not one.
    private struct MoleSymbol {
        var prefix: UnitPrefix?
    }

    private static func molePrefix(of name: String) -> MoleSymbol? {
        if name == "mol" { return MoleSymbol(prefix: nil) }
        for prefix in UnitPrefix.allCases where name == prefix.rawValue + "mol" {
            return MoleSymbol(prefix: prefix)
        }
        return nil
    }

    /// `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`.
    static func quotedList(_ items: [String]) -> String {
        let quoted = items.map { "'\($0)'" }
        guard let last = quoted.last else { return "" }
        if quoted.count == 1 { return last }
        return quoted.dropLast().joined(separator: ", ") + " or " + last
    }
}

/// Exponents of the components parsed so far at one level, merged by prefix and atom.
private struct Accumulator {
    private var order: [UnitComponent.Key] = []
    private var exponents: [UnitComponent.Key: Int] = [:]
    private var offsets: [UnitComponent.Key: Int] = [:]

    var components: [UnitComponent] {
        order.compactMap { key in
            guard let exponent = exponents[key], exponent != 0 else { return nil }
            return UnitComponent(prefix: key.prefix, atom: key.atom, exponent: exponent)
        }
    }

    mutating func add(_ key: UnitComponent.Key, exponent: Int, offset: Int) {
        if let existing = exponents[key] {
            exponents[key] = existing + exponent  // both bounded by maximumExponent², no overflow
        } else {
            order.append(key)
            exponents[key] = exponent
        }
        offsets[key] = offset
    }

    mutating func merge(_ other: Accumulator, negated: Bool) {
        for key in other.order {
            let exponent = other.exponents[key] ?? 0
            add(key, exponent: negated ? -exponent : exponent, offset: other.offsets[key] ?? 0)
        }
    }

    /// Multiplies every exponent by `power` (both at most `maximumExponent` in magnitude).
    mutating func raise(to power: Int, offset: Int, input: String) throws(UnitError) {
        for key in order {
            exponents[key] = (exponents[key] ?? 0) * power
            offsets[key] = offset
        }
        try checkBounds(input: input)
    }

    func checkBounds(input: String) throws(UnitError) {
        let limit = HealthUnit.maximumExponent
        for key in order {
            let exponent = exponents[key] ?? 0
            guard exponent.magnitude > limit.magnitude else { continue }
            let symbol = (key.prefix?.rawValue ?? "") + key.atom.symbol
            let offset = offsets[key] ?? 0
            throw UnitError(code: .syntax,
                            message: "Combined exponent \(exponent) of '\(symbol)' at offset \(offset) in '\(input)' "
                                + "is out of range. Use exponents between -\(limit) and \(limit).",
                            input: input, offset: offset)
        }
    }
}
