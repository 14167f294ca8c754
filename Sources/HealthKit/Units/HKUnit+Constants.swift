extension HKUnit {
    // MARK: Mass

    /// Grams with a prefix.
    public static func gramUnit(with prefix: HKMetricPrefix) -> HKUnit { prefixed(prefix, "g") }
    /// Grams (g).
    public static func gram() -> HKUnit { HKUnit(from: "g") }
    /// Ounces (oz).
    public static func ounce() -> HKUnit { HKUnit(from: "oz") }
    /// Pounds (lb).
    public static func pound() -> HKUnit { HKUnit(from: "lb") }
    /// Stones (st).
    public static func stone() -> HKUnit { HKUnit(from: "st") }
    /// Moles of a substance of `gramsPerMole` molar mass, with a prefix.
    public static func moleUnit(with prefix: HKMetricPrefix, molarMass gramsPerMole: Double) -> HKUnit {
        prefixed(prefix, "mol<\(gramsPerMole)>")
    }
    /// Moles of a substance of `gramsPerMole` molar mass.
    public static func moleUnit(withMolarMass gramsPerMole: Double) -> HKUnit { moleUnit(with: .none, molarMass: gramsPerMole) }

    // MARK: Length

    /// Metres with a prefix.
    public static func meterUnit(with prefix: HKMetricPrefix) -> HKUnit { prefixed(prefix, "m") }
    /// Metres (m).
    public static func meter() -> HKUnit { HKUnit(from: "m") }
    /// Inches (in).
    public static func inch() -> HKUnit { HKUnit(from: "in") }
    /// Feet (ft).
    public static func foot() -> HKUnit { HKUnit(from: "ft") }
    /// Yards (yd).
    public static func yard() -> HKUnit { HKUnit(from: "yd") }
    /// Miles (mi).
    public static func mile() -> HKUnit { HKUnit(from: "mi") }

    // MARK: Volume

    /// Litres with a prefix.
    public static func literUnit(with prefix: HKMetricPrefix) -> HKUnit { prefixed(prefix, "L") }
    /// Litres (L).
    public static func liter() -> HKUnit { HKUnit(from: "L") }
    /// US fluid ounces (fl_oz_us).
    public static func fluidOunceUS() -> HKUnit { HKUnit(from: "fl_oz_us") }
    /// Imperial fluid ounces (fl_oz_imp).
    public static func fluidOunceImperial() -> HKUnit { HKUnit(from: "fl_oz_imp") }
    /// US pints (pt_us).
    public static func pintUS() -> HKUnit { HKUnit(from: "pt_us") }
    /// Imperial pints (pt_imp).
    public static func pintImperial() -> HKUnit { HKUnit(from: "pt_imp") }
    /// US cups (cup_us).
    public static func cupUS() -> HKUnit { HKUnit(from: "cup_us") }
    /// Imperial cups (cup_imp).
    public static func cupImperial() -> HKUnit { HKUnit(from: "cup_imp") }

    // MARK: Pressure

    /// Pascals with a prefix.
    public static func pascalUnit(with prefix: HKMetricPrefix) -> HKUnit { prefixed(prefix, "Pa") }
    /// Pascals (Pa).
    public static func pascal() -> HKUnit { HKUnit(from: "Pa") }
    /// Millimetres of mercury (mmHg).
    public static func millimeterOfMercury() -> HKUnit { HKUnit(from: "mmHg") }
    /// Inches of mercury (inHg).
    public static func inchesOfMercury() -> HKUnit { HKUnit(from: "inHg") }
    /// Centimetres of water (cmAq).
    public static func centimeterOfWater() -> HKUnit { HKUnit(from: "cmAq") }
    /// Atmospheres (atm).
    public static func atmosphere() -> HKUnit { HKUnit(from: "atm") }
    /// A-weighted sound pressure level in decibels (dBASPL).
    public static func decibelAWeightedSoundPressureLevel() -> HKUnit { HKUnit(from: "dBASPL") }

    // MARK: Time

    /// Seconds with a prefix.
    public static func secondUnit(with prefix: HKMetricPrefix) -> HKUnit { prefixed(prefix, "s") }
    /// Seconds (s).
    public static func second() -> HKUnit { HKUnit(from: "s") }
    /// Minutes (min).
    public static func minute() -> HKUnit { HKUnit(from: "min") }
    /// Hours (hr).
    public static func hour() -> HKUnit { HKUnit(from: "hr") }
    /// Days (d).
    public static func day() -> HKUnit { HKUnit(from: "d") }

    // MARK: Energy and power

    /// Joules with a prefix.
    public static func jouleUnit(with prefix: HKMetricPrefix) -> HKUnit { prefixed(prefix, "J") }
    /// Joules (J).
    public static func joule() -> HKUnit { HKUnit(from: "J") }
    /// Kilocalories (kcal).
    public static func kilocalorie() -> HKUnit { HKUnit(from: "kcal") }
    /// Large (food) calories (Cal), equal to kilocalories.
    public static func largeCalorie() -> HKUnit { HKUnit(from: "Cal") }
    /// Small calories (cal).
    public static func smallCalorie() -> HKUnit { HKUnit(from: "cal") }
    /// Watts with a prefix.
    public static func wattUnit(with prefix: HKMetricPrefix) -> HKUnit { prefixed(prefix, "W") }
    /// Watts (W).
    public static func watt() -> HKUnit { HKUnit(from: "W") }

    // MARK: Temperature

    /// Degrees Celsius (degC).
    public static func degreeCelsius() -> HKUnit { HKUnit(from: "degC") }
    /// Degrees Fahrenheit (degF).
    public static func degreeFahrenheit() -> HKUnit { HKUnit(from: "degF") }
    /// Kelvins (K).
    public static func kelvin() -> HKUnit { HKUnit(from: "K") }

    // MARK: Electrical, frequency, other

    /// Siemens with a prefix.
    public static func siemenUnit(with prefix: HKMetricPrefix) -> HKUnit { prefixed(prefix, "S") }
    /// Siemens (S).
    public static func siemen() -> HKUnit { HKUnit(from: "S") }
    /// Volts with a prefix.
    public static func voltUnit(with prefix: HKMetricPrefix) -> HKUnit { prefixed(prefix, "V") }
    /// Volts (V).
    public static func volt() -> HKUnit { HKUnit(from: "V") }
    /// Hertz with a prefix.
    public static func hertzUnit(with prefix: HKMetricPrefix) -> HKUnit { prefixed(prefix, "Hz") }
    /// Hertz (Hz).
    public static func hertz() -> HKUnit { HKUnit(from: "Hz") }
    /// A count (count).
    public static func count() -> HKUnit { HKUnit(from: "count") }
    /// A fraction shown as a percentage (%); 1.0 is 100 %.
    public static func percent() -> HKUnit { HKUnit(from: "%") }
    /// International units (IU).
    public static func internationalUnit() -> HKUnit { HKUnit(from: "IU") }
    /// Hearing level in decibels (dBHL).
    public static func decibelHearingLevel() -> HKUnit { HKUnit(from: "dBHL") }
    /// Lux with a prefix.
    public static func luxUnit(with prefix: HKMetricPrefix) -> HKUnit { prefixed(prefix, "lx") }
    /// Lux (lx).
    public static func lux() -> HKUnit { HKUnit(from: "lx") }
    /// Radians with a prefix.
    public static func radianAngleUnit(with prefix: HKMetricPrefix) -> HKUnit { prefixed(prefix, "rad") }
    /// Radians (rad).
    public static func radianAngle() -> HKUnit { HKUnit(from: "rad") }
    /// Degrees of angle (deg).
    public static func degreeAngle() -> HKUnit { HKUnit(from: "deg") }
    /// Diopters (D).
    public static func diopter() -> HKUnit { HKUnit(from: "D") }
    /// Apple's effort score (appleEffortScore).
    public static func appleEffortScore() -> HKUnit { HKUnit(from: "appleEffortScore") }
}
