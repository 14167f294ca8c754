import Foundation
import PaceModel
import PaceTestSupport
import Testing
@testable import PaceTrack

/// Elevation gain through the whole track pipeline with a barometer whose weather drifts.
@Suite struct BarometricGainTests {
    /// Standard sea-level pressure, Pa.
    static let seaLevel = BarometricAltimeter.standardSeaLevelPressure

    /// A 1 Hz walk north at 1 m/s along `profile` (metres at each second): GPS altitude with 3 m of
    /// noise correlated over a minute plus 1 m white, and a barometer under a sea-level pressure
    /// changing `hectopascalsPerHour`, 1 hPa off, with 2 Pa of noise, quantised to 1 Pa.
    static func walk(seconds: Int, hectopascalsPerHour: Double, seed: UInt64,
                     profile: (Double) -> Double) -> (fixes: [Fix], pressures: [Double]) {
        var noise = MetricsTestAltitudeNoise(seed: seed, correlatedSigma: 3, correlationTime: 60, whiteSigma: 1)
        var random = MetricsTestRandom(seed: seed + 100)
        let plane = LocalTangentPlane(latitude: 45, longitude: 7)
        var fixes: [Fix] = [], pressures: [Double] = []
        for second in 0..<seconds {
            let time = Double(second), truth = profile(time)
            let position = plane.unproject(east: random.gaussian(), north: time + random.gaussian())
            fixes.append(Fix(time: 1_795_158_000 + time, latitude: position.latitude, longitude: position.longitude,
                             altitude: truth + noise.next(step: 1), horizontalAccuracy: 3, verticalAccuracy: 4,
                             speed: max(0, 1 + random.gaussian() * 0.1), course: 0))
            let weather = BarometricAltimeter(seaLevelPressure: seaLevel + hectopascalsPerHour * 100 * time / 3_600)
            pressures.append((weather.pressure(altitude: truth) + 100 + 2 * random.gaussian()).rounded())
        }
        return (fixes, pressures)
    }

    /// The true gain of `profile` sampled each second.
    static func trueGain(seconds: Int, profile: (Double) -> Double) -> Double {
        (1..<seconds).reduce(0) { $0 + max(0, profile(Double($1)) - profile(Double($1 - 1))) }
    }

    /// Two hours: a 200 m climb in 40 minutes, 40 minutes of 6 m rollers every 5 minutes, then down.
    static func hills(_ time: Double) -> Double {
        switch time {
        case ..<2_400: 300 + 200 * time / 2_400
        case ..<4_800: 500 + 6 * sin(2 * Double.pi * (time - 2_400) / 300)
        default: 500 - 200 * min(1, (time - 4_800) / 2_400)
        }
    }

    @Test(arguments: [(-0.5, false), (0.5, false), (-0.5, true), (0.5, true)])
    func climbWithWeatherDriftCountsTheTrueGain(hectopascalsPerHour: Double, smoothed: Bool) throws {
        let seconds = 7_200
        let (fixes, pressures) = Self.walk(seconds: seconds, hectopascalsPerHour: hectopascalsPerHour, seed: 3,
                                           profile: Self.hills)
        let truth = Self.trueGain(seconds: seconds, profile: Self.hills)

        let track = TrackProcessor.process(fixes, pressures: pressures, configuration: .forActivity(.hiking),
                                           smoothed: smoothed)

        let gain = try #require(track.summary.elevationGain)
        let loss = try #require(track.summary.elevationLoss)
        #expect(abs(gain - truth) <= max(0.03 * truth, 3), "gain \(gain) m, true \(truth) m")
        #expect(abs(loss - truth) <= max(0.03 * truth, 3), "loss \(loss) m, true \(truth) m")
        #expect(track.gains.last == gain)
        // The route's altitudes are the fused ones: the level is GPS's, not the barometer's 1 hPa off.
        #expect(abs(track.altitudes[6_000] - Self.hills(6_000)) < 5)
    }

    @Test(arguments: [-0.5, 0.5])
    func flatRouteWithWeatherDriftCountsNoClimb(hectopascalsPerHour: Double) throws {
        let (fixes, pressures) = Self.walk(seconds: 3_600, hectopascalsPerHour: hectopascalsPerHour, seed: 9) { _ in 70 }

        let summary = TrackProcessor.process(fixes, pressures: pressures, configuration: .forActivity(.walking),
                                             smoothed: true).summary

        // 0.5 hPa/h is about 4 m in the hour: counted as climbing or descending without the trend.
        let gain = try #require(summary.elevationGain), loss = try #require(summary.elevationLoss)
        #expect(gain <= 3, "gain \(gain) m")
        #expect(loss <= 3, "loss \(loss) m")
    }
}
