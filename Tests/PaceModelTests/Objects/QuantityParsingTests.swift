import PaceModel
import PaceTestSupport
import Testing

@Suite struct QuantityParsingTests {
    @Test(arguments: [
        ("5km", 5.0, "km"), ("5 km", 5, "km"), ("54 degF", 54, "degF"), ("-1.5e3 m", -1500, "m"),
        ("142 count/min", 142, "count/min"), (".5 hr", 0.5, "hr"), ("4524 cm", 4524, "cm"), ("2e2kcal", 200, "kcal"),
    ])
    func parsesNumberAndUnit(text: String, value: Double, unit: String) throws {
        let quantity = try Quantity(parsing: text)
        #expect(quantity.value == value)
        #expect(quantity.unit == (try HealthUnit(parsing: unit)))
    }

    @Test func missingNumberIsASyntaxError() {
        let error = #expect(throws: UnitError.self) { try Quantity(parsing: "km") }
        #expect(error?.code == .syntax)
        #expect(error?.offset == 0)
        #expect(error?.message == "'km' does not start with a number. Write a number and a unit, such as '10 km' or '142 count/min'.")
    }

    @Test func missingUnitIsASyntaxError() {
        let error = #expect(throws: UnitError.self) { try Quantity(parsing: "12 ") }
        #expect(error?.code == .syntax)
        #expect(error?.offset == 3)
    }

    @Test func unknownUnitReportsTheOffsetInTheWholeText() {
        let error = #expect(throws: UnitError.self) { try Quantity(parsing: "12 kmh") }
        #expect(error?.code == .unknownUnit)
        #expect(error?.offset == 3)
        #expect(error?.input == "12 kmh")
    }
}
