import PaceModel
import PaceTestSupport
@testable import PaceTrack
import Testing

/// The hand-unrolled 2×2-block algebra of the filter against plain dense 6×6 arithmetic.
@Suite struct KinematicAlgebraTests {
    /// Dense row-major 6×6 matrices, state order (pe, pn, ve, vn, be, bn).
    typealias Dense = [[Double]]

    static func dense(_ c: KinematicCovariance) -> Dense {
        let blocks = [[c.pp, c.pv, c.pb], [c.pv.transposed, c.vv, c.vb], [c.pb.transposed, c.vb.transposed, c.bb]]
        var m = Dense(repeating: Array(repeating: 0, count: 6), count: 6)
        for i in 0..<3 {
            for j in 0..<3 {
                let b = blocks[i][j]
                m[2 * i][2 * j] = b.a; m[2 * i][2 * j + 1] = b.b; m[2 * i + 1][2 * j] = b.c; m[2 * i + 1][2 * j + 1] = b.d
            }
        }
        return m
    }

    static func vector(_ x: KinematicState) -> [Double] {
        [x.position.x, x.position.y, x.velocity.x, x.velocity.y, x.bias.x, x.bias.y]
    }

    static func multiply(_ a: Dense, _ b: Dense) -> Dense {
        (0..<a.count).map { i in (0..<b[0].count).map { j in (0..<b.count).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
    }

    static func transpose(_ a: Dense) -> Dense { (0..<a[0].count).map { j in a.map { $0[j] } } }
    static func add(_ a: Dense, _ b: Dense, _ s: Double = 1) -> Dense { zip(a, b).map { zip($0, $1).map { $0 + s * $1 } } }

    /// Gauss–Jordan inverse.
    static func invert(_ a: Dense) -> Dense {
        let n = a.count
        var m = a.enumerated().map { i, row in row + (0..<n).map { $0 == i ? 1.0 : 0.0 } }
        for c in 0..<n {
            let p = (c..<n).max { abs(m[$0][c]) < abs(m[$1][c]) }!
            m.swapAt(c, p)
            let d = m[c][c]
            m[c] = m[c].map { $0 / d }
            for r in 0..<n where r != c {
                let f = m[r][c]
                m[r] = zip(m[r], m[c]).map { $0 - f * $1 }
            }
        }
        return m.map { Array($0[n...]) }
    }

    static func close(_ a: Dense, _ b: Dense, tolerance: Double = 1e-9) -> Bool {
        zip(a.joined(), b.joined()).allSatisfy { isApproximatelyEqual($0, $1, relative: tolerance, absolute: tolerance) }
    }

    /// A random symmetric positive-definite covariance (deterministic).
    static func covariance(seed: UInt64) -> KinematicCovariance {
        var rng = FilterTestRandom(seed: seed)
        var a = Dense(repeating: Array(repeating: 0, count: 6), count: 6)
        for i in 0..<6 { for j in 0..<6 { a[i][j] = rng.nextGaussian() } }
        var spd = multiply(a, transpose(a))
        for i in 0..<6 { spd[i][i] += 0.5 }
        func block(_ i: Int, _ j: Int) -> Matrix2 {
            Matrix2(spd[2 * i][2 * j], spd[2 * i][2 * j + 1], spd[2 * i + 1][2 * j], spd[2 * i + 1][2 * j + 1])
        }
        return KinematicCovariance(pp: block(0, 0), pv: block(0, 1), pb: block(0, 2), vv: block(1, 1), vb: block(1, 2),
                                   bb: block(2, 2))
    }

    static let step = PredictionStep(dt: 1.3, decay: 0.97, acceleration: Matrix2(0.4, 0.1, 0.1, 0.2), biasNoise: 0.3)

    static func transition(_ s: PredictionStep) -> Dense {
        var f = Dense(repeating: Array(repeating: 0, count: 6), count: 6)
        for i in 0..<4 { f[i][i] = 1 }
        f[0][2] = s.dt; f[1][3] = s.dt; f[4][4] = s.decay; f[5][5] = s.decay
        return f
    }

    static func noise(_ s: PredictionStep) -> Dense {
        var q = Dense(repeating: Array(repeating: 0, count: 6), count: 6)
        let a = [[s.acceleration.a, s.acceleration.b], [s.acceleration.c, s.acceleration.d]], dt = s.dt
        for i in 0..<2 {
            for j in 0..<2 {
                q[i][j] = a[i][j] * dt * dt * dt / 3
                q[i][j + 2] = a[i][j] * dt * dt / 2
                q[i + 2][j] = a[i][j] * dt * dt / 2
                q[i + 2][j + 2] = a[i][j] * dt
            }
        }
        q[4][4] = s.biasNoise; q[5][5] = s.biasNoise
        return q
    }

    @Test func inverseTimesMatrixIsIdentity() {
        let p = Self.covariance(seed: 1)
        let inverse = p.inverse!
        #expect(Self.close(Self.dense(inverse), Self.invert(Self.dense(p)), tolerance: 1e-8))
    }

    @Test func predictionMatchesDenseFormula() {
        let p = Self.covariance(seed: 2)
        let f = Self.transition(Self.step)
        let expected = Self.add(Self.multiply(Self.multiply(f, Self.dense(p)), Self.transpose(f)), Self.noise(Self.step))
        #expect(Self.close(Self.dense(p.predicted(Self.step)), expected))
    }

    @Test func positionUpdateMatchesDenseFormula() {
        var p = Self.covariance(seed: 3)
        var x = KinematicState(position: Vector2(1, 2), velocity: Vector2(3, -1), bias: Vector2(0.5, -0.2))
        let h: Dense = [[1, 0, 0, 0, 1, 0], [0, 1, 0, 0, 0, 1]]
        let r = 0.7
        let z = Vector2(4, 1)
        let d = Self.dense(p)
        let s = Self.add(Self.multiply(Self.multiply(h, d), Self.transpose(h)), [[r, 0], [0, r]])
        let k = Self.multiply(Self.multiply(d, Self.transpose(h)), Self.invert(s))
        let innovation = [z.x - x.position.x - x.bias.x, z.y - x.position.y - x.bias.y]
        let expectedX = zip(Self.vector(x), k.map { $0[0] * innovation[0] + $0[1] * innovation[1] }).map(+)
        let expectedP = Self.add(d, Self.multiply(Self.multiply(k, h), d), -1)
        let up = p.pp + p.pb, uv = p.pv.transposed + p.vb, ub = p.pb.transposed + p.bb
        p.condition(&x, innovation: z - (x.position + x.bias), up: up, uv: uv, ub: ub, s: up + ub + Matrix2(diagonal: r))
        #expect(Self.close([Self.vector(x)], [expectedX]))
        #expect(Self.close(Self.dense(p), expectedP, tolerance: 1e-8))
    }

    @Test func velocityUpdateAlongADirectionMatchesDenseFormula() {
        var p = Self.covariance(seed: 5)
        var x = KinematicState(position: Vector2(1, 2), velocity: Vector2(0.6, -0.8), bias: Vector2(0.5, -0.2))
        let u = Vector2(0.6, -0.8)  // unit vector along the velocity
        let h: Dense = [[0, 0, u.x, u.y, 0, 0]]
        let r = 0.4, z = 0.3
        let d = Self.dense(p)
        let s = Self.multiply(Self.multiply(h, d), Self.transpose(h))[0][0] + r
        let k = Self.multiply(d, Self.transpose(h)).map { $0[0] / s }
        let innovation = z - (u.x * x.velocity.x + u.y * x.velocity.y)
        let expectedX = zip(Self.vector(x), k.map { $0 * innovation }).map(+)
        let expectedP = Self.add(d, Self.multiply(k.map { [$0] }, Self.multiply(h, d)), -1)
        #expect(p.conditionVelocity(&x, along: u, innovation: innovation, variance: r))
        #expect(Self.close([Self.vector(x)], [expectedX]))
        #expect(Self.close(Self.dense(p), expectedP, tolerance: 1e-8))
        // Along u the posterior variance is the harmonic combination of prior and measurement.
        let prior = Self.covariance(seed: 5).vv.quadraticForm(u)
        #expect(abs(p.vv.quadraticForm(u) - prior * r / (prior + r)) < 1e-9)
    }

    @Test func smoothingStepMatchesDenseFormula() {
        let p = Self.covariance(seed: 4), next = Self.covariance(seed: 5)
        let x = KinematicState(position: Vector2(1, 2), velocity: Vector2(3, -1), bias: Vector2(0.5, -0.2))
        let xs = KinematicState(position: Vector2(5, 1), velocity: Vector2(2.5, -0.5), bias: Vector2(0.1, 0.3))
        let f = Self.transition(Self.step)
        let predicted = Self.add(Self.multiply(Self.multiply(f, Self.dense(p)), Self.transpose(f)), Self.noise(Self.step))
        let gain = Self.multiply(Self.multiply(Self.dense(p), Self.transpose(f)), Self.invert(predicted))
        let xPredicted = Self.multiply(f, Self.vector(x).map { [$0] }).map { $0[0] }
        let difference = zip(Self.vector(xs), xPredicted).map(-)
        let expectedX = zip(Self.vector(x), gain.map { row in zip(row, difference).reduce(0) { $0 + $1.0 * $1.1 } }).map(+)
        let expectedP = Self.add(Self.dense(p), Self.multiply(Self.multiply(gain, Self.add(Self.dense(next), predicted, -1)),
                                                              Self.transpose(gain)))
        let result = smoothingStep(state: x, covariance: p, step: Self.step, next: xs, nextCovariance: next)
        #expect(Self.close([Self.vector(result.state)], [expectedX], tolerance: 1e-8))
        #expect(Self.close(Self.dense(result.covariance), expectedP, tolerance: 1e-7))
    }
}
