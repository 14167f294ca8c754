import Foundation
import PaceModel
import Testing

@Suite struct UnitErrorTests {
    /// (input, code, offset, message) for malformed unit strings.
    static let parseFailures: [(String, UnitError.Code, Int, String)] = [
        ("", .syntax, 0,
         "The unit string is empty. Use a HealthKit unit string such as 'count/min'."),
        ("kmh", .unknownUnit, 0,
         "Unknown unit 'kmh' at offset 0 in 'kmh'. Use a HealthKit unit string such as 'km/hr'."),
        ("km/h", .unknownUnit, 3,
         "Unknown unit 'h' at offset 3 in 'km/h'. Use a HealthKit unit string such as 'hr'."),
        ("furlong", .unknownUnit, 0,
         "Unknown unit 'furlong' at offset 0 in 'furlong'. Use a HealthKit unit string such as 'kg', 'km/hr' or 'count/min'."),
        ("KG", .unknownUnit, 0,
         "Unknown unit 'KG' at offset 0 in 'KG'. Use a HealthKit unit string such as 'kg'."),
        ("MM/s", .unknownUnit, 0,
         "Unknown unit 'MM' at offset 0 in 'MM/s'. Use a HealthKit unit string such as 'mm' or 'Mm'."),
        ("µg", .unknownUnit, 0,
         "Unknown unit 'µg' at offset 0 in 'µg'. Use a HealthKit unit string such as 'mcg'."),
        ("kmin", .unknownUnit, 0,
         "Unknown unit 'kmin' at offset 0 in 'kmin': 'min' does not take the prefix 'k'. Use a HealthKit unit string such as 'min'."),
        ("mL/min·kgs", .unknownUnit, 7,
         "Unknown unit 'kgs' at offset 7 in 'mL/min·kgs'. Use a HealthKit unit string such as 'kg'."),
        ("mL / kg", .syntax, 2,
         "Unexpected whitespace at offset 2 in 'mL / kg'. HealthKit unit strings contain no spaces; write 'mL/kg'."),
        (" ", .syntax, 0,
         "Unexpected whitespace at offset 0 in ' '. HealthKit unit strings contain no spaces; use a unit such as 'count/min'."),
        ("count/min\n", .syntax, 9,
         "Unexpected whitespace at offset 9 in 'count/min\n'. HealthKit unit strings contain no spaces; write 'count/min'."),
        ("m/", .syntax, 2,
         "Expected a unit after '/' at offset 2 in 'm/', but the string ended. Add a unit, as in 'm/s', or remove the trailing '/'."),
        ("mL/min·kg*", .syntax, 10,
         "Expected a unit after '*' at offset 10 in 'mL/min·kg*', but the string ended. Add a unit, as in 'm/s', or remove the trailing '*'."),
        ("m·", .syntax, 2,
         "Expected a unit after '·' at offset 2 in 'm·', but the string ended. Add a unit, as in 'm/s', or remove the trailing '·'."),
        ("/s", .syntax, 0,
         "Expected a unit at offset 0 in '/s', but found '/'. Write a unit or '(' there, as in 'mL/(kg*min)'."),
        ("m//s", .syntax, 2,
         "Expected a unit at offset 2 in 'm//s', but found '/'. Write a unit or '(' there, as in 'mL/(kg*min)'."),
        ("m^", .syntax, 2,
         "Missing integer exponent at offset 2 in 'm^'. Write exponents after '^' as in 'm/s^2' or 'm^-1'."),
        ("m^-", .syntax, 3,
         "Missing integer exponent at offset 3 in 'm^-'. Write exponents after '^' as in 'm/s^2' or 'm^-1'."),
        ("m^x", .syntax, 2,
         "Missing integer exponent at offset 2 in 'm^x'. Write exponents after '^' as in 'm/s^2' or 'm^-1'."),
        ("m^+2", .syntax, 2,
         "Missing integer exponent at offset 2 in 'm^+2'. Write exponents after '^' as in 'm/s^2' or 'm^-1'."),
        ("m^2.5", .syntax, 3,
         "Unexpected '.' at offset 3 in 'm^2.5'. Join units with '*' or '/', as in 'kg*m/s^2'."),
        ("m^2^3", .syntax, 3,
         "Unexpected '^' at offset 3 in 'm^2^3'. Join units with '*' or '/', as in 'kg*m/s^2'."),
        ("m^1001", .syntax, 2,
         "Exponent '1001' at offset 2 in 'm^1001' is out of range. Use exponents between -1000 and 1000."),
        ("s^-99999999999999999999999", .syntax, 2,
         "Exponent '-99999999999999999999999' at offset 2 in 's^-99999999999999999999999' is out of range. Use exponents between -1000 and 1000."),
        ("m^1000*m", .syntax, 7,
         "Combined exponent 1001 of 'm' at offset 7 in 'm^1000*m' is out of range. Use exponents between -1000 and 1000."),
        ("(m^100)^100", .syntax, 7,
         "Combined exponent 10000 of 'm' at offset 7 in '(m^100)^100' is out of range. Use exponents between -1000 and 1000."),
        ("(m/s", .syntax, 0,
         "Missing ')' for the '(' at offset 0 in '(m/s'. Add a closing parenthesis."),
        ("m/(kg*(s)", .syntax, 2,
         "Missing ')' for the '(' at offset 2 in 'm/(kg*(s)'. Add a closing parenthesis."),
        ("m/s)", .syntax, 3,
         "Unmatched ')' at offset 3 in 'm/s)'. Remove it or add a matching '(' before it."),
        (")", .syntax, 0,
         "Expected a unit at offset 0 in ')', but found ')'. Write a unit or '(' there, as in 'mL/(kg*min)'."),
        ("()", .syntax, 1,
         "Expected a unit at offset 1 in '()', but found ')'. Write a unit or '(' there, as in 'mL/(kg*min)'."),
        ("(", .syntax, 1,
         "Expected a unit after '(' at offset 1 in '(', but the string ended. Add a unit, as in 'm/s', or remove the trailing '('."),
        ("m(s)", .syntax, 1,
         "Unexpected '(' at offset 1 in 'm(s)'. Join units with '*' or '/', as in 'kg*m/s^2'."),
        ("(m)s", .syntax, 3,
         "Unexpected 's' at offset 3 in '(m)s'. Join units with '*' or '/', as in 'kg*m/s^2'."),
        ("m>", .syntax, 1,
         "Unexpected '>' at offset 1 in 'm>'. Join units with '*' or '/', as in 'kg*m/s^2'."),
        ("2/s", .syntax, 0,
         "Numeric factor '2' at offset 0 in '2/s' is not supported. Only '1' may stand alone, as in '1/s'."),
        ("mol", .invalidMolarMass, 3,
         "Missing molar mass after 'mol' at offset 3 in 'mol'. Write moles with a molar mass in g/mol, as in 'mmol<180.15588000005408>'."),
        ("mmol/L", .invalidMolarMass, 4,
         "Missing molar mass after 'mmol' at offset 4 in 'mmol/L'. Write moles with a molar mass in g/mol, as in 'mmol<180.15588000005408>'."),
        ("mmol<180", .invalidMolarMass, 4,
         "Missing '>' to close the molar mass opened at offset 4 in 'mmol<180'. Write moles as in 'mmol<180.15588000005408>'."),
        ("g<18>", .invalidMolarMass, 0,
         "Only 'mol' takes a molar mass, but 'g' at offset 0 in 'g<18>' is followed by '<'. Write moles as in 'mmol<180.15588000005408>'."),
        ("mol<18>g", .syntax, 7,
         "Unexpected 'g' at offset 7 in 'mol<18>g'. Join units with '*' or '/', as in 'kg*m/s^2'."),
    ] + ["", "abc", "-18", "0", "0.0", "inf", "nan", "1e999", "0x12", "18*g", "1..2"].map { molarMass in
        let input = "mmol<\(molarMass)>/L"
        return (input, .invalidMolarMass, 5,
                "Invalid molar mass '\(molarMass)' at offset 5 in '\(input)'. "
                    + "Write a positive number of grams per mole, as in 'mmol<180.15588000005408>'.")
    }

