import PaceModel
import PaceTestSupport
import Testing
@testable import PaceTrack

@Suite struct ElevationGainTrackerTests {
    /// Hysteresis 3 m with a barometer, 8 m without.
    let configuration = ElevationConfiguration(barometricGainThreshold: 3, gpsGainThreshold: 8, gpsVerticalSpeed: 0.1,
                                               gpsClimbVerticalSpeed: 0.0075)

    func gain(of altitudes: [Double], isBarometric: Bool = true) -> ElevationGainTracker {
        var tracker = ElevationGainTracker(configuration: configuration)
        for altitude in altitudes { _ = tracker.update(altitude: altitude, isBarometric: isBarometric) }
        return tracker
    }

    @Test func scriptedProfileCountsEachMetreOnce() {
        // Wiggles under 3 m are ignored; 100 → 110 → 104 → 120 → 100 climbs 10 + 16 and descends 6 + 20.
        let tracker = gain(of: [100, 101, 100, 102, 105, 110, 108, 109, 104, 106, 120, 118, 119, 100])
        #expect(tracker.gain == 26)
        #expect(tracker.loss == 26)
        // The same profile with GPS hysteresis (8 m): the 6 m dip is a wiggle.
        let gps = gain(of: [100, 101, 100, 102, 105, 110, 108, 109, 104, 106, 120, 118, 119, 100], isBarometric: false)
        #expect(gps.gain == 20)
        #expect(gps.loss == 20)
    }

    @Test func actionsReportTheIncreasesAndTotalsNeverDecrease() {
        var tracker = ElevationGainTracker(configuration: configuration)
        var climbed = 0.0, descended = 0.0
        var previous = (gain: 0.0, loss: 0.0)
        for altitude in [0, 2, 5, 7, 6, 3, 1, -4, -2, 0, 4] as [Double] {
            switch tracker.update(altitude: altitude, isBarometric: true) {
            case .none: break
            case .climbed(let metres): climbed += metres
            case .descended(let metres): descended += metres
            }
            #expect(tracker.gain >= previous.gain && tracker.loss >= previous.loss)
            previous = (tracker.gain, tracker.loss)
        }
        #expect(climbed == tracker.gain)
        #expect(descended == tracker.loss)
        #expect(tracker.gain == 7 + 8)
        #expect(tracker.loss == 11)
    }

    @Test func repeatedAndInvalidAltitudesAddNothing() {
        var tracker = ElevationGainTracker(configuration: configuration)
        #expect(tracker.gain == 0 && tracker.loss == 0)
        #expect(tracker.update(altitude: 50, isBarometric: true) == .none)   // a single point
        #expect(tracker.gain == 0)
        for _ in 0..<100 { #expect(tracker.update(altitude: 50, isBarometric: true) == .none) }
        for altitude in [Double.nan, .infinity, -.infinity] {
            #expect(tracker.update(altitude: altitude, isBarometric: true) == .none)
        }
        #expect(tracker.update(altitude: 60, isBarometric: true) == .climbed(10))
        #expect(tracker.update(altitude: 60, isBarometric: true) == .none)
        #expect(tracker.gain == 10 && tracker.loss == 0)
    }

    /// Runs `profile` (m, per second) through fusion and gain for `duration` s.
    func track(_ profile: (Double) -> Double, duration: Int, barometer: Bool, seed: UInt64,
               preset: ElevationConfiguration = .onFoot) -> (gain: Double, loss: Double, rawGain: Double) {
        var fusion = AltitudeFusion(configuration: preset)
        var tracker = ElevationGainTracker(configuration: preset)
        var gpsNoise = MetricsTestAltitudeNoise(seed: seed, correlatedSigma: 8, correlationTime: 60, whiteSigma: 6)
        var pressureNoise = MetricsTestRandom(seed: seed &+ 1)
        let weather = BarometricAltimeter(seaLevelPressure: 101_900)
        var rawGain = 0.0, previousRaw = Double.nan
        for second in 0...duration {
            let truth = profile(Double(second))
            let gps = truth + gpsNoise.next(step: 1)
            let pressure = barometer ? weather.pressure(altitude: truth) + 2 * pressureNoise.gaussian() : nil
            _ = fusion.update(time: Double(second), gpsAltitude: gps, gpsVerticalAccuracy: 10, barometricPressure: pressure)
            _ = tracker.update(altitude: fusion.climbAltitude, isBarometric: fusion.isBarometric)
            if gps > previousRaw { rawGain += gps - previousRaw }
            previousRaw = gps
        }
        return (tracker.gain, tracker.loss, rawGain)
    }

    @Test func noisyFlatTrackGainsAlmostNothing() {
        for seed in 1...5 as ClosedRange<UInt64> {
            let barometric = track({ _ in 120 }, duration: 3_600, barometer: true, seed: seed)
            #expect(barometric.gain < 3)
            let gpsOnly = track({ _ in 120 }, duration: 3_600, barometer: false, seed: seed)
            #expect(gpsOnly.gain < 40)
            // Summing every rise of raw GPS altitude would report kilometres.
            #expect(gpsOnly.rawGain > 1_000)
        }
    }

    @Test func noisyHundredMetreClimbGainsAHundredMetres() {
        let climb: (Double) -> Double = { 120 + min(100, max(0, ($0 - 300) / 900 * 100)) }
        for seed in 1...5 as ClosedRange<UInt64> {
            let barometric = track(climb, duration: 1_800, barometer: true, seed: seed)
            #expect(abs(barometric.gain - 100) < 4)
            #expect(barometric.loss < 3)
            let gpsOnly = track(climb, duration: 1_800, barometer: false, seed: seed)
            #expect(abs(gpsOnly.gain - 100) < 25)
        }
    }

    @Test func presets() {
        for activity in WorkoutActivityType.allCases {
            let preset = ElevationConfiguration.forActivity(activity)
            #expect(preset.barometricGainThreshold > 0 && preset.barometricGainThreshold <= preset.gpsGainThreshold)
            #expect(preset.gpsClimbVerticalSpeed > 0 && preset.gpsClimbVerticalSpeed < preset.gpsVerticalSpeed)
        }
        #expect(ElevationConfiguration.forActivity(.hiking) == .onFoot)
        #expect(ElevationConfiguration.forActivity(.cycling) == .cycling)
        #expect(!ElevationConfiguration.forActivity(.swimming).usesBarometer)
    }
}
