import PaceTestSupport
import Testing
@testable import PaceTrack

@Suite struct PaceTests {
    @Test func fiveMinutesPerKilometreIsThreeAndAThirdMetresPerSecond() throws {
        let speed = 1000.0 / 300
        #expect(isApproximatelyEqual(try #require(Pace.secondsPerKilometer(speed: speed)), 300))
        #expect(isApproximatelyEqual(try #require(Pace.minutesPerKilometer(speed: speed)), 5))
        #expect(Pace.formatted(speed: speed, per: .kilometer) == "5:00")
        #expect(isApproximatelyEqual(try #require(Pace.speed(seconds: 300, per: .kilometer)), 3.333_333_333_333_333))
        #expect(isApproximatelyEqual(try #require(Pace.speed(seconds: 300, per: .kilometer)), 3.333, relative: 1e-3))
    }

    @Test func minutesPerMile() throws {
        let speed = 1000.0 / 300
        // 1609.344 / 3.333… = 482.8032 s = 8.04672 min.
        #expect(isApproximatelyEqual(try #require(Pace.secondsPerMile(speed: speed)), 482.8032))
        #expect(isApproximatelyEqual(try #require(Pace.minutesPerMile(speed: speed)), 8.04672))
        #expect(Pace.formatted(speed: speed, per: .mile) == "8:03")
        #expect(isApproximatelyEqual(try #require(Pace.speed(seconds: 482.8032, per: .mile)), speed))
        // A 6:00 mile is 4.4704 m/s.
        #expect(isApproximatelyEqual(try #require(Pace.speed(seconds: 360, per: .mile)), 4.4704))
        #expect(SplitUnit.mile.meters == 1609.344)
        #expect(SplitUnit.kilometer.meters == 1000)
    }

    @Test func formattingRoundsToTheSecondAndCarries() {
        #expect(Pace.formatted(seconds: 65) == "1:05")
        #expect(Pace.formatted(seconds: 359.6) == "6:00")
        #expect(Pace.formatted(seconds: 359.4) == "5:59")
        #expect(Pace.formatted(seconds: 4_530) == "75:30")
        #expect(Pace.formatted(seconds: 0.2) == "0:00")
    }

    @Test func zeroOrInvalidSpeedsGiveNilNeverInfinity() {
        for speed in [0, -1, .nan, .infinity, -.infinity, .leastNonzeroMagnitude] as [Double] {
            #expect(Pace.secondsPerKilometer(speed: speed) == nil)
            #expect(Pace.secondsPerMile(speed: speed) == nil)
            #expect(Pace.minutesPerKilometer(speed: speed) == nil)
            #expect(Pace.minutesPerMile(speed: speed) == nil)
            #expect(Pace.formatted(speed: speed, per: .kilometer) == nil)
        }
        for seconds in [0, -300, .nan, .infinity, 1e300] as [Double] {
            #expect(Pace.formatted(seconds: seconds) == nil)
        }
        #expect(Pace.speed(seconds: 0, per: .kilometer) == nil)
        #expect(Pace.speed(seconds: .nan, per: .mile) == nil)
        #expect(Pace.speed(seconds: .infinity, per: .mile) == nil)
        // Very slow but valid: formatted until the pace overflows the display.
        #expect(Pace.formatted(speed: 0.01, per: .kilometer) == "1666:40")
        #expect(Pace.formatted(speed: 0.001, per: .mile) == nil)
    }
}
