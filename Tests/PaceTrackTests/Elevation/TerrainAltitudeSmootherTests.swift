import Foundation
import PaceTestSupport
import Testing
@testable import PaceTrack

/// GPS-only gain of a finished track (DECISIONS 100): terrain read through GPS errors that wander
/// for minutes, as the accuracy benchmark's mild profile has them (5 m correlated over 2 min, 1.5 m white).
@Suite struct TerrainAltitudeSmootherTests {
    /// An hour at 3 m/s over `terrain` (altitude in metres at a distance in metres), GPS altitudes with
    /// Gauss–Markov errors of `accuracy` metres correlated over `correlation` seconds plus 30 % as
    /// much white noise; each sample reports `accuracy`.
    static func track(seed: UInt64, speed: Double = 3, seconds: Int = 3_600, accuracy: Double = 5,
                      correlation: Double = 120, terrain: (Double) -> Double) -> [TerrainAltitudeSmoother.Sample] {
        var random = SeededRandom(seed: seed)
        let decay = exp(-1.0 / correlation)
        var error = accuracy * random.gaussian()
        return (0..<seconds).map { second in
            error = decay * error + accuracy * (1 - decay * decay).squareRoot() * random.gaussian()
            let distance = speed * Double(second)
            return .init(time: 1_700_000_000 + Double(second), distance: distance,
                         altitude: terrain(distance) + error + 0.3 * accuracy * random.gaussian(),
                         verticalAccuracy: accuracy)
        }
    }

    /// Gain counted from the smoothed altitudes with the track's terrain hysteresis (`threshold`
    /// overrides it), m.
    static func gain(_ samples: [TerrainAltitudeSmoother.Sample],
                     threshold: Double? = nil) -> (gain: Double, loss: Double) {
        let configuration = ElevationConfiguration.onFoot
        var tracker = ElevationGainTracker(configuration: configuration)
        let hysteresis = threshold ?? TerrainAltitudeSmoother.gainThreshold(for: samples, configuration: configuration)
        for altitude in TerrainAltitudeSmoother.smooth(samples, candidates: configuration.gpsTerrainModels,
                                                       configuration: configuration) {
            _ = tracker.update(altitude: altitude, threshold: hysteresis)
        }
        return (tracker.gain, tracker.loss)
    }

    /// 2 km waves of ±15 m: 10.8 km with 162 m of climbing.
    static func rolling(_ distance: Double) -> Double { 100 + 15 * sin(2 * Double.pi * distance / 2_000) }

    /// What the live count (the time-smoothed climb series, 8 m hysteresis) makes of the same samples.
    static func liveGain(_ samples: [TerrainAltitudeSmoother.Sample]) -> Double {
        var fusion = AltitudeFusion(configuration: .onFoot)
        var tracker = ElevationGainTracker(configuration: .onFoot)
        for sample in samples {
            _ = fusion.update(time: sample.time, gpsAltitude: sample.altitude, gpsVerticalAccuracy: sample.verticalAccuracy,
                              barometricPressure: nil)
            _ = tracker.update(altitude: fusion.climbAltitude, isBarometric: false)
        }
        return tracker.gain
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func aFlatRouteCountsAlmostNothing(seed: UInt64) {
        let samples = Self.track(seed: seed) { _ in 100 }
        // The raw altitudes climb hundreds of metres: the noise is real.
        let raw = zip(samples, samples.dropFirst()).map { max(0, $1.altitude - $0.altitude) }.reduce(0, +)
        #expect(raw > 500)
        // An hour of 5 m errors wandering over 2 min: at most 30 m counted, a few hills' worth of noise.
        let counted = Self.gain(samples)
        #expect(counted.gain < 30, "\(counted)")
        #expect(counted.loss < 30, "\(counted)")
    }

    /// A harsh receiver (12 m errors wandering over a minute, as under trees or between buildings):
    /// what the smoother leaves of that wander is metres, so the hysteresis grows with the reported
    /// accuracy (DECISIONS 103) and a flat hour stays nearly flat.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func aNoisierReceiverCountsWithALargerHysteresis(seed: UInt64) {
        let samples = Self.track(seed: seed, accuracy: 12, correlation: 60) { _ in 100 }
        #expect(TerrainAltitudeSmoother.gainThreshold(for: samples, configuration: .onFoot) == 12)
        let counted = Self.gain(samples)
        let fixed = Self.gain(samples, threshold: ElevationConfiguration.defaultTerrainGainThreshold)
        #expect(counted.gain < 40, "\(counted)")
        #expect(counted.gain < fixed.gain, "accuracy-scaled \(counted), fixed 2 m \(fixed)")
    }

