/// The browse section a health data type belongs to, modelled on the
/// categories of Apple's Health app. Shared by quantity and category types.
public enum TypeGroup: String, Sendable, Codable, CaseIterable {
    /// Movement, energy, distances, workout metrics.
    case activity
    /// Height, weight, body composition, circumferences.
    case bodyMeasurements
    /// Heart rate, heart rate variability, cardio fitness, heart notifications.
    case heart
    /// Blood pressure and body temperature.
    case vitalSigns
    /// Respiratory rate, blood oxygen, lung function, breathing events.
    case respiratory
    /// Laboratory-style measurements such as blood glucose and blood alcohol.
    case labResults
    /// Dietary energy, macronutrients, vitamins, minerals, water, caffeine.
    case nutrition
    /// Environmental and headphone sound levels and their notifications.
    case hearing
    /// Gait, walking steadiness, stair speed and running form.
    case mobility
    /// Cycle tracking, fertility, pregnancy and sexual activity.
    case reproductiveHealth
    /// Sleep analysis.
    case sleep
    /// Self-reported symptoms.
    case symptoms
    /// Mindful sessions.
    case mindfulness
    /// Hygiene events such as handwashing and toothbrushing.
    case selfCare
    /// Surroundings: UV exposure, time in daylight, water temperature.
    case environment
    /// Everything else (falls, insulin delivery, electrodermal activity…).
    case other

    /// Human-readable section title, e.g. "Body Measurements".
    public var displayName: String {
        switch self {
        case .activity: "Activity"
        case .bodyMeasurements: "Body Measurements"
        case .heart: "Heart"
        case .vitalSigns: "Vital Signs"
        case .respiratory: "Respiratory"
        case .labResults: "Lab Results"
        case .nutrition: "Nutrition"
        case .hearing: "Hearing"
        case .mobility: "Mobility"
        case .reproductiveHealth: "Reproductive Health"
        case .sleep: "Sleep"
        case .symptoms: "Symptoms"
        case .mindfulness: "Mindfulness"
        case .selfCare: "Self Care"
        case .environment: "Environment"
        case .other: "Other"
        }
    }
}
