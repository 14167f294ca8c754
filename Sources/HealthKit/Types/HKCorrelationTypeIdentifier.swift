/// The identifier of a correlation type (Apple's `HKCorrelationTypeIdentifier`).
public struct HKCorrelationTypeIdentifier: RawRepresentable, Hashable, Sendable {
    /// HealthKit's identifier string.
    public let rawValue: String

    /// An identifier from its string.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// An identifier from its string (Apple's unlabelled form).
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Systolic and diastolic blood pressure together.
    public static let bloodPressure = HKCorrelationTypeIdentifier(rawValue: "HKCorrelationTypeIdentifierBloodPressure")
    /// A food and its nutrients.
    public static let food = HKCorrelationTypeIdentifier(rawValue: "HKCorrelationTypeIdentifierFood")

    /// The identifiers HealthKit defines.
    static let known: Set<HKCorrelationTypeIdentifier> = [.bloodPressure, .food]
}
