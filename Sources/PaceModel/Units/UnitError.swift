/// An error raised while parsing a HealthKit-style unit string or converting between units.
///
/// Shaped like SwiftNIO's `FileSystemError`: a stable, comparable ``code`` for programmatic
/// handling, plus a human-readable ``message`` that says what went wrong, where, and what to do.
/// When the error comes from parsing, ``input`` holds the unit string and ``offset`` the
/// character offset (in Swift `Character`s, zero-based) at which the problem was found.
public struct UnitError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable category for a ``UnitError``; compare it against the static members.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Wrapped: Hashable, Sendable {
            case unknownUnit
            case syntax
            case incompatibleUnits
            case nonLinearUnit
            case invalidMolarMass
        }

        private var wrapped: Wrapped

        private init(_ wrapped: Wrapped) {
            self.wrapped = wrapped
        }

        /// A unit symbol (atom, or prefix plus atom) that is not a HealthKit unit.
        public static var unknownUnit: Self { Self(.unknownUnit) }

        /// The unit string is malformed: empty, whitespace, dangling or unexpected operators,
        /// unbalanced parentheses, a missing or out-of-range exponent.
        public static var syntax: Self { Self(.syntax) }

        /// A conversion between units of different dimensions, such as mass to length.
        public static var incompatibleUnits: Self { Self(.incompatibleUnits) }

        /// A conversion involving a logarithmic unit (`dBASPL`, `dBHL`) that is not linear,
        /// for example a logarithmic unit raised to a power other than 1.
        public static var nonLinearUnit: Self { Self(.nonLinearUnit) }

        /// A `mol<…>` unit whose molar mass (in g/mol) is missing, malformed, not finite or not positive.
        public static var invalidMolarMass: Self { Self(.invalidMolarMass) }

        /// The code's name, such as `unknownUnit`.
        public var description: String {
            switch wrapped {
            case .unknownUnit: "unknownUnit"
            case .syntax: "syntax"
            case .incompatibleUnits: "incompatibleUnits"
            case .nonLinearUnit: "nonLinearUnit"
            case .invalidMolarMass: "invalidMolarMass"
            }
        }
    }

    /// The category of the error.
    public var code: Code

    /// A human-readable explanation: what went wrong, where, and what to do about it.
    public var message: String

    /// The unit string being parsed, or `nil` when the error did not come from parsing.
    public var input: String?

    /// The zero-based offset, in `Character`s, into ``input`` where the problem was found;
    /// `nil` when the error has no position.
    public var offset: Int?

    /// Creates an error from its parts.
    public init(code: Code, message: String, input: String? = nil, offset: Int? = nil) {
        self.code = code
        self.message = message
        self.input = input
        self.offset = offset
    }

    /// The error's ``message``.
    public var description: String { message }
}
