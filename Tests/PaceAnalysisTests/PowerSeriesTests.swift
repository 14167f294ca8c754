import Foundation
import PaceAnalysis
import PaceModel
import Testing

/// Power resampled to 1 Hz, normalised power and the best 20 minutes.
@Suite struct PowerSeriesTests {
    static let start = Date(timeIntervalSince1970: 1_780_000_000)

    static func samples(_ watts: [Double], every interval: Double = 1) -> [TimedQuantity] {
        watts.enumerated().map { index, value in
            let date = start.addingTimeInterval(Double(index) * interval)
            return TimedQuantity(start: date, end: date, value: value)
        }
    }

    @Test func steadyPowerNormalisesToItself() throws {
        let power = PowerSeries(series: Self.samples(Array(repeating: 200, count: 600)))
        #expect(power.watts.count == 600)
        #expect(try #require(power.normalizedPower) == 200)
        #expect(power.average == 200)
    }

    @Test func stepFromOneHundredToThreeHundredWatts() throws {
        // 30 s at 100 W then 30 s at 300 W: the 31 rolling 30 s means are 100 + 200·i/30, i = 0…30
        let power = PowerSeries(watts: Array(repeating: 100, count: 30) + Array(repeating: 300, count: 30))
        let fourth = (0...30).map { pow(100 + 200 * Double($0) / 30, 4) }.reduce(0, +) / 31
        let normalized = try #require(power.normalizedPower)
        #expect(abs(normalized - pow(fourth, 0.25)) < 1e-9)
        #expect(abs(normalized - 223.07) < 0.01, "\(normalized)")
        #expect(normalized > power.average ?? 0, "surges weigh more than in the plain mean")
    }

    @Test func underThirtySecondsHasNoNormalisedPower() {
        #expect(PowerSeries(watts: Array(repeating: 250, count: 29)).normalizedPower == nil)
    }

    @Test func resamplesFastSamplesAndSkipsGaps() {
        // 2 Hz for 100 s: 100 seconds
        #expect(PowerSeries(series: Self.samples(Array(repeating: 250, count: 200), every: 0.5)).watts.count == 100)
        // 60 s, a 61 s gap (held 5 s at most), 60 s
        var samples = Self.samples(Array(repeating: 100, count: 60))
        samples += Self.samples(Array(repeating: 200, count: 60)).map {
            TimedQuantity(start: $0.start.addingTimeInterval(120), end: $0.end.addingTimeInterval(120), value: $0.value)
        }
        let power = PowerSeries(series: samples)
        #expect(power.watts.count == 59 + 5 + 59 + 1)
    }

    @Test func bestTwentyMinutes() {
        let watts = Array(repeating: 150.0, count: 300) + Array(repeating: 250, count: 1200) + Array(repeating: 150, count: 300)
        #expect(PowerSeries(watts: watts).bestAverage(seconds: 1200) == 250)
        #expect(PowerSeries(watts: Array(repeating: 300, count: 1199)).bestAverage(seconds: 1200) == nil)
    }
}
