import PaceFormats

/// Why an import refused or skipped a file, an activity or an object, typed: a stable ``code`` to
/// switch on, the file, the position in it when the reader knows one, the activity or object, and a
/// message that says what was wrong and what to do (in the library's terms: no command-line flags).
/// Encodable with stable field names. Activity imports refuse with these; Apple Health imports list
/// their skipped items (warnings) and refused objects with them too.
public struct ImportProblem: Error, Hashable, Sendable, Encodable, CustomStringConvertible {
    /// What kind of refusal this is.
    public struct Code: Hashable, Sendable, Encodable, CustomStringConvertible {
        /// The code's name, e.g. `"invalidFile"`.
        public let rawValue: String
        private init(_ rawValue: String) { self.rawValue = rawValue }

        /// The path does not exist.
        public static let missingFile = Code("missingFile")
        /// The file is not a format the import reads (by its name).
        public static let unsupportedFile = Code("unsupportedFile")
        /// The file cannot be opened or read (permissions, I/O, a damaged compressed stream).
        public static let unreadableFile = Code("unreadableFile")
        /// The file is larger than an activity import accepts.
        public static let fileTooLarge = Code("fileTooLarge")
        /// The reader refused the content (malformed XML, a FIT file damaged midway, …); see ``position``.
        public static let invalidFile = Code("invalidFile")
        /// An archive cannot be opened or is refused whole (a zip-slip name, an encrypted entry).
        public static let invalidArchive = Code("invalidArchive")
        /// An archive holds neither an Apple Health export nor activity files.
        public static let emptyArchive = Code("emptyArchive")
        /// An activity could not become a workout (no times, no positions …).
        public static let invalidActivity = Code("invalidActivity")
        /// The store refused the workout or object, or failed.
        public static let storeRefused = Code("storeRefused")
        /// An Apple Health item of a type, activity or characteristic the reader does not know; skipped.
        public static let unknownType = Code("unknownType")
        /// An Apple Health item with a number, unit or category value that cannot be read; skipped.
        public static let invalidValue = Code("invalidValue")
        /// An Apple Health item with a missing or unreadable date; skipped.
        public static let invalidDate = Code("invalidDate")
        /// An Apple Health item that ends before it starts; skipped.
        public static let invalidInterval = Code("invalidInterval")
        /// An Apple Health element Pace does not import (`ClinicalRecord`, `Audiogram`, …); skipped.
        public static let unknownElement = Code("unknownElement")
        /// A referenced route file that is missing or not valid GPX; the route was skipped.
        public static let unreadableRoute = Code("unreadableRoute")
        /// A route whose workout was not read (it must follow its workout in the export); skipped.
        public static let orphanRoute = Code("orphanRoute")
        /// An activity summary (one day's rings) that breaks the data model's rules; skipped.
        public static let invalidSummary = Code("invalidSummary")

        /// The code's name.
        public var description: String { rawValue }

        /// Encodes the name.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
    }

    /// Where in a file the problem is: a line and column (XML formats) or a byte offset (FIT, zip, gzip).
    public struct Position: Hashable, Sendable, Encodable {
        /// 1-based line, when known.
        public var line: Int?
        /// 1-based column, when known.
        public var column: Int?
        /// 0-based byte offset, when known.
        public var byteOffset: Int?

        /// Creates a position.
        public init(line: Int? = nil, column: Int? = nil, byteOffset: Int? = nil) {
            self.line = line
            self.column = column
            self.byteOffset = byteOffset
        }
    }

    /// What kind of refusal this is.
    public var code: Code
    /// The file (as named, or `archive.zip/entry`), when the problem belongs to one.
    public var file: String?
    /// Where in the file, when the reader knows.
    public var position: Position?
    /// The activity (its name, identifier or `activity N`) or, for an Apple Health item, the object
    /// (its type, source and start), when the problem is one activity's or object's.
    public var activity: String?
    /// What was wrong and what to do.
    public var message: String

    /// Creates a problem.
    public init(code: Code, file: String? = nil, position: Position? = nil, activity: String? = nil, message: String) {
        self.code = code
        self.file = file
        self.position = position
        self.activity = activity
        self.message = message
    }

    /// `file: activity: message` (the file left out when the message already starts with it).
    public var description: String {
        let body = (activity.map { "\($0): " } ?? "") + message
        guard let file, !body.hasPrefix(file) else { return body }
        return "\(file): \(body)"
    }
}

extension ImportProblem {
    /// A warning of the Apple Health reader (an item it skipped), with its code and position.
    init(_ warning: AppleHealthWarning) {
        let code: Code = switch warning.code {
        case .unknownType: .unknownType
        case .invalidValue: .invalidValue
        case .invalidDate: .invalidDate
        case .invalidInterval: .invalidInterval
        case .unreadableRoute: .unreadableRoute
        default: .unknownElement
        }
        self.init(code: code, file: warning.file, position: Position(line: warning.line, column: warning.column),
                  message: warning.message)
    }
}

