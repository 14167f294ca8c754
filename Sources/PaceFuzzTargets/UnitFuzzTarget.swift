import Foundation
import PaceModel

extension FuzzTarget {
    /// The HealthKit unit grammar: ``HealthUnit/init(parsing:)`` on any text (the bytes as UTF-8,
    /// inputs over 512 bytes are not units and are skipped). A parsed unit prints as a string that
    /// parses to the same unit, converts a quantity into the canonical unit of every compatible
    /// quantity type as a finite value; a refusal is a ``UnitError`` of the parser's codes naming
    /// the input and an offset inside it.
    static let unit = FuzzTarget(
        name: "unit",
        summary: "HealthUnit(parsing:): print/parse round trip, finite conversions, positioned UnitError",
        generatedSeeds: { UnitFuzzChecks.seeds() }
    ) { (data) throws(FuzzInvariantViolation) -> FuzzOutcome in
        let check = FuzzCheck(target: "unit")
        guard data.count <= 512 else { return .refused(code: "tooLong") }
        let text = String(decoding: data, as: UTF8.self)
        let unit: HealthUnit
        do throws(UnitError) {
            unit = try HealthUnit(parsing: text)
        } catch {
            try check.require([UnitError.Code.syntax, .unknownUnit, .invalidMolarMass].contains(error.code),
                              "parsing refused with code \(error.code)")
            try check.require(error.input == nil || error.input == text, "the error names another input")
            if let offset = error.offset {
                try check.require((0...text.count).contains(offset), "error offset \(offset) outside the \(text.count) characters")
            }
            return .refused(code: error.code.description)
        }
        let printed = unit.unitString
        do {
            let reparsed = try HealthUnit(parsing: printed)
            try check.require(reparsed == unit, "\(text.debugDescription) prints as \(printed.debugDescription), which parses to another unit")
        } catch {
            throw FuzzInvariantViolation(target: "unit", message: "\(text.debugDescription) prints as \(printed.debugDescription), which is refused: \(error)")
        }
        try UnitFuzzChecks(check: check).conversions(unit, text)
        return .decoded
    }
}

/// The unit target's checks and seeds.
struct UnitFuzzChecks {
    let check: FuzzCheck

    /// The canonical units of Pace's quantity types, parsed.
    static let canonicalUnits: [HealthUnit] = Array(Set(QuantityTypeIdentifier.allCases.map(\.canonicalUnit)))

    /// Unit strings from the catalogue and from Apple Health exports.
    static func seeds() -> [Data] {
        let extra = ["count/min", "mL/(kg*min)", "mL/min·kg", "m/s^2", "m^-1", "mmol<180.15588000005408>/L", "mg/dL", "degF",
                     "degC", "kcal", "Cal", "%", "1/s", "dBASPL", "ft", "mi", "km/hr", "lb", "IU", "cmAq", "mcg", "µg"]
        let strings = Set(QuantityTypeIdentifier.allCases.map(\.canonicalUnitString) + extra)
        return strings.sorted().map { Data($0.utf8) }
    }

    /// A quantity of 1 in `unit` converts to a finite value in every compatible canonical unit.
    func conversions(_ unit: HealthUnit, _ text: String) throws(FuzzInvariantViolation) {
        for canonical in Self.canonicalUnits where unit.isCompatible(with: canonical) {
            let value: Double
            do {
                value = try Quantity(value: 1, unit: unit).doubleValue(for: canonical)
            } catch {
                continue  // a molar unit without a molar mass, a non-linear pairing: refused, not wrong
            }
            try check.value(value, "1 \(text.debugDescription) in \(canonical.unitString)")
        }
    }
}
