/// A track CSV that cannot be read: what was wrong, where, and what to do.
public struct TrackCSVError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file name or label given to the reader, if any.
    public var file: String?
    /// The 1-based line, if the problem is on a line.
    public var line: Int?
    /// The 1-based column (field number), if the problem is in a field.
    public var column: Int?
    /// What was wrong and what to do.
    public var reason: String

    /// Creates an error.
    public init(file: String?, line: Int?, column: Int?, reason: String) {
        self.file = file
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `track.csv:12:3: <reason>` — the position as far as it is known, then the reason.
    public var description: String {
        "\(SourcePosition.text(file: file, line: line, column: column, placeholder: "<csv>")): \(reason)"
    }
}
