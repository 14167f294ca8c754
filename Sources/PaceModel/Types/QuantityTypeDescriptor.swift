/// Static facts about one quantity type: how it is named, grouped, aggregated
/// and in which unit Pace stores its values.
public struct QuantityTypeDescriptor: Sendable, Hashable {
    /// The type this descriptor describes.
    public let identifier: QuantityTypeIdentifier
    /// Human-readable name, e.g. "Heart Rate".
    public let displayName: String
    /// Browse group the type is listed under.
    public let group: TypeGroup
    /// HealthKit's aggregation style for the type.
    public let aggregationStyle: AggregationStyle
    /// Unit Pace stores values in, written as a HealthKit unit string
    /// (e.g. `"count/min"`, `"kcal"`, `"mL/(kg*min)"`; `"%"` holds a fraction 0…1).
    public let canonicalUnitString: String

    /// Creates a descriptor. The catalogue builds these; clients normally read
    /// ``QuantityTypeIdentifier/descriptor`` instead.
    public init(
        identifier: QuantityTypeIdentifier,
        displayName: String,
        group: TypeGroup,
        aggregationStyle: AggregationStyle,
        canonicalUnitString: String
    ) {
        self.identifier = identifier
        self.displayName = displayName
        self.group = group
        self.aggregationStyle = aggregationStyle
        self.canonicalUnitString = canonicalUnitString
    }
}
