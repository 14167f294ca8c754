extension HealthUnit {
    // MARK: Length

    /// Meter, `m` (SI length).
    public static let meter = HealthUnit(.meter)
    /// Kilometer, `km` (1000 m).
    public static let kilometer = HealthUnit(.meter, prefix: .kilo)
    /// Centimeter, `cm` (0.01 m).
    public static let centimeter = HealthUnit(.meter, prefix: .centi)
    /// Mile, `mi` (1609.344 m).
    public static let mile = HealthUnit(.mile)
    /// Foot, `ft` (0.3048 m).
    public static let foot = HealthUnit(.foot)
    /// Inch, `in` (0.0254 m).
    public static let inch = HealthUnit(.inch)
    /// Yard, `yd` (0.9144 m).
    public static let yard = HealthUnit(.yard)

    // MARK: Mass

    /// Gram, `g` (0.001 kg).
    public static let gram = HealthUnit(.gram)
    /// Kilogram, `kg` (SI mass).
    public static let kilogram = HealthUnit(.gram, prefix: .kilo)
    /// Milligram, `mg` (10⁻³ g).
    public static let milligram = HealthUnit(.gram, prefix: .milli)
    /// Microgram, `mcg` (10⁻⁶ g; HealthKit spells micro `mc`).
    public static let microgram = HealthUnit(.gram, prefix: .micro)
    /// Pound, `lb` (0.45359237 kg).
    public static let pound = HealthUnit(.pound)
    /// Ounce (avoirdupois), `oz` (1/16 lb = 28.349523125 g).
    public static let ounce = HealthUnit(.ounce)
    /// Stone, `st` (14 lb = 6.35029318 kg).
    public static let stone = HealthUnit(.stone)

    /// Moles of a substance with the given molar mass, `mol<M>` (dimensionally a mass of M grams per mole).
    ///
    /// This is how HealthKit converts blood glucose between `mmol<180.15588000005408>/L` and `mg/dL`.
    /// The molar mass is in g/mol and should be finite and positive; an invalid value still gives a
    /// unit (so this never traps), but converting or encoding it throws
    /// ``UnitError/Code/invalidMolarMass``. Use ``init(molarMassGramsPerMole:prefix:)`` to validate up front.
    public static func moles(molarMassGramsPerMole: Double, prefix: UnitPrefix? = nil) -> HealthUnit {
        HealthUnit(.mole(UnitMolarMass(molarMassGramsPerMole)), prefix: prefix)
    }

    /// Moles of a substance with the given molar mass (g/mol), validating it.
    ///
    /// - Throws: ``UnitError/Code/invalidMolarMass`` when the molar mass is not finite and positive.
    public init(molarMassGramsPerMole: Double, prefix: UnitPrefix? = nil) throws(UnitError) {
        let molarMass = UnitMolarMass(molarMassGramsPerMole)
        guard molarMass.isValid else {
            throw UnitError(code: .invalidMolarMass,
                            message: "Invalid molar mass \(molarMass.formatted) g/mol. "
                                + "Use a finite, positive number of grams per mole, such as 180.15588000005408 for glucose.")
        }
        self.init(.mole(molarMass), prefix: prefix)
    }

    // MARK: Volume

    /// Liter, `L` (0.001 m³).
    public static let liter = HealthUnit(.liter)
    /// Milliliter, `mL` (10⁻⁶ m³).
    public static let milliliter = HealthUnit(.liter, prefix: .milli)
    /// US fluid ounce, `fl_oz_us` (29.5735295625 mL).
    public static let fluidOunceUS = HealthUnit(.fluidOunceUS)
    /// Imperial fluid ounce, `fl_oz_imp` (28.4130625 mL).
    public static let fluidOunceImperial = HealthUnit(.fluidOunceImperial)
    /// US cup, `cup_us` (8 US fl oz = 236.5882365 mL).
    public static let cupUS = HealthUnit(.cupUS)
    /// Imperial cup, `cup_imp` (10 imperial fl oz = 284.130625 mL).
    public static let cupImperial = HealthUnit(.cupImperial)
    /// US pint, `pt_us` (16 US fl oz = 473.176473 mL).
    public static let pintUS = HealthUnit(.pintUS)
    /// Imperial pint, `pt_imp` (20 imperial fl oz = 568.26125 mL).
    public static let pintImperial = HealthUnit(.pintImperial)

    // MARK: Time

    /// Second, `s` (SI time).
    public static let second = HealthUnit(.second)
    /// Millisecond, `ms` (0.001 s).
    public static let millisecond = HealthUnit(.second, prefix: .milli)
    /// Minute, `min` (60 s).
    public static let minute = HealthUnit(.minute)
    /// Hour, `hr` (3600 s).
    public static let hour = HealthUnit(.hour)
    /// Day, `d` (86400 s).
    public static let day = HealthUnit(.day)

    // MARK: Energy

    /// Joule, `J` (SI energy, kg·m²/s²).
    public static let joule = HealthUnit(.joule)
    /// Kilojoule, `kJ` (1000 J).
    public static let kilojoule = HealthUnit(.joule, prefix: .kilo)
    /// Small (thermochemical) calorie, `cal` (4.184 J).
    public static let calorie = HealthUnit(.calorie)
    /// Kilocalorie, `kcal` (4184 J), the unit of active and dietary energy.
    public static let kilocalorie = HealthUnit(.calorie, prefix: .kilo)
    /// Large (food) calorie, `Cal` (1 kcal = 4184 J).
    public static let largeCalorie = HealthUnit(.largeCalorie)

    // MARK: Temperature

    /// Kelvin, `K` (SI temperature).
    public static let kelvin = HealthUnit(.kelvin)
    /// Degree Celsius, `degC` (K − 273.15 on its own; a 1 K interval inside compound units).
    public static let degreeCelsius = HealthUnit(.degreeCelsius)
    /// Degree Fahrenheit, `degF` (K × 9/5 − 459.67 on its own; a 5/9 K interval inside compound units).
    public static let degreeFahrenheit = HealthUnit(.degreeFahrenheit)

    // MARK: Pressure

    /// Pascal, `Pa` (SI pressure, N/m²).
    public static let pascal = HealthUnit(.pascal)
    /// Kilopascal, `kPa` (1000 Pa).
    public static let kilopascal = HealthUnit(.pascal, prefix: .kilo)
    /// Millimeter of mercury, `mmHg` (133.322387415 Pa), used for blood pressure.
    public static let millimeterOfMercury = HealthUnit(.millimeterOfMercury)
    /// Inch of mercury, `inHg` (3386.389 Pa).
    public static let inchOfMercury = HealthUnit(.inchOfMercury)
    /// Standard atmosphere, `atm` (101325 Pa).
    public static let atmosphere = HealthUnit(.atmosphere)
    /// Centimeter of water, `cmAq` (98.0665 Pa).
    public static let centimeterOfWater = HealthUnit(.centimeterOfWater)

    // MARK: Scalars

    /// Count, `count` (dimensionless, factor 1): steps, beats, flights.
    public static let count = HealthUnit(.count)
    /// Percent, `%` (dimensionless, factor 1).
    ///
    /// As in HealthKit, a value in `%` holds a fraction: 0.98 `%` means 98 percent (oxygen
    /// saturation, body fat). `%` is therefore compatible with ``count`` and converts 1:1.
    public static let percent = HealthUnit(.percent)

    // MARK: Electrical and other physical units

    /// Hertz, `Hz` (1/s).
    public static let hertz = HealthUnit(.hertz)
    /// Volt, `V` (SI electric potential, kg·m²/(s³·A)).
    public static let volt = HealthUnit(.volt)
    /// Watt, `W` (SI power, J/s).
    public static let watt = HealthUnit(.watt)
    /// Siemens, `S` (SI electric conductance, 1/Ω).
    public static let siemens = HealthUnit(.siemens)
    /// Lux, `lx` (SI illuminance, cd/m², steradian taken as dimensionless).
    public static let lux = HealthUnit(.lux)
    /// Radian, `rad` (plane angle).
    public static let radian = HealthUnit(.radian)
    /// Degree of angle, `deg` (π/180 rad).
    public static let degreeAngle = HealthUnit(.degreeAngle)
    /// Diopter, `D` (optical power, 1/m).
    public static let diopter = HealthUnit(.diopter)

    // MARK: HealthKit-specific units

    /// International unit, `IU` (pharmacological activity; converts only to itself).
    public static let internationalUnit = HealthUnit(.internationalUnit)
    /// A-weighted decibel of sound pressure level, `dBASPL` (logarithmic; converts only to itself).
    public static let decibelASPL = HealthUnit(.decibelASPL)
    /// Decibel of hearing level, `dBHL` (logarithmic; converts only to itself).
    public static let decibelHL = HealthUnit(.decibelHL)
    /// Apple's workout effort score, `appleEffortScore` (converts only to itself).
    public static let appleEffortScore = HealthUnit(.appleEffortScore)

    // MARK: Compound units

    /// Count per minute, `count/min` (heart rate, cadence).
    public static let countPerMinute = HealthUnit.count / HealthUnit.minute
    /// Meter per second, `m/s` (speed).
    public static let meterPerSecond = HealthUnit.meter / HealthUnit.second
    /// Kilometer per hour, `km/hr` (speed; 1 km/hr = 1/3.6 m/s).
    public static let kilometerPerHour = HealthUnit.kilometer / HealthUnit.hour
    /// Meter per second squared, `m/s^2` (acceleration).
    public static let meterPerSecondSquared = HealthUnit.meter / HealthUnit.second.raised(to: 2)
}
