/// A general (non-symmetric) 6×6 matrix in 2×2 blocks, row `i` column `j` as `mij`
/// (1 = position, 2 = velocity, 3 = bias): the Rauch–Tung–Striebel gain.
struct BlockMatrix3: Sendable {
    var m11: Matrix2, m12: Matrix2, m13: Matrix2
    var m21: Matrix2, m22: Matrix2, m23: Matrix2
    var m31: Matrix2, m32: Matrix2, m33: Matrix2

    /// `self * s` for a symmetric block matrix `s`.
    func times(_ s: KinematicCovariance) -> BlockMatrix3 {
        let s21 = s.pv.transposed, s31 = s.pb.transposed, s32 = s.vb.transposed
        return BlockMatrix3(
            m11: m11 * s.pp + m12 * s21 + m13 * s31, m12: m11 * s.pv + m12 * s.vv + m13 * s32,
            m13: m11 * s.pb + m12 * s.vb + m13 * s.bb,
            m21: m21 * s.pp + m22 * s21 + m23 * s31, m22: m21 * s.pv + m22 * s.vv + m23 * s32,
            m23: m21 * s.pb + m22 * s.vb + m23 * s.bb,
            m31: m31 * s.pp + m32 * s21 + m33 * s31, m32: m31 * s.pv + m32 * s.vv + m33 * s32,
            m33: m31 * s.pb + m32 * s.vb + m33 * s.bb)
    }

    /// The upper blocks of the symmetric product `self * gᵀ`.
    func timesTransposed(_ g: BlockMatrix3) -> KinematicCovariance {
        func row(_ a1: Matrix2, _ a2: Matrix2, _ a3: Matrix2, _ b1: Matrix2, _ b2: Matrix2, _ b3: Matrix2) -> Matrix2 {
            Matrix2.timesTransposed(a1, b1) + Matrix2.timesTransposed(a2, b2) + Matrix2.timesTransposed(a3, b3)
        }
        // Not tidied: a correction term may have a negative diagonal.
        return KinematicCovariance(
            pp: row(m11, m12, m13, g.m11, g.m12, g.m13).symmetricPart, pv: row(m11, m12, m13, g.m21, g.m22, g.m23),
            pb: row(m11, m12, m13, g.m31, g.m32, g.m33), vv: row(m21, m22, m23, g.m21, g.m22, g.m23).symmetricPart,
            vb: row(m21, m22, m23, g.m31, g.m32, g.m33), bb: row(m31, m32, m33, g.m31, g.m32, g.m33).symmetricPart)
    }

    /// `self * v` for a state difference.
    func times(_ v: KinematicState) -> KinematicState {
        KinematicState(position: m11 * v.position + m12 * v.velocity + m13 * v.bias,
                       velocity: m21 * v.position + m22 * v.velocity + m23 * v.bias,
                       bias: m31 * v.position + m32 * v.velocity + m33 * v.bias)
    }
}

extension KinematicState {
    static func - (a: KinematicState, b: KinematicState) -> KinematicState {
        KinematicState(position: a.position - b.position, velocity: a.velocity - b.velocity, bias: a.bias - b.bias)
    }

    static func + (a: KinematicState, b: KinematicState) -> KinematicState {
        KinematicState(position: a.position + b.position, velocity: a.velocity + b.velocity, bias: a.bias + b.bias)
    }
}

extension KinematicCovariance {
    static func - (a: KinematicCovariance, b: KinematicCovariance) -> KinematicCovariance {
        KinematicCovariance(pp: a.pp - b.pp, pv: a.pv - b.pv, pb: a.pb - b.pb, vv: a.vv - b.vv, vb: a.vb - b.vb,
                            bb: a.bb - b.bb)
    }

    static func + (a: KinematicCovariance, b: KinematicCovariance) -> KinematicCovariance {
        KinematicCovariance(pp: a.pp + b.pp, pv: a.pv + b.pv, pb: a.pb + b.pb, vv: a.vv + b.vv, vb: a.vb + b.vb,
                            bb: a.bb + b.bb)
    }

    /// `P Fᵀ` for the transition of `step` (see ``PredictionStep``).
    func timesTransitionTransposed(_ step: PredictionStep) -> BlockMatrix3 {
        let dt = step.dt, rho = step.decay
        let p21 = pv.transposed, p31 = pb.transposed, p32 = vb.transposed
        return BlockMatrix3(m11: pp + dt * pv, m12: pv, m13: rho * pb,
                            m21: p21 + dt * vv, m22: vv, m23: rho * vb,
                            m31: p31 + dt * p32, m32: p32, m33: rho * bb)
    }
}

/// One backward step of the Rauch–Tung–Striebel smoother.
///
/// - Parameters:
///   - state: Filtered state at fix k.
///   - covariance: Filtered covariance at fix k.
///   - step: The prediction from fix k to fix k+1.
///   - next: Smoothed state at fix k+1.
///   - nextCovariance: Smoothed covariance at fix k+1.
/// - Returns: The smoothed state and covariance at fix k, or the filtered ones when the
///   predicted covariance cannot be inverted.
func smoothingStep(state: KinematicState, covariance: KinematicCovariance, step: PredictionStep,
                   next: KinematicState, nextCovariance: KinematicCovariance)
    -> (state: KinematicState, covariance: KinematicCovariance) {
    let predicted = step.predicted(state)
    let predictedCovariance = covariance.predicted(step)
    guard let inverse = predictedCovariance.inverse else { return (state, covariance) }
    let gain = covariance.timesTransitionTransposed(step).times(inverse)
    let smoothed = state + gain.times(next - predicted)
    var smoothedCovariance = covariance + gain.times(nextCovariance - predictedCovariance).timesTransposed(gain)
    smoothedCovariance.tidy()
    guard smoothed.isFinite, smoothedCovariance.isFinite else { return (state, covariance) }
    return (smoothed, smoothedCovariance)
}