    @Test(arguments: parseFailures)
    func malformedUnitStringsFail(_ input: String, _ code: UnitError.Code, _ offset: Int, _ message: String) {
        #expect {
            _ = try HealthUnit(parsing: input)
        } throws: { error in
            guard let error = error as? UnitError else { return false }
            #expect(error.code == code)
            #expect(error.offset == offset)
            #expect(error.message == message)
            #expect(error.description == message)
            #expect(error.input == input)
            return true
        }
    }

    @Test func typedThrowsCarryTheError() {
        do {
            _ = try HealthUnit(parsing: "kmh")
            Issue.record("expected an error")
        } catch {
            // `error` is statically a UnitError thanks to typed throws.
            #expect(error.code == .unknownUnit)
            #expect(error == UnitError(code: .unknownUnit,
                                       message: "Unknown unit 'kmh' at offset 0 in 'kmh'. Use a HealthKit unit string such as 'km/hr'.",
                                       input: "kmh", offset: 0))
        }
    }

    @Test func deepNestingIsRejectedNotCrashing() {
        let input = String(repeating: "(", count: 40) + "m" + String(repeating: ")", count: 40)
        #expect {
            _ = try HealthUnit(parsing: input)
        } throws: { error in
            guard let error = error as? UnitError else { return false }
            return error.code == .syntax && error.offset == 32
                && error.message == "Parentheses nest deeper than 32 levels at offset 32 in '\(input)'. Simplify the unit string."
        }
        let fine = String(repeating: "(", count: 32) + "m" + String(repeating: ")", count: 32)
        #expect((try? HealthUnit(parsing: fine)) == .meter)
    }

    @Test(arguments: [
        ("kg", "m", UnitError.Code.incompatibleUnits,
         "Cannot convert 'kg' to 'm': mass is not compatible with length."),
        ("kcal", "W", .incompatibleUnits,
         "Cannot convert 'kcal' to 'W': energy is not compatible with power."),
        ("count", "s", .incompatibleUnits,
         "Cannot convert 'count' to 's': dimensionless is not compatible with time."),
        ("mL/(kg*min)", "mL/min", .incompatibleUnits,
         "Cannot convert 'mL/(kg*min)' to 'mL/min': length^3/(mass*time) is not compatible with length^3/time."),
        ("dBASPL", "dBHL", .incompatibleUnits,
         "Cannot convert 'dBASPL' to 'dBHL': sound pressure level is not compatible with hearing level."),
        ("IU", "count", .incompatibleUnits,
         "Cannot convert 'IU' to 'count': pharmacological activity is not compatible with dimensionless."),
        ("dBASPL^2", "count*dBASPL^2", .nonLinearUnit,
         "Cannot convert 'dBASPL^2' to 'count*dBASPL^2': 'dBASPL' is a logarithmic unit and converts only with exponent 1."),
    ])
    func incompatibleConversionsFail(_ from: String, _ to: String, _ code: UnitError.Code, _ message: String) throws {
        let quantity = Quantity(value: 1, unit: try HealthUnit(parsing: from))
        let target = try HealthUnit(parsing: to)
        #expect {
            _ = try quantity.converted(to: target)
        } throws: { error in
            guard let error = error as? UnitError else { return false }
            #expect(error.code == code)
            #expect(error.message == message)
            #expect(error.input == nil)
            #expect(error.offset == nil)
            return true
        }
    }

    @Test func invalidMolarMassesFailOnConversionAndValidation() {
        let bad = HealthUnit.moles(molarMassGramsPerMole: -1)
        #expect(bad.unitString == "mol<-1>")
        #expect {
            _ = try Quantity(value: 1, unit: bad).doubleValue(for: .milligram)
        } throws: { error in
            (error as? UnitError)?.code == .invalidMolarMass
                && (error as? UnitError)?.message == "Cannot convert 'mol<-1>' to 'mg': the molar mass in 'mol<-1>' "
                + "must be a finite, positive number of grams per mole, as in 'mmol<180.15588000005408>'."
        }
        #expect {
            _ = try HealthUnit(molarMassGramsPerMole: 0)
        } throws: { error in
            (error as? UnitError)?.message == "Invalid molar mass 0 g/mol. Use a finite, positive number of "
                + "grams per mole, such as 180.15588000005408 for glucose."
        }
        #expect {
            _ = try HealthUnit(molarMassGramsPerMole: .nan, prefix: .milli)
        } throws: { error in
            (error as? UnitError)?.code == .invalidMolarMass
        }
        #expect(HealthUnit.moles(molarMassGramsPerMole: .nan) == HealthUnit.moles(molarMassGramsPerMole: -.nan))
        #expect(throws: EncodingError.self) {
            _ = try JSONEncoder().encode([bad])
        }
    }

    @Test func codeDescriptions() {
        #expect(UnitError.Code.unknownUnit.description == "unknownUnit")
        #expect(UnitError.Code.syntax.description == "syntax")
        #expect(UnitError.Code.incompatibleUnits.description == "incompatibleUnits")
        #expect(UnitError.Code.nonLinearUnit.description == "nonLinearUnit")
        #expect(UnitError.Code.invalidMolarMass.description == "invalidMolarMass")
        #expect(UnitError.Code.syntax != .unknownUnit)
    }
}