    @Test func theHysteresisIsTheMedianReportedAccuracyOrTheFloor() {
        func sample(_ altitude: Double, _ accuracy: Double) -> TerrainAltitudeSmoother.Sample {
            .init(time: 0, distance: 0, altitude: altitude, verticalAccuracy: accuracy)
        }
        let configuration = ElevationConfiguration.onFoot
        let mixed = [sample(1, 4), sample(1, 30), sample(1, 6), sample(.nan, 50), sample(1, -1), sample(1, 5)]
        // Reported accuracies of altitudes that exist: 4, 30, 6, 5 → median (upper) 6 m.
        #expect(TerrainAltitudeSmoother.gainThreshold(for: mixed, configuration: configuration) == 6)
        // Sub-metre accuracies (a barometric bike computer) keep the 2 m floor; none reported, too.
        #expect(TerrainAltitudeSmoother.gainThreshold(for: [sample(1, 0.5), sample(2, 0.5)],
                                                      configuration: configuration) == 2)
        #expect(TerrainAltitudeSmoother.gainThreshold(for: [sample(1, -1)], configuration: configuration) == 2)
        var halved = configuration
        halved.gpsTerrainGainAccuracyShare = 0.5
        #expect(TerrainAltitudeSmoother.gainThreshold(for: mixed, configuration: halved) == 3)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func rollingTerrainKeepsItsClimbs(seed: UInt64) {
        let samples = Self.track(seed: seed, terrain: Self.rolling)
        let counted = Self.gain(samples)
        // 108 m up and down; the old time-based smoothing counted about half.
        // 162 m up and down, within 20 %; the live count's time-based smoothing loses far more.
        #expect(abs(counted.gain - 162) < 32, "\(counted)")
        #expect(abs(counted.loss - 162) < 32, "\(counted)")
        let live = Self.liveGain(samples)
        #expect(live < counted.gain - 40, "live \(live), finished \(counted)")
    }

    /// A bike computer's barometric altitude in a file that states no accuracy: ±3 m waves every 500 m,
    /// read to 0.2 m. Assuming GPS's 10 m smooths the waves away; estimating the accuracy keeps them.
    @Test func altitudesWithoutAccuracyHaveTheirNoiseEstimated() {
        var random = SeededRandom(seed: 7)
        let samples = (0..<2_400).map { second -> TerrainAltitudeSmoother.Sample in
            let distance = 5 * Double(second)
            let altitude = 200 + 3 * sin(2 * Double.pi * distance / 500) + 0.1 * random.gaussian()
            return .init(time: Double(second), distance: distance, altitude: (altitude * 5).rounded() / 5,
                         verticalAccuracy: -1)
        }
        // 24 waves of 6 m: 144 m.
        func gain(_ candidates: [TerrainAltitudeModel]) -> Double {
            var tracker = ElevationGainTracker(configuration: .cycling)
            for altitude in TerrainAltitudeSmoother.smooth(samples, candidates: candidates, configuration: .cycling) {
                _ = tracker.update(altitude: altitude, threshold: ElevationConfiguration.cycling.gpsTerrainGainThreshold)
            }
            return tracker.gain
        }
        let estimated = gain(TerrainAltitudeModel.withUnreportedAccuracies(TerrainAltitudeModel.candidates))
        let assumed = gain(TerrainAltitudeModel.candidates)
        #expect(abs(estimated - 144) < 10, "estimated accuracy: \(estimated) m")
        #expect(assumed < estimated - 20, "assumed 10 m: \(assumed) m")
    }

    @Test func standingStillCountsNothing() {
        let samples = Self.track(seed: 4, speed: 0) { _ in 250 }
        let counted = Self.gain(samples)
        #expect(counted.gain == 0 && counted.loss == 0, "\(counted)")
    }

    @Test func theLikelihoodChoosesTheTerrain() throws {
        let configuration = ElevationConfiguration.onFoot
        let flat = try #require(TerrainAltitudeSmoother.bestModel(for: Self.track(seed: 5) { _ in 100 },
                                                                  candidates: configuration.gpsTerrainModels,
                                                                  configuration: configuration))
        let hills = try #require(TerrainAltitudeSmoother.bestModel(for: Self.track(seed: 5, terrain: Self.rolling),
                                                                   candidates: configuration.gpsTerrainModels,
                                                                   configuration: configuration))
        #expect(flat.gradeDeviation <= 0.006, "\(flat)")
        #expect(hills.gradeDeviation >= 0.012, "\(hills)")
    }

    @Test func badInputIsSkippedNotFatal() {
        var samples = Self.track(seed: 6, seconds: 600) { _ in 100 }
        samples[10].altitude = .nan
        samples[20].time = samples[19].time - 5   // backwards in time
        samples[30].verticalAccuracy = -1
        samples[40].distance = .nan
        let altitudes = TerrainAltitudeSmoother.smooth(samples, candidates: TerrainAltitudeModel.candidates,
                                                       configuration: .onFoot)
        #expect(altitudes.count == samples.count)
        #expect(altitudes[20].isNaN, "a sample back in time is skipped")
        let others = altitudes.enumerated().filter { $0.offset != 20 }.map(\.element)
        let worst = others.map { abs($0 - 100) }.max() ?? .infinity
        #expect(worst < 15)
        #expect(TerrainAltitudeSmoother.smooth([], candidates: TerrainAltitudeModel.candidates, configuration: .onFoot).isEmpty)
        let unknown = TerrainAltitudeSmoother.smooth(samples, candidates: [], configuration: .onFoot)
        #expect(unknown.count == samples.count && unknown.filter(\.isFinite).isEmpty)
    }
}
