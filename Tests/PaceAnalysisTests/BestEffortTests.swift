import PaceAnalysis
import PaceTestSupport
import Testing

/// Best efforts on synthetic tracks whose answers are known: 5 km at 4 m/s with a fast kilometre
/// at 5 m/s from 2 km to 3 km.
@Suite struct BestEffortTests {
    /// Points every `step` metres: 0–2 km at 4 m/s, 2–3 km at 5 m/s, 3–5 km at 4 m/s.
    static func track(step: Double) -> (times: [Double], distances: [Double]) {
        var times: [Double] = [], distances: [Double] = []
        var distance = 0.0
        while distance <= 5000 + 1e-9 {
            let time: Double = switch distance {
            case ..<2000: distance / 4
            case ..<3000: 500 + (distance - 2000) / 5
            default: 700 + (distance - 3000) / 4
            }
            times.append(time)
            distances.append(distance)
            distance += step
        }
        return (times, distances)
    }

    @Test(arguments: [10.0, 1000.0])
    func fastKilometreInTheMiddle(step: Double) throws {
        // Given a track sampled every `step` metres
        let (times, distances) = Self.track(step: step)

        // When the best efforts are searched
        let efforts = BestEffort.fastest(EffortDistance.standard, times: times, cumulativeDistances: distances)

        // Then the fast kilometre gives the 400 m and 1 km, the mile adds 609.344 m at 4 m/s
        #expect(efforts.map(\.distance.name) == ["400m", "1km", "1mi", "5km"], "no 10 km in a 5 km track")
        let byName = Dictionary(uniqueKeysWithValues: efforts.map { ($0.distance.name, $0) })
        #expect(abs(try #require(byName["400m"]).duration - 80) < 1e-9)
        let kilometre = try #require(byName["1km"])
        #expect(abs(kilometre.duration - 200) < 1e-9)
        #expect(abs(kilometre.startDistance - 2000) < 1e-9)
        #expect(abs(kilometre.startOffset - 500) < 1e-9)
        #expect(abs(kilometre.speed - 5) < 1e-9)
        #expect(abs(try #require(byName["1mi"]).duration - (200 + 609.344 / 4)) < 1e-9)
        #expect(abs(try #require(byName["5km"]).duration - 1200) < 1e-9)
    }

    @Test func interpolatesBetweenSparsePoints() throws {
        // Points only where the speed changes: the answers need interpolation at both ends
        let times = [0.0, 500, 700, 1200], distances = [0.0, 2000, 3000, 5000]
        let mile = try #require(BestEffort.fastest(.mile, times: times, distances: distances))
        #expect(abs(mile.duration - (200 + 609.344 / 4)) < 1e-9)
        let half = try #require(BestEffort.fastest(EffortDistance(name: "500m", meters: 500), times: times, distances: distances))
        #expect(abs(half.duration - 100) < 1e-9)
        #expect(half.startDistance >= 2000 && half.startDistance <= 2500)
    }

    @Test func standingStillDoesNotCount() throws {
        // A stop before the fast part: the effort starts when moving again, at the last stopped point
        let times = [0.0, 100, 200, 300, 400], distances = [0.0, 400, 400, 1400, 1800]
        let kilometre = try #require(BestEffort.fastest(.kilometer, times: times, distances: distances))
        #expect(kilometre.duration == 100)
        #expect(kilometre.startOffset == 200)
    }

    @Test func tooShortTrackHasNoEffort() {
        #expect(BestEffort.fastest(.kilometer, times: [0, 100], distances: [0, 999]) == nil)
        #expect(BestEffort.fastest(.kilometer, times: [0], distances: [0]) == nil)
    }

    /// A million points at 1 Hz (a 278-hour track): the two-pointer passes finish in a blink; a
    /// quadratic search would not finish before the hang guard.
    @Test(.timeLimit(.minutes(2 * TestTime.scale))) func millionPointsIsLinear() throws {
        let count = 1_000_000
        let times = (0..<count).map(Double.init)
        // 3 m/s, with 1000 s at 4 m/s from second 500,000
        var distances = [Double](repeating: 0, count: count)
        for index in 1..<count {
            let fast = index > 500_000 && index <= 501_000
            distances[index] = distances[index - 1] + (fast ? 4 : 3)
        }
        let marathon = try #require(BestEffort.fastest(.marathon, times: times, distances: distances))
        #expect(marathon.duration < 42_195.0 / 3)
    }
}
