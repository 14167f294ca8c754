import Foundation

/// Altitude from air pressure by the international barometric formula (ICAO standard atmosphere,
/// troposphere, 0–11 km).
///
///     h = T₀ / L · (1 − (p / p₀)^(R·L / (g·M)))        p = p₀ · (1 − L·h / T₀)^(g·M / (R·L))
///
/// with T₀ = 288.15 K, L = 0.0065 K/m, g = 9.806 65 m/s², M = 0.028 964 4 kg/mol and
/// R = 8.314 32 J/(mol·K), the values of the U.S. Standard Atmosphere 1976 that the ICAO atmosphere shares: h ≈ 44 330.8 m · (1 − (p / p₀)^0.190 263). 101 325 Pa is 0 m and
/// 89 874.6 Pa is 1000 m at the standard sea-level pressure.
///
/// The formula assumes the standard temperature profile; on a hot or cold day differences of
/// altitude are off by a few per cent, and weather moves the sea-level pressure by a few hundred
/// pascals (tens of metres), which ``AltitudeFusion`` corrects with GPS.
///
/// ```swift
/// let altimeter = BarometricAltimeter()
/// altimeter.altitude(pressure: 89_874.6)   // ≈ 1000 m
/// altimeter.pressure(altitude: 1000)       // ≈ 89 874.6 Pa
/// ```
public struct BarometricAltimeter: Hashable, Sendable {
    /// Standard sea-level pressure, 101 325 Pa.
    public static let standardSeaLevelPressure = 101_325.0
    /// Standard sea-level temperature T₀, 288.15 K (15 °C).
    public static let standardTemperature = 288.15
    /// Temperature lapse rate L of the troposphere, 0.0065 K/m.
    public static let temperatureLapseRate = 0.0065
    /// Standard gravity g, 9.806 65 m/s².
    public static let gravity = 9.806_65
    /// Molar mass of dry air M, 0.028 964 4 kg/mol.
    public static let molarMassOfAir = 0.028_964_4
    /// Universal gas constant R as the U.S. Standard Atmosphere 1976 defines it, 8.314 32 J/(mol·K).
    ///
    /// CODATA's 8.314 462 618 differs by 2 parts in 10⁵ (under 0.1 m at 1000 m) but would no longer
    /// reproduce the standard's tables.
    public static let gasConstant = 8.314_32
    /// T₀ / L, ≈ 44 330.8 m: the altitude at which the formula's pressure would reach zero.
    public static let scaleHeight = standardTemperature / temperatureLapseRate
    /// Exponent R·L / (g·M), ≈ 0.190 263.
    public static let exponent = gasConstant * temperatureLapseRate / (gravity * molarMassOfAir)

    /// Pressure at sea level, in pascals, that altitudes are measured from.
    public var seaLevelPressure: Double

    /// Creates an altimeter referenced to `seaLevelPressure` Pa (QNH), the standard 101 325 Pa by default.
    public init(seaLevelPressure: Double = BarometricAltimeter.standardSeaLevelPressure) {
        self.seaLevelPressure = seaLevelPressure
    }

    /// Creates an altimeter calibrated so that `pressure` Pa reads `altitude` m.
    ///
    /// Falls back to the standard sea-level pressure when the inputs are not usable.
    public init(calibratingPressure pressure: Double, atAltitude altitude: Double) {
        let reference = Self.seaLevelPressure(pressure: pressure, altitude: altitude)
        self.init(seaLevelPressure: reference.isFinite && reference > 0 ? reference : Self.standardSeaLevelPressure)
    }

    /// Altitude in metres at `pressure` Pa; NaN when the pressure or the reference is not positive
    /// and finite.
    public func altitude(pressure: Double) -> Double {
        guard pressure > 0, pressure.isFinite, seaLevelPressure > 0, seaLevelPressure.isFinite else { return .nan }
        return Self.scaleHeight * (1 - pow(pressure / seaLevelPressure, Self.exponent))
    }

    /// Pressure in pascals at `altitude` m (the inverse of ``altitude(pressure:)``); NaN when the
    /// altitude is not finite or above the formula's range (44 km).
    public func pressure(altitude: Double) -> Double {
        let base = 1 - altitude / Self.scaleHeight
        guard altitude.isFinite, base > 0, seaLevelPressure.isFinite else { return .nan }
        return seaLevelPressure * pow(base, 1 / Self.exponent)
    }

    /// The sea-level pressure, in pascals, at which `pressure` Pa reads `altitude` m; NaN when the
    /// inputs are not usable.
    public static func seaLevelPressure(pressure: Double, altitude: Double) -> Double {
        let base = 1 - altitude / scaleHeight
        guard pressure > 0, pressure.isFinite, altitude.isFinite, base > 0 else { return .nan }
        return pressure / pow(base, 1 / exponent)
    }
}
