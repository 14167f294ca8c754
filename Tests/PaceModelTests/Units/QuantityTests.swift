import Foundation
import PaceModel
import Testing

@Suite struct QuantityTests {
    @Test func convertedKeepsTheTargetUnit() throws {
        let speed = Quantity(value: 5, unit: .kilometerPerHour)
        let converted = try speed.converted(to: .meterPerSecond)
        #expect(converted.unit == .meterPerSecond)
        #expect(UnitsTesting.isClose(converted.value, 5 / 3.6))
        #expect(speed.isCompatible(with: .meterPerSecond))
        #expect(!speed.isCompatible(with: .meter))
    }

    @Test func descriptionShowsValueAndUnit() {
        #expect(Quantity(value: 72, unit: .countPerMinute).description == "72.0 count/min")
        #expect(Quantity(value: 0.98, unit: .percent).description == "0.98 %")
    }

    @Test func equalityIsExactNotPhysical() {
        #expect(Quantity(value: 1, unit: .kilometer) != Quantity(value: 1000, unit: .meter))
        #expect(Quantity(value: 1, unit: .kilometer) == Quantity(value: 1, unit: .kilometer))
    }

    @Test func compareUsesPhysicalAmounts() throws {
        let kilometer = Quantity(value: 1, unit: .kilometer)
        #expect(try kilometer.compare(Quantity(value: 1000, unit: .meter)) == .orderedSame)
        #expect(try kilometer.compare(Quantity(value: 1, unit: .mile)) == .orderedAscending)
        #expect(try Quantity(value: 1, unit: .mile).compare(kilometer) == .orderedDescending)
        #expect(try Quantity(value: 100, unit: .degreeCelsius)
            .compare(Quantity(value: 212, unit: .degreeFahrenheit)) == .orderedSame)
        #expect(throws: UnitError.self) {
            _ = try kilometer.compare(Quantity(value: 1, unit: .kilogram))
        }
        #expect(try Quantity(value: .nan, unit: .meter).compare(Quantity(value: .nan, unit: .meter)) == .orderedSame)
        #expect(try Quantity(value: 1, unit: .meter).compare(Quantity(value: .nan, unit: .meter)) == .orderedAscending)
    }

    @Test func quantityCodableRoundTrip() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let quantity = Quantity(value: 35.5, unit: try HealthUnit(parsing: "mL/min·kg"))
        let data = try encoder.encode(quantity)
        #expect(String(decoding: data, as: UTF8.self) == #"{"unit":"mL\/(kg*min)","value":35.5}"#)
        #expect(try JSONDecoder().decode(Quantity.self, from: data) == quantity)

        let glucose = Quantity(value: 5.4, unit: .moles(molarMassGramsPerMole: 180.15588000005408, prefix: .milli) / .liter)
        let decoded = try JSONDecoder().decode(Quantity.self, from: try encoder.encode(glucose))
        #expect(decoded == glucose)
        #expect(decoded.unit.unitString == "mmol<180.15588000005408>/L")
    }

    @Test func unitCodableIsASingleString() throws {
        let data = try JSONEncoder().encode([HealthUnit.kilocalorie, .countPerMinute])
        #expect(String(decoding: data, as: UTF8.self) == #"["kcal","count\/min"]"#)
        let decoded = try JSONDecoder().decode([HealthUnit].self, from: Data(#"["mL/min·kg","kcal"]"#.utf8))
        #expect(decoded == [try HealthUnit(parsing: "mL/(kg*min)"), .kilocalorie])
    }

    @Test func decodingAnInvalidUnitCarriesTheUnitErrorMessage() {
        let json = Data(#"{"value": 3, "unit": "kmh"}"#.utf8)
        #expect {
            _ = try JSONDecoder().decode(Quantity.self, from: json)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            #expect(context.debugDescription
                == "Unknown unit 'kmh' at offset 0 in 'kmh'. Use a HealthKit unit string such as 'km/hr'.")
            #expect((context.underlyingError as? UnitError)?.code == .unknownUnit)
            #expect(context.codingPath.map(\.stringValue) == ["unit"])
            return true
        }
    }
}
