/// Turns dilution of precision into Core Location-style accuracies.
///
/// Formula: accuracy (m) = DOP × σ, where σ is the 1-sigma user-equivalent range error (UERE) for
/// the kind of fix. For HDOP the result is the distance-RMS horizontal error, whose circle holds
/// about 63–68 % of fixes — the 68 % radius ``RouteLocation/horizontalAccuracy`` means. VDOP × σ is
/// the 1-sigma vertical error. σ depends on the fix quality (GGA field 6, or the RMC/GLL mode):
/// ``autonomousUERE`` 5 m for a stand-alone fix, ``differentialUERE`` 1 m with DGPS/SBAS corrections,
/// 0.5 m RTK float, 0.02 m RTK fixed, 15 m dead reckoning.
public struct NMEAAccuracyModel: Hashable, Sendable {
    /// σ for autonomous (and precise, manual, simulated) fixes, in metres.
    public var autonomousUERE: Double
    /// σ with differential or SBAS corrections, in metres.
    public var differentialUERE: Double
    /// σ for RTK float solutions, in metres.
    public var rtkFloatUERE: Double
    /// σ for RTK fixed solutions, in metres.
    public var rtkFixedUERE: Double
    /// σ for dead-reckoning estimates, in metres.
    public var estimatedUERE: Double

    /// Creates a model; defaults are the values documented on the type.
    public init(autonomousUERE: Double = 5, differentialUERE: Double = 1, rtkFloatUERE: Double = 0.5,
                rtkFixedUERE: Double = 0.02, estimatedUERE: Double = 15) {
        self.autonomousUERE = autonomousUERE
        self.differentialUERE = differentialUERE
        self.rtkFloatUERE = rtkFloatUERE
        self.rtkFixedUERE = rtkFixedUERE
        self.estimatedUERE = estimatedUERE
    }

    /// The 1-sigma range error in metres for a fix of `quality`.
    public func uere(for quality: NMEAFixQuality) -> Double {
        switch quality {
        case .differential, .sbas: differentialUERE
        case .rtkFixed: rtkFixedUERE
        case .rtkFloat: rtkFloatUERE
        case .estimated: estimatedUERE
        case .invalid, .autonomous, .precise, .manual, .simulator: autonomousUERE
        }
    }

    /// Accuracy in metres for a dilution of precision `dop` (unitless) and fix `quality`.
    public func accuracy(dop: Double, quality: NMEAFixQuality) -> Double {
        dop * uere(for: quality)
    }
}

extension NMEAFixQuality {
    /// The quality a 2.3+ mode indicator implies, for epochs without GGA.
    init(mode: NMEAModeIndicator) {
        switch mode {
        case .autonomous: self = .autonomous
        case .differential: self = .differential
        case .estimated: self = .estimated
        case .rtkFloat: self = .rtkFloat
        case .rtkFixed: self = .rtkFixed
        case .precise: self = .precise
        case .manual: self = .manual
        case .simulator: self = .simulator
        case .notValid: self = .invalid
        }
    }
}
