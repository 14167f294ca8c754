import Foundation
import PaceModel
@testable import PaceTrack
import Testing

/// How the filter uses a Doppler speed that comes without a course.
@Suite struct SpeedWithoutCourseTests {
    static func observation(time: Double, position: Vector2?, doppler: DopplerMeasurement, speed: Double, velocity: Vector2)
        -> Observation {
        Observation(time: time, point: GeodeticPoint(latitude: 45, longitude: 7), position: position ?? .zero,
                    toPlane: Matrix2(diagonal: 1), isPositionUsable: position != nil, positionVariance: 25,
                    doppler: doppler, speed: speed, velocity: velocity, dopplerVariance: 0.09, altitude: .nan,
                    altitudeVariance: .nan, stillnessEvidence: 0)
    }

    @Test func measuresOnlyAlongThePredictedDirection() throws {
        var core = FilterCore(configuration: .forActivity(.hiking), anisotropic: true)
        // Walking east at 0.8 m/s, then a speed of 0.5 m/s whose course the receiver dropped.
        let first = core.step(Self.observation(time: 0, position: .zero, doppler: .vector, speed: 0.8, velocity: Vector2(0.8, 0)),
                              still: false)
        #expect(first != nil)
        let before = core.covariance
        let step = core.step(Self.observation(time: 1, position: nil, doppler: .speedOnly, speed: 0.5, velocity: .zero),
                             still: false)
        let prediction = try #require(step?.prediction)
        let predicted = before.predicted(prediction)
        // Across the direction of travel (north) the speed says nothing: the variance there is the
        // prediction's, untouched; along it (east) the measurement narrowed it.
        #expect(abs(core.covariance.vv.d - predicted.vv.d) < 1e-12)
        #expect(core.covariance.vv.a < predicted.vv.a)
        // The heading is kept and the speed pulled towards the measurement.
        #expect(abs(core.state.velocity.y) < 1e-12)
        #expect(core.state.velocity.x < 0.8 && core.state.velocity.x > 0.5)
    }
}
