/// Thrown when a string does not name any health type Pace knows.
public struct TypeIdentifierError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The string that failed to resolve, exactly as given.
    public let identifier: String
    /// The closest known identifier or name, when one is reasonably close.
    public let suggestion: String?

    /// Creates an error for `identifier`, optionally suggesting a close match.
    public init(identifier: String, suggestion: String? = nil) {
        self.identifier = identifier
        self.suggestion = suggestion
    }

    /// A one-line, user-facing explanation, e.g. "Unknown health type identifier
    /// 'HKQuantityTypeIdentifierHeartRat'. Did you mean
    /// 'HKQuantityTypeIdentifierHeartRate'? Run 'pace types' to list every type."
    public var description: String {
        var text = "Unknown health type identifier '\(identifier)'."
        if let suggestion {
            text += " Did you mean '\(suggestion)'?"
        }
        text += " Run 'pace types' to list every type."
        return text
    }
}
