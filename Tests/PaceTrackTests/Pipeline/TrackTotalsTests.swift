import Foundation
import PaceModel
import PaceTestSupport
import Testing
@testable import PaceTrack

/// Totals of a track processed in windows against the same track processed whole.
@Suite struct TrackTotalsTests {
    static func totals(_ fixes: [Fix], pressures: [Double]?, window: Int, margin: Int) -> TrackTotals? {
        var accumulator = TrackTotalsAccumulator(configuration: .forActivity(.walking), windowLength: window, margin: margin)
        for (index, fix) in fixes.enumerated() { accumulator.add(fix, pressure: pressures?[index] ?? .nan) }
        return accumulator.finish()
    }

    @Test func aTrackThatFitsOneWindowHasTheWholeTracksTotals() throws {
        let fixes = TrackProcessorTests.straightRun()
        let whole = TrackProcessor.process(fixes, configuration: .forActivity(.walking), smoothed: true).summary
        let totals = try #require(Self.totals(fixes, pressures: nil, window: 2_000, margin: 100))
        #expect(totals.windowCount == 1)
        #expect(totals.fixCount == fixes.count)
        #expect(totals.distance == whole.distance)
        #expect(totals.elevationGain == whole.elevationGain)
        #expect(totals.elevationLoss == whole.elevationLoss)
    }

    @Test(arguments: [false, true])
    func windowsAddUpToTheWholeTrack(barometer: Bool) throws {
        let seconds = 7_200
        let (fixes, pressures) = BarometricGainTests.walk(seconds: seconds, hectopascalsPerHour: 1, seed: 11,
                                                          profile: BarometricGainTests.hills)
        let whole = TrackProcessor.process(fixes, pressures: barometer ? pressures : nil, configuration: .forActivity(.walking),
                                           smoothed: true).summary
        let windowed = try #require(Self.totals(fixes, pressures: barometer ? pressures : nil, window: 1_500, margin: 300))
        #expect(windowed.windowCount == 5)
        #expect(windowed.fixCount == seconds)
        #expect(abs(windowed.distance - whole.distance) / whole.distance < 0.002, "\(windowed.distance) vs \(whole.distance)")
        let trueGain = BarometricGainTests.trueGain(seconds: seconds, profile: BarometricGainTests.hills)
        let gain = try #require(windowed.elevationGain), wholeGain = try #require(whole.elevationGain)
        #expect(abs(gain - wholeGain) / trueGain < 0.05, "gain \(gain) windowed, \(wholeGain) whole, \(trueGain) true")
        let loss = try #require(windowed.elevationLoss), wholeLoss = try #require(whole.elevationLoss)
        #expect(abs(loss - wholeLoss) / trueGain < 0.05, "loss \(loss) windowed, \(wholeLoss) whole")
    }

    @Test func fewerThanTwoFixesHaveNoTotals() {
        #expect(Self.totals(Array(TrackProcessorTests.straightRun().prefix(1)), pressures: nil, window: 10, margin: 2) == nil)
    }
}
