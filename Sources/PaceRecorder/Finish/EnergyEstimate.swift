import PaceModel

/// Active (net) energy from what was measured, in kilocalories — see docs/DECISIONS.md,
/// "Energy estimate".
///
/// - Running and similar: 1.0 kcal per kg per km (the net cost of running is close to constant).
/// - Walking and hiking: 0.5 kcal per kg per km.
/// - With a power meter: mechanical work ÷ 4.184 kJ/kcal ÷ 24 % gross efficiency.
/// - Otherwise: (MET − 1) × kg × hours with a MET of 6 for cycling and 5 for anything else.
enum EnergyEstimate {
    static func kilocalories(activity: WorkoutActivityType, bodyMass: Double, distance: Double, duration: Double,
                             work joules: Double?) -> Double {
        if let joules, joules > 0 { return joules / 4184 / 0.24 }
        switch activity {
        case .running, .stairClimbing, .crossCountrySkiing: return bodyMass * distance / 1000
        case .walking, .hiking: return 0.5 * bodyMass * distance / 1000
        case .cycling, .handCycling: return 5 * bodyMass * duration / 3600
        default: return 4 * bodyMass * duration / 3600
        }
    }
}
