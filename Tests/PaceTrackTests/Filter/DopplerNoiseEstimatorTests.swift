import Foundation
import PaceModel
import PaceTestSupport
@testable import PaceTrack
import Testing

/// `DopplerNoiseEstimator`: the noise comes from second differences of the Doppler vectors; a
/// still speed stands in only where none can be formed.
@Suite struct DopplerNoiseEstimatorTests {
    /// Doppler vectors of a walk at `speed` m/s with per-axis noise `sigma`, fed one per second.
    static func feed(_ estimator: inout DopplerNoiseEstimator, speed: Double, sigma: Double, seconds: Int,
                     withCourse: Bool, judgedStill: Bool, seed: UInt64) {
        var random = SeededRandom(seed: seed)
        for t in 0..<seconds {
            let velocity = Vector2(speed + sigma * random.gaussian(), sigma * random.gaussian())
            estimator.observe(time: Double(t), velocity: withCourse ? velocity : nil, speed: velocity.length, isStill: judgedStill)
        }
    }

    @Test("a false stop while walking slowly does not inflate the noise (the loop that held false stops)")
    func falseStillnessDoesNotFeedWalkingSpeedsIn() {
        let configuration = TrackFilterConfiguration.forActivity(.hiking)
        var estimator = DopplerNoiseEstimator(configuration: configuration)
        Self.feed(&estimator, speed: 0.77, sigma: 0.3, seconds: 600, withCourse: true, judgedStill: true, seed: 11)
        // Second differences see only the noise: the estimate stays near 0.09 m²/s². Fed the
        // speeds as still noise it would approach (0.77² + 2 · 0.09) / 2 ≈ 0.39.
        #expect(abs(estimator.variance - 0.09) < 0.03, "\(estimator.variance)")
    }

    @Test("standing still with the course dropped, the speeds alone give the noise")
    func stillWithoutCourseUsesTheSpeeds() {
        let configuration = TrackFilterConfiguration.forActivity(.hiking)
        var estimator = DopplerNoiseEstimator(configuration: configuration)
        Self.feed(&estimator, speed: 0, sigma: 0.5, seconds: 600, withCourse: false, judgedStill: true, seed: 12)
        #expect(abs(estimator.variance - 0.25) < 0.08, "\(estimator.variance)")
    }
}
