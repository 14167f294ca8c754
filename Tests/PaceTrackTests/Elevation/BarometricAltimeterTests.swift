import PaceTestSupport
import Testing
@testable import PaceTrack

@Suite struct BarometricAltimeterTests {
    let altimeter = BarometricAltimeter()

    @Test func standardSeaLevelPressureIsZeroMetres() {
        #expect(altimeter.altitude(pressure: 101_325) == 0)
        #expect(altimeter.pressure(altitude: 0) == 101_325)
    }

    @Test func referenceValuesOfTheStandardAtmosphere() {
        // U.S. Standard Atmosphere 1976 tables (geopotential altitude).
        #expect(abs(altimeter.altitude(pressure: 89_874.6) - 1_000) < 0.01)
        #expect(abs(altimeter.altitude(pressure: 95_460.8) - 500) < 0.01)
        #expect(abs(altimeter.altitude(pressure: 79_495.2) - 2_000) < 0.01)
        #expect(abs(altimeter.altitude(pressure: 54_019.9) - 5_000) < 0.01)
        #expect(abs(altimeter.pressure(altitude: 1_000) - 89_874.6) < 0.1)
        #expect(abs(BarometricAltimeter.exponent - 0.190_263) < 1e-6)
        #expect(abs(BarometricAltimeter.scaleHeight - 44_330.77) < 0.01)
    }

    @Test func inverseRoundTrips() {
        for altitude in stride(from: -400.0, through: 8_848, by: 157) {
            let pressure = altimeter.pressure(altitude: altitude)
            #expect(isApproximatelyEqual(altimeter.altitude(pressure: pressure), altitude, relative: 1e-9, absolute: 1e-6))
        }
        let calibrated = BarometricAltimeter(seaLevelPressure: 102_000)
        for pressure in stride(from: 60_000.0, through: 105_000, by: 2_500) {
            #expect(isApproximatelyEqual(calibrated.pressure(altitude: calibrated.altitude(pressure: pressure)), pressure,
                                         relative: 1e-12))
        }
    }

    @Test func calibrationToAKnownAltitude() {
        // On a high-pressure day 100 000 Pa is read at a 250 m trailhead.
        let calibrated = BarometricAltimeter(calibratingPressure: 100_000, atAltitude: 250)
        #expect(abs(calibrated.altitude(pressure: 100_000) - 250) < 1e-6)
        #expect(calibrated.seaLevelPressure > 101_325)
        // Pressure falls 12 Pa per metre or so near sea level: 1 hPa ≈ 8.3 m.
        #expect(abs(altimeter.altitude(pressure: 101_225) - 8.3) < 0.1)
        #expect(BarometricAltimeter(calibratingPressure: .nan, atAltitude: 250).seaLevelPressure == 101_325)
    }

    @Test func invalidInputsGiveNaN() {
        for pressure in [0, -1, .nan, .infinity] as [Double] {
            #expect(altimeter.altitude(pressure: pressure).isNaN)
        }
        #expect(altimeter.pressure(altitude: .nan).isNaN)
        #expect(altimeter.pressure(altitude: 50_000).isNaN)
        #expect(BarometricAltimeter(seaLevelPressure: 0).altitude(pressure: 90_000).isNaN)
        #expect(BarometricAltimeter.seaLevelPressure(pressure: -5, altitude: 0).isNaN)
    }
}
