import PaceTestSupport
import Foundation
import PaceModel
import PaceTrack

/// The filter tests' seeded random source.
typealias FilterTestRandom = SeededRandom

/// Builds synthetic fixes from a true motion in a local east/north plane.
struct SyntheticTrack {
    /// One true sample: time (s from the start), position (m) and velocity (m/s).
    struct Sample {
        var t: Double, east: Double, north: Double, velocityEast: Double, velocityNorth: Double
        var speed: Double { (velocityEast * velocityEast + velocityNorth * velocityNorth).squareRoot() }
    }

    /// GPS noise: a Gauss–Markov position error plus white noise, Doppler noise, reported accuracy.
    struct Noise {
        var correlated = 2.0, correlationTime = 60.0, white = 0.7
        var reportedAccuracy = 4.0
        var doppler = 0.1
        var hasDoppler = true
        /// Receivers drop the course below this speed, m/s.
        var courseCutoff = 0.5

        static let none = Noise(correlated: 0, white: 0, reportedAccuracy: 3, doppler: 0)
        static let mild = Noise()
        static let noisy = Noise(correlated: 4, correlationTime: 30, white: 2, reportedAccuracy: 6, doppler: 0.3)
    }

    var plane = LocalTangentPlane(latitude: 48.137, longitude: 11.575)
    /// Unix time of t = 0.
    var start = 1_700_000_000.0

    /// Straight line north-east at constant speed, one sample per second.
    static func straight(seconds: Int, speed: Double, heading: Double = 60) -> [Sample] {
        let h = heading * .pi / 180, ve = speed * sin(h), vn = speed * cos(h)
        return (0...seconds).map { Sample(t: Double($0), east: ve * Double($0), north: vn * Double($0), velocityEast: ve, velocityNorth: vn) }
    }

    /// Standing still for `seconds`, then accelerating at `acceleration` to `speed` heading east.
    static func stopThenGo(still seconds: Int, moving: Int, speed: Double, acceleration: Double) -> [Sample] {
        var samples: [Sample] = []
        var x = 0.0, v = 0.0
        for i in 0...(seconds + moving) {
            if i > seconds {
                let v1 = min(speed, v + acceleration)
                x += 0.5 * (v + v1)
                v = v1
            }
            samples.append(Sample(t: Double(i), east: x, north: 0, velocityEast: v, velocityNorth: 0))
        }
        return samples
    }

    /// Noisy fixes of `samples`.
    func fixes(_ samples: [Sample], noise: Noise, seed: UInt64) -> [Fix] {
        var rng = FilterTestRandom(seed: seed)
        var biasEast = noise.correlated * rng.nextGaussian(), biasNorth = noise.correlated * rng.nextGaussian()
        var previousTime = samples.first?.t ?? 0
        return samples.map { s in
            let rho = exp(-(s.t - previousTime) / noise.correlationTime)
            previousTime = s.t
            let shock = noise.correlated * (1 - rho * rho).squareRoot()
            biasEast = rho * biasEast + shock * rng.nextGaussian()
            biasNorth = rho * biasNorth + shock * rng.nextGaussian()
            let e = s.east + biasEast + noise.white * rng.nextGaussian()
            let n = s.north + biasNorth + noise.white * rng.nextGaussian()
            let g = plane.unproject(east: e, north: n)
            var speed = -1.0, course = -1.0
            if noise.hasDoppler {
                let ve = s.velocityEast + noise.doppler * rng.nextGaussian()
                let vn = s.velocityNorth + noise.doppler * rng.nextGaussian()
                speed = (ve * ve + vn * vn).squareRoot()
                if speed >= noise.courseCutoff {
                    course = localCourse(east: s.east, north: s.north, velocityEast: ve, velocityNorth: vn)
                }
            }
            return Fix(time: start + s.t, latitude: g.latitude, longitude: g.longitude, altitude: 500,
                       horizontalAccuracy: noise.reportedAccuracy, verticalAccuracy: 5, speed: speed, course: course)
        }
    }

    /// The course over ground (degrees from local north) of a plane velocity at a plane position:
    /// the bearing of a 1 cm step, so it is right even where the plane's north is not local north.
    func localCourse(east: Double, north: Double, velocityEast: Double, velocityNorth: Double) -> Double {
        let step = 0.01 / max((velocityEast * velocityEast + velocityNorth * velocityNorth).squareRoot(), 1e-9)
        let a = plane.unproject(east: east, north: north)
        let b = plane.unproject(east: east + velocityEast * step, north: north + velocityNorth * step)
        var dLongitude = b.longitude - a.longitude
        if dLongitude > 180 { dLongitude -= 360 } else if dLongitude < -180 { dLongitude += 360 }
        let phi = a.latitude * .pi / 180
        let course = atan2(dLongitude * cos(phi), b.latitude - a.latitude) * 180 / .pi
        return course < 0 ? course + 360 : course
    }

    /// Metres between a filtered point and the true position at its time.
    func error(_ point: TrackPoint, _ samples: [Sample]) -> Double {
        guard let s = samples.first(where: { start + $0.t == point.time }) else { return .infinity }
        let p = plane.project(latitude: point.latitude, longitude: point.longitude)
        return ((p.east - s.east) * (p.east - s.east) + (p.north - s.north) * (p.north - s.north)).squareRoot()
    }

    /// The live filter over all fixes.
    static func live(_ fixes: [Fix], _ configuration: TrackFilterConfiguration) -> (points: [TrackPoint], filter: TrackFilter) {
        var filter = TrackFilter(configuration: configuration)
        let points = fixes.compactMap { filter.update($0) }
        return (points, filter)
    }
}

extension TrackPoint {
    /// Whether every numeric field is free of NaN and infinity (altitude may be NaN: unknown).
    var isFiniteEverywhere: Bool {
        [time, latitude, longitude, east, north, velocityEast, velocityNorth, speed, positionVariance, distanceIncrement,
         distanceVariance].allSatisfy(\.isFinite) && !altitude.isInfinite
    }
}
