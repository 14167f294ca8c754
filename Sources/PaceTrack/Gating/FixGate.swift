/// Why ``FixGate`` refused a fix.
public enum RejectionReason: String, Hashable, Sendable, CaseIterable, Codable {
    /// Time, latitude, longitude or horizontal accuracy is NaN or infinite (or altitude infinite).
    case invalidValue
    /// Latitude outside −90…90° or longitude outside −180…180°.
    case coordinateOutOfRange
    /// Negative horizontal accuracy: the receiver marks the fix invalid.
    case invalidAccuracy
    /// Horizontal accuracy worse than ``GateConfiguration/maxHorizontalAccuracy``.
    case inaccurate
    /// The same time as the previous fix (closer than ``GateConfiguration/minimumTimeStep``).
    case duplicate
    /// Earlier than a fix already seen: time going backwards.
    case outOfOrder
    /// A speed or acceleration impossible for the activity relative to the last accepted fix,
    /// even allowing for both fixes' reported accuracies.
    case implausibleJump
}

/// What ``FixGate`` decided about one fix.
public enum GateDecision: Hashable, Sendable {
    /// The fix is usable.
    case accepted
    /// The fix is refused, and why.
    case rejected(RejectionReason)

    /// Whether the fix was accepted.
    public var isAccepted: Bool { self == .accepted }
}

/// Screens raw GPS fixes before filtering: invalid values, impossible coordinates, poor
/// accuracy, duplicates, time going backwards and physically impossible jumps.
///
/// The jump test compares a fix with the last *accepted* fix: the distance between them, less
/// both 68 % accuracy radii, over the time between them is a lower bound of the athlete's speed;
/// it must not exceed ``GateConfiguration/maxSpeed``, nor exceed the Doppler speed reported at
/// either end by more than ``GateConfiguration/maxAcceleration`` times the time step. Because the
/// bound grows with the time step, a long gap never locks the gate out; and after
/// ``GateConfiguration/jumpReanchorCount`` consecutive jump rejections the gate accepts the fix
/// and re-anchors on it, in case the anchor itself was the bad fix.
///
/// ```swift
/// var gate = FixGate(configuration: .forActivity(.running))
/// for fix in fixes where gate.evaluate(fix).isAccepted { use(fix) }
/// print(gate.rejections[.inaccurate, default: 0])
/// ```
public struct FixGate: Sendable {
    /// The thresholds in use.
    public var configuration: GateConfiguration
    /// How many fixes were rejected, by reason (reasons never seen are absent).
    public var rejections: [RejectionReason: Int] = [:]
    /// How many fixes were accepted.
    public private(set) var acceptedCount = 0

    private var lastTime: Double?
    private var anchor: Anchor?
    private var consecutiveJumps = 0

    private struct Anchor: Sendable {
        var time: Double
        var point: GeodeticPoint
        var accuracy: Double
        var speed: Double
    }

    /// Creates a gate that has seen no fix.
    ///
    /// - Parameter configuration: The thresholds.
    public init(configuration: GateConfiguration) {
        self.configuration = configuration
    }

    /// Decides whether `fix` is usable and counts a rejection under its reason.
    ///
    /// A fix that passes the time checks advances the gate's clock even when it is then
    /// rejected (as inaccurate or as a jump), so time stays monotonic for everything after it.
    ///
    /// - Parameter fix: The next raw fix, in arrival order.
    /// - Returns: ``GateDecision/accepted`` or the rejection reason.
    public mutating func evaluate(_ fix: Fix) -> GateDecision {
        var point: GeodeticPoint?
        return evaluate(fix, point: &point)
    }

    /// ``evaluate(_:)`` that also hands back the fix's geodetic point when it was computed
    /// (every fix that passes the value and range checks), so the filter need not recompute it.
    mutating func evaluate(_ fix: Fix, point: inout GeodeticPoint?) -> GateDecision {
        let decision = decide(fix, point: &point)
        if case .rejected(let reason) = decision {
            rejections[reason, default: 0] += 1
        } else {
            acceptedCount += 1
        }
        return decision
    }

    private mutating func decide(_ fix: Fix, point: inout GeodeticPoint?) -> GateDecision {
        guard fix.time.isFinite, fix.latitude.isFinite, fix.longitude.isFinite,
              !fix.horizontalAccuracy.isNaN, !fix.altitude.isInfinite else {
            return .rejected(.invalidValue)
        }
        guard abs(fix.latitude) <= 90, abs(fix.longitude) <= 180 else { return .rejected(.coordinateOutOfRange) }
        guard fix.horizontalAccuracy >= 0 else { return .rejected(.invalidAccuracy) }
        guard fix.horizontalAccuracy.isFinite else { return .rejected(.invalidValue) }
        if let lastTime {
            if fix.time < lastTime { return .rejected(.outOfOrder) }
            if fix.time - lastTime < configuration.minimumTimeStep { return .rejected(.duplicate) }
        }
        lastTime = fix.time
        let here = GeodeticPoint(latitude: fix.latitude, longitude: fix.longitude)
        point = here
        guard fix.horizontalAccuracy <= configuration.maxHorizontalAccuracy else { return .rejected(.inaccurate) }
        let candidate = Anchor(time: fix.time, point: here, accuracy: fix.horizontalAccuracy,
                               speed: fix.hasSpeed ? fix.speed : -1)
        if let anchor, isImplausible(candidate, after: anchor) {
            consecutiveJumps += 1
            if consecutiveJumps < max(1, configuration.jumpReanchorCount) { return .rejected(.implausibleJump) }
        }
        consecutiveJumps = 0
        anchor = candidate
        return .accepted
    }

    private func isImplausible(_ fix: Anchor, after anchor: Anchor) -> Bool {
        let dt = fix.time - anchor.time
        guard dt > 0 else { return false }
        let excess = max(0, fix.point.chordDistance(to: anchor.point) - fix.accuracy - anchor.accuracy)
        let minimumSpeed = excess / dt
        if minimumSpeed > configuration.maxSpeed { return true }
        let reportedSpeed = max(fix.speed, anchor.speed)
        return reportedSpeed >= 0 && minimumSpeed > reportedSpeed + configuration.maxAcceleration * dt
    }
}
