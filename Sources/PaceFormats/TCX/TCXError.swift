/// A TCX file that cannot be read: what kind of problem, where, and what to do.
///
/// Shaped like NIO's `FileSystemError`: a ``code`` (a struct over a private enum, so cases can be
/// added), a ``message`` that names the file and position and says what to do, an optional
/// ``cause`` (for example the XML parser's own error) and the position as ``line`` and ``column``.
///
/// The message never contains coordinates, heart rates or names from the file.
///
/// ```swift
/// do { _ = try TCXReader().read(data, fileName: "ride.tcx") }
/// catch let error as TCXError where error.code == .malformedXML { … }
/// ```
public struct TCXError: Error, Sendable, CustomStringConvertible {
    /// The kind of problem.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Kind: Hashable, Sendable {
            case unreadable, malformedXML, notTCX, entityDeclaration, invalidValue, unsupportedValue, handlerFailed
        }
        private let kind: Kind
        private init(_ kind: Kind) { self.kind = kind }

        /// The file could not be read from disk.
        public static let unreadable = Code(.unreadable)
        /// The file is not well-formed XML (truncated, corrupt, not XML at all).
        public static let malformedXML = Code(.malformedXML)
        /// The file is XML but its root element is not `TrainingCenterDatabase`.
        public static let notTCX = Code(.notTCX)
        /// The document declares entities (`<!ENTITY` in a DOCTYPE), which the reader refuses.
        public static let entityDeclaration = Code(.entityDeclaration)
        /// A value that the reader cannot skip is invalid.
        public static let invalidValue = Code(.invalidValue)
        /// The writer was given a value that TCX cannot represent.
        public static let unsupportedValue = Code(.unsupportedValue)
        /// The caller's record handler threw while the file was streamed; its error is the ``TCXError/cause``.
        public static let handlerFailed = Code(.handlerFailed)

        /// A short name of the code, such as `malformedXML`.
        public var description: String { "\(kind)" }
    }

    /// The kind of problem.
    public var code: Code
    /// What was wrong, where, and what to do, in one line.
    public var message: String
    /// The file name or label given to the reader, if any.
    public var file: String?
    /// The 1-based line of the problem, if known.
    public var line: Int?
    /// The 1-based column of the problem, if known.
    public var column: Int?
    /// The underlying error (the XML scanner's error, a file-system error), if any.
    public var cause: (any Error)?

    /// Creates an error; the message is built as `file:line:column: reason`.
    init(_ code: Code, file: String?, line: Int? = nil, column: Int? = nil, reason: String, cause: (any Error)? = nil) {
        self.code = code
        self.file = file
        self.line = line
        self.column = column
        self.cause = cause
        self.message = "\(TCXError.position(file: file, line: line, column: column)): \(reason)"
    }

    /// `ride.tcx:12:3` — the file and position as far as they are known.
    static func position(file: String?, line: Int?, column: Int?) -> String {
        SourcePosition.text(file: file, line: line, column: column, placeholder: "<tcx>")
    }

    /// The one-line message.
    public var description: String { message }

    /// A multi-line description with the code and the underlying cause, for logs and bug reports.
    public func detailedDescription() -> String {
        var lines = ["TCXError: \(code)", "  \(message)"]
        if let cause { lines.append("  caused by: \(String(describing: cause))") }
        return lines.joined(separator: "\n")
    }
}

/// A value the TCX reader skipped, with where it was.
///
/// The reader keeps going when one value is bad (an unparseable number, a latitude outside
/// −90…90 degrees); each skipped value leaves one warning. The message names the element, never
/// the value, so it is safe to log.
public struct TCXWarning: Hashable, Sendable, CustomStringConvertible {
    /// The file name or label given to the reader, if any.
    public var file: String?
    /// The 1-based line of the skipped value's element (of its start tag's end).
    public var line: Int
    /// The 1-based column where the parser reports the element: the end of its start tag.
    public var column: Int
    /// What was skipped and why.
    public var reason: String

    /// `ride.tcx:12:3: <reason>`.
    public var description: String {
        "\(TCXError.position(file: file, line: line, column: column)): \(reason)"
    }
}
