import Foundation
import PaceModel
import PaceTestSupport
import Testing
@testable import PaceTrack

@Suite struct AltitudeFusionTests {
    /// The real atmosphere today: 101 900 Pa at sea level, so the standard formula reads about 47 m low.
    let weather = BarometricAltimeter(seaLevelPressure: 101_900)

    /// A hilly profile: 300 m, up 80 m, down 120 m, in an hour.
    func profile(_ time: Double) -> Double {
        300 + 80 * sin(2 * Double.pi * time / 3_600) - 40 * max(0, sin(Double.pi * time / 3_600))
    }

    @Test func followsBarometricChangesWhileGPSJittersTenMetres() {
        var fusion = AltitudeFusion(configuration: .onFoot)
        var random = MetricsTestRandom(seed: 21)
        var fused: [Double] = []
        for second in 0...3_600 {
            let truth = profile(Double(second))
            let gps = truth + random.uniform(in: -10...10)
            let pressure = weather.pressure(altitude: truth) + random.gaussian()
            fused.append(fusion.update(time: Double(second), gpsAltitude: gps, gpsVerticalAccuracy: 10,
                                       barometricPressure: pressure))
        }
        #expect(fusion.isBarometric)
        // Changes over a minute follow the barometer (GPS would add ±10 m of jitter).
        for second in stride(from: 600, through: 3_540, by: 60) {
            let fusedChange = fused[second + 60] - fused[second]
            let trueChange = profile(Double(second + 60)) - profile(Double(second))
            #expect(abs(fusedChange - trueChange) < 1)
        }
        // The level is GPS's, averaged: the 47 m barometric offset is gone after a few minutes.
        for second in stride(from: 600, through: 3_600, by: 60) {
            #expect(abs(fused[second] - profile(Double(second))) < 5)
        }
        #expect(fusion.altitudeUncertainty < 5)
    }

    @Test func gpsOnlySmoothsTimeCorrelatedNoise() {
        var fusion = AltitudeFusion(configuration: .onFoot)
        var noise = MetricsTestAltitudeNoise(seed: 5, correlatedSigma: 8, correlationTime: 60, whiteSigma: 6)
        var rawSquares = 0.0, fusedSquares = 0.0
        var rawJitter = 0.0, fusedJitter = 0.0
        var previous = (raw: Double.nan, fused: Double.nan)
        for second in 0...3_600 {
            let truth = profile(Double(second))
            let gps = truth + noise.next(step: 1)
            let fused = fusion.update(time: Double(second), gpsAltitude: gps, gpsVerticalAccuracy: 10, barometricPressure: nil)
            if second >= 120 {
                rawSquares += (gps - truth) * (gps - truth)
                fusedSquares += (fused - truth) * (fused - truth)
                rawJitter += (gps - previous.raw) * (gps - previous.raw)
                fusedJitter += (fused - previous.fused) * (fused - previous.fused)
            }
            previous = (gps, fused)
        }
        #expect(!fusion.isBarometric)
        // The fix-to-fix jitter is gone; the slow wander (8 m over a minute or more) cannot be told
        // from real hills without a barometer, but the error is still smaller than raw GPS's.
        #expect(fusedJitter < rawJitter / 100)
        #expect(fusedSquares < rawSquares * 0.8)
    }

    @Test func barometerAloneGivesPressureAltitude() {
        var fusion = AltitudeFusion(configuration: .onFoot)
        #expect(fusion.altitude.isNaN && fusion.altitudeUncertainty == .infinity)
        let altitude = fusion.update(time: 0, gpsAltitude: .nan, gpsVerticalAccuracy: -1, barometricPressure: 89_874.6)
        #expect(abs(altitude - 1_000) < 0.01)
        #expect(fusion.isBarometric)
        #expect(abs(fusion.climbAltitude - 1_000) < 0.01)
    }

