import Foundation
import PaceModel
import PaceTestSupport
import Testing
@testable import PaceTrack

@Suite struct SpeedStatisticsTests {
    /// No plausibility limit, so only the sustained window stands between a spike and the maximum.
    let unlimited = SpeedStatisticsConfiguration(sustainedWindow: 3, maximumPlausibleSpeed: .infinity)

    @Test func singleSpikeDoesNotShowAsMaximum() {
        var statistics = SpeedStatistics(configuration: unlimited)
        for second in 0..<600 {
            let speed = second == 300 ? 2_000 / 3.6 : 4   // one 2000 km/h fix
            _ = statistics.update(time: Double(second), speed: speed)
        }
        #expect(statistics.maximumSpeed == 4)
    }

    @Test func spikesShorterThanTheWindowAreIgnoredOnANoisyTrack() {
        var statistics = SpeedStatistics(configuration: .forActivity(.running))
        var random = MetricsTestRandom(seed: 11)
        for second in 0..<3_600 {
            var speed = 3.5 + 0.1 * random.gaussian()
            if random.uniform() < 0.02 { speed = random.uniform(in: 8...12) }   // 1-fix glitches
            _ = statistics.update(time: Double(second), speed: speed)
        }
        #expect(statistics.maximumSpeed < 3.5 + 0.5)
        #expect(statistics.maximumSpeed > 3.5)
    }

    @Test func sustainedSprintIsTheMaximum() {
        var statistics = SpeedStatistics(configuration: unlimited)
        var newMaxima: [Double] = []
        for second in 0..<120 {
            let speed: Double = (60..<70).contains(second) ? 8 : 4
            if case .newMaximum(let value) = statistics.update(time: Double(second), speed: speed) {
                newMaxima.append(value)
            }
        }
        #expect(statistics.maximumSpeed == 8)
        #expect(newMaxima == [4, 8])
    }

    @Test func windowIsMeasuredInSecondsNotFixes() {
        // At 5 Hz a 3 s window spans 16 fixes: 2 s at 9 m/s does not count, 3 s does.
        var short = SpeedStatistics(configuration: unlimited)
        var long = SpeedStatistics(configuration: unlimited)
        for tick in 0..<300 {
            let time = Double(tick) / 5
            _ = short.update(time: time, speed: (100..<111).contains(tick) ? 9 : 4)
            _ = long.update(time: time, speed: (100..<116).contains(tick) ? 9 : 4)
        }
        #expect(short.maximumSpeed == 4)
        #expect(long.maximumSpeed == 9)
    }

    @Test func implausibleSpeedsAreRejectedOutright() {
        var statistics = SpeedStatistics(configuration: .forActivity(.running))
        for second in 0..<60 { _ = statistics.update(time: Double(second), speed: 50) }
        #expect(statistics.maximumSpeed == 0)
    }

    @Test func averageSpeedIsDistanceOverMovingTime() throws {
        #expect(isApproximatelyEqual(try #require(SpeedStatistics.averageSpeed(distance: 10_000, movingTime: 2_500)), 4))
        #expect(SpeedStatistics.averageSpeed(distance: 10_000, movingTime: 0) == nil)
        #expect(SpeedStatistics.averageSpeed(distance: 0, movingTime: 100) == 0)
        #expect(SpeedStatistics.averageSpeed(distance: .nan, movingTime: 100) == nil)
        #expect(SpeedStatistics.averageSpeed(distance: 100, movingTime: .infinity) == nil)
        #expect(SpeedStatistics.averageSpeed(distance: 1e308, movingTime: 1e-308) == nil)
    }

    @Test func emptyShortAndInvalidInputs() {
        var statistics = SpeedStatistics(configuration: unlimited)
        #expect(statistics.maximumSpeed == 0)
        #expect(statistics.update(time: 0, speed: 5) == .none)   // a single point spans no window
        #expect(statistics.update(time: 1, speed: .nan) == .none)
        #expect(statistics.update(time: .nan, speed: 5) == .none)
        #expect(statistics.update(time: 2, speed: -1) == .none)
        #expect(statistics.update(time: 2, speed: .infinity) == .none)
        #expect(statistics.update(time: 0.5, speed: 5) == .none)   // backwards
        #expect(statistics.maximumSpeed == 0)
        // Hours later: the window spans the gap, and the lower of the two speeds was sustained.
        #expect(statistics.update(time: 7_200, speed: 6) == .newMaximum(5))
        #expect(statistics.maximumSpeed == 5)
    }

    @Test func bufferGrowsForHighRatesWithoutLosingTheMinimum() {
        // 100 Hz over a 3 s window holds 300 fixes, beyond the initial capacity.
        var statistics = SpeedStatistics(configuration: unlimited)
        for tick in 0..<5_000 {
            let time = Double(tick) / 100
            _ = statistics.update(time: time, speed: 5 + sin(time))   // descending and ascending runs
        }
        // The best 3 s window of 5 + sin t is centred on a crest: its minimum is 5 + sin(π/2 ± 1.5).
        #expect(abs(statistics.maximumSpeed - (5 + cos(1.5))) < 0.01)
    }

    @Test func presets() {
        for activity in WorkoutActivityType.allCases {
            let preset = SpeedStatisticsConfiguration.forActivity(activity)
            #expect(preset.sustainedWindow >= 3 && preset.sustainedWindow <= 10)
            #expect(preset.maximumPlausibleSpeed > 10 && preset.maximumPlausibleSpeed.isFinite)
        }
        #expect(SpeedStatisticsConfiguration.forActivity(.cycling) == .cycling)
    }
}
