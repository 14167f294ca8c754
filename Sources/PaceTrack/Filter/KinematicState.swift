/// The filter's state: true position and velocity, and the slowly varying GPS position error.
///
/// A GPS fix is modelled as `position + bias + white noise`: the bias is the time-correlated
/// part of the error (first-order Gauss–Markov), which the Doppler-integrated motion separates
/// from the true position over its correlation time.
struct KinematicState: Hashable, Sendable {
    /// Position in metres in the filter's plane.
    var position: Vector2
    /// Velocity in metres per second.
    var velocity: Vector2
    /// Time-correlated GPS position error in metres.
    var bias: Vector2

    var isFinite: Bool { position.isFinite && velocity.isFinite && bias.isFinite }
}

/// What one prediction step needs; stored per fix by the smoother to replay predictions backwards.
struct PredictionStep: Hashable, Sendable {
    /// Time step in seconds.
    var dt: Double
    /// Bias correlation factor over the step, `exp(-dt / τ)`.
    var decay: Double
    /// Acceleration noise spectral density (2×2, m²/s³) of the white-noise-acceleration model.
    var acceleration: Matrix2
    /// Variance (m², per axis) added to the bias over the step.
    var biasNoise: Double

    func predicted(_ x: KinematicState) -> KinematicState {
        KinematicState(position: x.position + dt * x.velocity, velocity: x.velocity, bias: decay * x.bias)
    }
}

/// The 6×6 covariance of ``KinematicState`` as symmetric 2×2 blocks (position, velocity, bias).
///
/// `pp`, `vv`, `bb` are the diagonal blocks; `pv`, `pb`, `vb` the upper off-diagonal ones (the
/// lower ones are their transposes).
struct KinematicCovariance: Hashable, Sendable {
    var pp: Matrix2, pv: Matrix2, pb: Matrix2, vv: Matrix2, vb: Matrix2, bb: Matrix2

    static let zero = KinematicCovariance(pp: .zero, pv: .zero, pb: .zero, vv: .zero, vb: .zero, bb: .zero)

    var isFinite: Bool { pp.isFinite && pv.isFinite && pb.isFinite && vv.isFinite && vb.isFinite && bb.isFinite }

    /// `F P Fᵀ + Q` for the constant-velocity, Gauss–Markov-bias model.
    func predicted(_ step: PredictionStep) -> KinematicCovariance {
        let dt = step.dt, rho = step.decay, q = step.acceleration
        let pvSum = pv + pv.transposed
        var out = self
        out.pp = pp + dt * pvSum + (dt * dt) * vv + (dt * dt * dt / 3) * q
        out.pv = pv + dt * vv + (dt * dt / 2) * q
        out.pb = rho * (pb + dt * vb)
        out.vv = vv + dt * q
        out.vb = rho * vb
        out.bb = (rho * rho) * bb + Matrix2(diagonal: step.biasNoise)
        return out
    }

    /// Keeps the diagonal blocks symmetric with a non-negative diagonal against rounding drift.
    mutating func tidy() {
        pp = pp.symmetrized
        vv = vv.symmetrized
        bb = bb.symmetrized
    }

    /// Conditions on a 2-D measurement `z = H x + noise`, given the blocks of `P Hᵀ`
    /// (`up`, `uv`, `ub`: the position, velocity and bias rows) and the innovation covariance `s`.
    ///
    /// - Returns: false (and changes nothing) when `s` is singular.
    @discardableResult
    mutating func condition(_ x: inout KinematicState, innovation: Vector2, up: Matrix2, uv: Matrix2, ub: Matrix2,
                            s: Matrix2) -> Bool {
        guard let sInverse = s.inverse else { return false }
        let kp = up * sInverse, kv = uv * sInverse, kb = ub * sInverse
        x.position += kp * innovation
        x.velocity += kv * innovation
        x.bias += kb * innovation
        pp -= Matrix2.timesTransposed(kp, up)
        pv -= Matrix2.timesTransposed(kp, uv)
        pb -= Matrix2.timesTransposed(kp, ub)
        vv -= Matrix2.timesTransposed(kv, uv)
        vb -= Matrix2.timesTransposed(kv, ub)
        bb -= Matrix2.timesTransposed(kb, ub)
        tidy()
        return true
    }

    /// Conditions on a scalar measurement of the velocity along the unit vector `u`,
    /// `z = uᵀ v + noise` of variance `variance`, given the innovation `z − uᵀ v̂`.
    ///
    /// - Returns: false (and changes nothing) when the innovation variance is not positive.
    @discardableResult
    mutating func conditionVelocity(_ x: inout KinematicState, along u: Vector2, innovation: Double, variance: Double) -> Bool {
        let ap = pv * u, av = vv * u, ab = vb.transposed * u
        let s = u.x * av.x + u.y * av.y + variance
        guard s > 0, s.isFinite else { return false }
        x.position += (innovation / s) * ap
        x.velocity += (innovation / s) * av
        x.bias += (innovation / s) * ab
        let w = 1 / s
        pp -= w * Matrix2.outer(ap, ap)
        pv -= w * Matrix2.outer(ap, av)
        pb -= w * Matrix2.outer(ap, ab)
        vv -= w * Matrix2.outer(av, av)
        vb -= w * Matrix2.outer(av, ab)
        bb -= w * Matrix2.outer(ab, ab)
        tidy()
        return true
    }

    /// Transforms every block by the same horizontal map `t` (`T P Tᵀ` with `T = diag(t, t, t)`).
    func transformed(by t: Matrix2) -> KinematicCovariance {
        func map(_ m: Matrix2) -> Matrix2 { Matrix2.timesTransposed(t * m, t) }
        return KinematicCovariance(pp: map(pp), pv: map(pv), pb: map(pb), vv: map(vv), vb: map(vb), bb: map(bb))
    }

    /// The inverse (symmetric) by a block LDLᵀ factorisation, or nil when not positive definite.
    var inverse: KinematicCovariance? {
        guard let e1 = pp.inverse else { return nil }
        let l21 = pv.transposed * e1, l31 = pb.transposed * e1
        let d2 = vv - l21 * pv
        guard let e2 = d2.inverse else { return nil }
        let l32 = (vb.transposed - l31 * pv) * e2
        let d3 = bb - l31 * pb - Matrix2.timesTransposed(l32 * d2, l32)
        guard let e3 = d3.inverse else { return nil }
        // A⁻¹ = Nᵀ D⁻¹ N with N = L⁻¹ = [[I, 0, 0], [−L21, I, 0], [L32 L21 − L31, −L32, I]].
        let m31 = l32 * l21 - l31
        let e3m31 = e3 * m31, e3l32 = e3 * l32
        let e2l21 = e2 * l21
        var out = KinematicCovariance.zero
        out.pp = e1 + l21.transposed * e2l21 + m31.transposed * e3m31
        out.pv = Matrix2.zero - l21.transposed * e2 - m31.transposed * e3l32
        out.pb = m31.transposed * e3
        out.vv = e2 + l32.transposed * e3l32
        out.vb = Matrix2.zero - l32.transposed * e3
        out.bb = e3
        out.tidy()
        return out
    }
}