    @Test func nothingKnownIsNaNAndInvalidInputsNeverPoisonTheState() {
        var fusion = AltitudeFusion(configuration: .onFoot)
        #expect(fusion.update(time: 0, gpsAltitude: .nan, gpsVerticalAccuracy: .nan, barometricPressure: nil).isNaN)
        #expect(fusion.update(time: 1, gpsAltitude: .infinity, gpsVerticalAccuracy: 5, barometricPressure: .nan).isNaN)
        #expect(fusion.update(time: 2, gpsAltitude: .nan, gpsVerticalAccuracy: 5, barometricPressure: -3).isNaN)
        // The first usable altitude is taken (no accuracy: 10 m assumed).
        let first = fusion.update(time: 3, gpsAltitude: 250, gpsVerticalAccuracy: -1, barometricPressure: 0)
        #expect(abs(first - 250) < 1)
        for second in 4...10 {
            let value = fusion.update(time: Double(second), gpsAltitude: .nan, gpsVerticalAccuracy: .nan,
                                      barometricPressure: .infinity)
            #expect(value.isFinite)
        }
        #expect(fusion.update(time: .nan, gpsAltitude: 999, gpsVerticalAccuracy: 1, barometricPressure: nil).isFinite)
        #expect(abs(fusion.update(time: 5, gpsAltitude: 999, gpsVerticalAccuracy: 1, barometricPressure: nil) - 250) < 1)
        // Zero and tiny accuracies are floored, not divided by.
        #expect(fusion.update(time: 11, gpsAltitude: 251, gpsVerticalAccuracy: 0, barometricPressure: nil).isFinite)
        #expect(fusion.update(time: 12, gpsAltitude: 251, gpsVerticalAccuracy: 1e-300, barometricPressure: nil).isFinite)
        #expect(fusion.climbAltitude.isFinite)
    }

    @Test func hoursLongGapStaysFiniteAndRelearnsTheLevel() {
        for barometer in [false, true] {
            var fusion = AltitudeFusion(configuration: .onFoot)
            for second in 0..<600 {
                _ = fusion.update(time: Double(second), gpsAltitude: 100, gpsVerticalAccuracy: 5,
                                  barometricPressure: barometer ? weather.pressure(altitude: 100) : nil)
            }
            // Four hours later, 600 m higher (a drive to the trailhead).
            var last = Double.nan
            for second in 15_000..<15_300 {
                last = fusion.update(time: Double(second), gpsAltitude: 700, gpsVerticalAccuracy: 5,
                                     barometricPressure: barometer ? weather.pressure(altitude: 700) : nil)
                #expect(last.isFinite && fusion.climbAltitude.isFinite)
            }
            #expect(abs(last - 700) < 5)
        }
    }

    @Test func persistentGPSDisagreementIsFollowedAfterTheResetTime() {
        var fusion = AltitudeFusion(configuration: .onFoot)
        for second in 0..<600 {
            _ = fusion.update(time: Double(second), gpsAltitude: 100, gpsVerticalAccuracy: 3, barometricPressure: nil)
        }
        // A single wild altitude barely moves the estimate…
        let afterSpike = fusion.update(time: 600, gpsAltitude: 1_100, gpsVerticalAccuracy: 3, barometricPressure: nil)
        #expect(abs(afterSpike - 100) < 15)
        // …but a level that stays elsewhere is followed.
        var last = afterSpike
        for second in 601..<900 {
            last = fusion.update(time: Double(second), gpsAltitude: 160, gpsVerticalAccuracy: 3, barometricPressure: nil)
        }
        #expect(abs(last - 160) < 5)
    }

    @Test func modeChangesKeepAltitudeAndClimbSeriesContinuous() {
        var fusion = AltitudeFusion(configuration: .onFoot)
        var previous = (altitude: Double.nan, climb: Double.nan)
        var largestStep = 0.0
        var largestClimbStep = 0.0
        for second in 0..<1_800 {
            // GPS throughout; the barometer only between 600 s and 1200 s (then it falls silent).
            let truth = 200 + Double(second) / 60
            let pressure = (600..<1_200).contains(second) ? weather.pressure(altitude: truth) : nil
            let altitude = fusion.update(time: Double(second), gpsAltitude: truth, gpsVerticalAccuracy: 5,
                                         barometricPressure: pressure)
            if second > 60 {
                largestStep = max(largestStep, abs(altitude - previous.altitude))
                largestClimbStep = max(largestClimbStep, abs(fusion.climbAltitude - previous.climb))
            }
            previous = (altitude, fusion.climbAltitude)
            #expect(fusion.isBarometric == (600..<(1_199 + 31)).contains(second))   // 30 s timeout
        }
        #expect(largestStep < 1)
        #expect(largestClimbStep < 1)
    }

    @Test func waterSportsIgnoreTheBarometer() {
        var fusion = AltitudeFusion(configuration: .forActivity(.swimming))
        _ = fusion.update(time: 0, gpsAltitude: 3, gpsVerticalAccuracy: 10, barometricPressure: 100_000)
        #expect(!fusion.isBarometric)
        #expect(abs(fusion.altitude - 3) < 0.5)
    }
}
