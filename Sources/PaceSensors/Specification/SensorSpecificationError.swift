/// A sensor option's value that cannot be used: which option (or environment variable), what was
/// given, and what is accepted.
///
/// ```swift
/// do { _ = try GPSSourceSpecification(parsing: "foo", option: "--gps") }
/// catch { error.description }  // "--gps 'foo': expected gpsd://HOST[:PORT] (e.g. …)."
/// ```
public struct SensorSpecificationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The option or variable, e.g. `--gps` or `PACE_GPS`.
    public var option: String
    /// The value given.
    public var value: String
    /// What is accepted, with an example.
    public var message: String

    /// Creates an error.
    /// - Parameters:
    ///   - option: The option or variable, e.g. `--gps`.
    ///   - value: The value given.
    ///   - message: What is accepted, with an example, without a final full stop.
    public init(option: String, value: String, message: String) {
        self.option = option
        self.value = value
        self.message = message
    }

    /// `"OPTION 'VALUE': MESSAGE."`
    public var description: String { "\(option) '\(value)': \(message)." }
}
