import Foundation
import HealthKit
import Testing

@Suite struct HKUnitTests {
    /// Every unit string the named constructors use, so a string the grammar does not know fails
    /// here, by name, instead of stopping the program inside a constructor.
    static let constructorStrings = [
        "g", "oz", "lb", "st", "mol<180.15588>", "m", "in", "ft", "yd", "mi", "L", "fl_oz_us", "fl_oz_imp", "pt_us",
        "pt_imp", "cup_us", "cup_imp", "Pa", "mmHg", "inHg", "cmAq", "atm", "dBASPL", "s", "min", "hr", "d", "J", "kcal",
        "Cal", "cal", "W", "degC", "degF", "K", "S", "V", "Hz", "count", "%", "IU", "dBHL", "lx", "rad", "deg", "D",
        "appleEffortScore", "km", "mcg", "ms", "kJ", "kPa",
    ]

    @Test(arguments: constructorStrings)
    func everyConstructorStringIsAUnit(_ string: String) {
        #expect(HKUnit(validating: string) != nil, "\(string) parses")
    }

    @Test func namedConstructorsArithmeticAndStrings() {
        let beatsPerMinute = HKUnit.count().unitDivided(by: .minute())
        #expect(beatsPerMinute == HKUnit(from: "count/min"))
        #expect(beatsPerMinute.unitString == "count/min")
        #expect(HKUnit.meterUnit(with: .kilo) == HKUnit(from: "km"))
        #expect(HKUnit.gramUnit(with: .micro).unitString == "mcg")
        #expect(HKUnit.meter().unitDivided(by: .second().unitRaised(toPower: 2)) == HKUnit(from: "m/s^2"))
        #expect(HKUnit.second().reciprocal() == HKUnit(from: "1/s"))
        #expect(HKUnit(validating: "furlongs") == nil)
        #expect(Set([HKUnit.meter(), HKUnit(from: "m"), .mile()]).count == 2, "equal units hash alike")
    }

    @Test func quantitiesConvertBetweenCompatibleUnits() {
        let distance = HKQuantity(unit: .meterUnit(with: .kilo), doubleValue: 5)
        #expect(distance.is(compatibleWith: .mile()))
        #expect(!distance.is(compatibleWith: .second()))
        #expect(abs(distance.doubleValue(for: .meter()) - 5000) < 1e-9)
        #expect(abs(distance.doubleValue(for: .mile()) - 3.106_855_961) < 1e-6)
        let rate = HKQuantity(unit: HKUnit.count().unitDivided(by: .minute()), doubleValue: 120)
        #expect(abs(rate.doubleValue(for: HKUnit.count().unitDivided(by: .second())) - 2) < 1e-12)
        #expect(distance.compare(HKQuantity(unit: .mile(), doubleValue: 3)) == .orderedDescending)
        #expect(HKQuantity(unit: .kilocalorie(), doubleValue: 1).doubleValue(for: .largeCalorie()) == 1)
    }
}
