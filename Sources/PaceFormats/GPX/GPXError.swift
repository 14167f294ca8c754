/// A GPX document that cannot be read: what was wrong, where, and what to do.
///
/// Shaped like NIO's `FileSystemError`: a ``Code`` that can grow without breaking callers, a
/// `message` naming the file, position and remedy, the 1-based `line`/`column` reported by the XML
/// scanner, and the underlying `cause` when there is one. The default ``description`` never contains
/// coordinates, heart rates or names from the file.
///
/// ```swift
/// do { _ = try GPXReader().read(data: data, file: "run.gpx") }
/// catch { print(error.description) } // "run.gpx:3:12: GPX is not well-formed XML …"
/// ```
public struct GPXError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure; compare with the static members (`error.code == .malformedXML`).
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: Hashable, Sendable {
            case unreadableFile, malformedXML, notGPX, entityDeclaration, handlerFailed
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// The file could not be read from disk (missing, no permission, …); see `cause`.
        public static let unreadableFile = Code(.unreadableFile)
        /// The data is not well-formed XML (truncated, corrupt, or not XML at all).
        public static let malformedXML = Code(.malformedXML)
        /// The data is XML but its root element is not `<gpx>`.
        public static let notGPX = Code(.notGPX)
        /// The document declares entities in a DTD (`<!ENTITY`); refused to prevent entity-expansion attacks.
        public static let entityDeclaration = Code(.entityDeclaration)
        /// The handler given to ``GPXReader/stream(source:file:handler:)`` threw; reading stopped. See `cause`.
        public static let handlerFailed = Code(.handlerFailed)

        /// A short name of the code (`malformedXML`, …).
        public var description: String {
            switch value {
            case .unreadableFile: "unreadableFile"
            case .malformedXML: "malformedXML"
            case .notGPX: "notGPX"
            case .entityDeclaration: "entityDeclaration"
            case .handlerFailed: "handlerFailed"
            }
        }
    }

    /// What kind of failure this is.
    public var code: Code
    /// What was wrong and what to do, without the position prefix.
    public var message: String
    /// The file name or label given to the reader, if any.
    public var file: String?
    /// The 1-based line of the problem, if known.
    public var line: Int?
    /// The 1-based column of the problem, if known.
    public var column: Int?
    /// The underlying error (the XML scanner's error, an I/O error, the handler's error), if any.
    public var cause: (any Error)?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The kind of failure.
    ///   - message: What was wrong and what to do.
    ///   - file: The file name or label, if any.
    ///   - line: The 1-based line, if known.
    ///   - column: The 1-based column, if known.
    ///   - cause: The underlying error, if any.
    public init(code: Code, message: String, file: String?, line: Int?, column: Int?, cause: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.cause = cause
    }

    /// `run.gpx:3:12: <message>` — the position as far as it is known, then the message.
    public var description: String {
        "\(GPXError.position(file: file, line: line, column: column)): \(message)"
    }

    /// A multi-line description for logs and bug reports: the description, the code and the cause.
    public func detailedDescription() -> String {
        var lines = [description, "  code: \(code)"]
        if let cause { lines.append("  cause: \(String(describing: cause))") }
        return lines.joined(separator: "\n")
    }

    static func position(file: String?, line: Int?, column: Int?) -> String {
        SourcePosition.text(file: file, line: line, column: column, placeholder: "<gpx>")
    }
}

/// Something in a GPX document that was skipped or repaired while reading, with its position.
///
/// Reading continues past these; they are collected in ``GPXDocument/warnings``. Messages never
/// contain coordinates or other personal values.
public struct GPXWarning: Hashable, Sendable, CustomStringConvertible {
    /// The kind of warning; compare with the static members.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: Hashable, Sendable {
            case sentinelElevation, coordinateOutOfRange, invalidCoordinate, invalidValue, undeclaredNamespacePrefix
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// An elevation below −1000 m or above 10 000 m (a "no data" sentinel such as −19999); treated as absent.
        public static let sentinelElevation = Code(.sentinelElevation)
        /// A point whose latitude is outside −90…90° or longitude outside −180…180°; the point was skipped.
        public static let coordinateOutOfRange = Code(.coordinateOutOfRange)
        /// A point whose `lat`/`lon` attribute is missing or not a number; the point was skipped.
        public static let invalidCoordinate = Code(.invalidCoordinate)
        /// A value (elevation, time, heart rate, …) that is not a number or date; treated as absent.
        public static let invalidValue = Code(.invalidValue)
        /// A namespace prefix used without an `xmlns:` declaration (not namespace-well-formed XML);
        /// its elements and attributes were read by their local names.
        public static let undeclaredNamespacePrefix = Code(.undeclaredNamespacePrefix)

        /// A short name of the code.
        public var description: String {
            switch value {
            case .sentinelElevation: "sentinelElevation"
            case .coordinateOutOfRange: "coordinateOutOfRange"
            case .invalidCoordinate: "invalidCoordinate"
            case .invalidValue: "invalidValue"
            case .undeclaredNamespacePrefix: "undeclaredNamespacePrefix"
            }
        }
    }

    /// What kind of warning this is.
    public var code: Code
    /// What was skipped or repaired.
    public var message: String
    /// The 1-based line where the parser was when it noticed (the end of the offending element).
    public var line: Int
    /// The 1-based column where the parser was when it noticed.
    public var column: Int

    /// Creates a warning.
    /// - Parameters:
    ///   - code: The kind of warning.
    ///   - message: What was skipped or repaired.
    ///   - line: The 1-based line.
    ///   - column: The 1-based column.
    public init(code: Code, message: String, line: Int, column: Int) {
        self.code = code
        self.message = message
        self.line = line
        self.column = column
    }

    /// `12:5: <message>`.
    public var description: String { "\(line):\(column): \(message)" }
}
