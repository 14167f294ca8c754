/// An Apple Health export that cannot be read: what was wrong, where, and what to do.
///
/// Shaped like ``GPXError``: a ``Code`` that can grow without breaking callers, a `message` naming
/// the remedy, the file and the 1-based `line`/`column` reported by the XML parser, and the
/// underlying `cause` when there is one. The ``description`` never contains health values.
///
/// ```swift
/// do { _ = try AppleHealthExportReader().read(at: folder) { _ in } }
/// catch { print(error.description) } // "export.xml:3:1: the document declares XML entities …"
/// ```
public struct AppleHealthError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure; compare with the static members (`error.code == .malformedXML`).
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: Hashable, Sendable {
            case unreadableFile, malformedXML, notAppleHealthExport, entityDeclaration, unsafeRoutePath, handlerFailed
            case notZipArchive, unsafeArchiveEntry, archiveSymbolicLink, encryptedArchiveEntry, missingExportXML
            case ambiguousExportXML, archiveLimitExceeded, archiveSizeMismatch, corruptArchiveEntry
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// The file or folder could not be read (missing, no permission, …); see `cause`.
        public static let unreadableFile = Code(.unreadableFile)
        /// `export.xml` is not well-formed XML (truncated, corrupt, or not XML at all).
        public static let malformedXML = Code(.malformedXML)
        /// The XML's root element is not `<HealthData>`.
        public static let notAppleHealthExport = Code(.notAppleHealthExport)
        /// The document declares entities (`<!ENTITY`); refused to prevent entity-expansion attacks.
        public static let entityDeclaration = Code(.entityDeclaration)
        /// A `<FileReference path=…>` points outside the export folder (`..`, or an absolute path elsewhere).
        public static let unsafeRoutePath = Code(.unsafeRoutePath)
        /// The caller's handler threw; reading stopped. See `cause`.
        public static let handlerFailed = Code(.handlerFailed)
        /// The `.zip` is not a zip archive: garbage, empty, truncated, or its directory is damaged.
        public static let notZipArchive = Code(.notZipArchive)
        /// An entry name in the `.zip` has a `..` component, is absolute, starts with a drive letter, or
        /// contains a backslash or NUL (zip slip); the whole archive is refused.
        public static let unsafeArchiveEntry = Code(.unsafeArchiveEntry)
        /// The `.zip` contains a symbolic link; the whole archive is refused.
        public static let archiveSymbolicLink = Code(.archiveSymbolicLink)
        /// The `.zip` contains an encrypted (password-protected) entry.
        public static let encryptedArchiveEntry = Code(.encryptedArchiveEntry)
        /// The `.zip` contains no `export.xml` (outside `__MACOSX/`).
        public static let missingExportXML = Code(.missingExportXML)
        /// The `.zip` contains several `export.xml` at the same, shallowest depth.
        public static let ambiguousExportXML = Code(.ambiguousExportXML)
        /// The `.zip` passes a ``ZipLimits`` limit: compression ratio, total size, route size or entry count.
        public static let archiveLimitExceeded = Code(.archiveLimitExceeded)
        /// An entry decompresses to more, or fewer, bytes than its header declares.
        public static let archiveSizeMismatch = Code(.archiveSizeMismatch)
        /// An entry fails its CRC-32 check, cannot be inflated, or uses an unsupported compression method.
        public static let corruptArchiveEntry = Code(.corruptArchiveEntry)

        /// A short name of the code (`malformedXML`, …).
        public var description: String {
            switch value {
            case .unreadableFile: "unreadableFile"
            case .malformedXML: "malformedXML"
            case .notAppleHealthExport: "notAppleHealthExport"
            case .entityDeclaration: "entityDeclaration"
            case .unsafeRoutePath: "unsafeRoutePath"
            case .handlerFailed: "handlerFailed"
            case .notZipArchive: "notZipArchive"
            case .unsafeArchiveEntry: "unsafeArchiveEntry"
            case .archiveSymbolicLink: "archiveSymbolicLink"
            case .encryptedArchiveEntry: "encryptedArchiveEntry"
            case .missingExportXML: "missingExportXML"
            case .ambiguousExportXML: "ambiguousExportXML"
            case .archiveLimitExceeded: "archiveLimitExceeded"
            case .archiveSizeMismatch: "archiveSizeMismatch"
            case .corruptArchiveEntry: "corruptArchiveEntry"
            }
        }
    }

    /// What kind of failure this is.
    public var code: Code
    /// What was wrong and what to do, without the position prefix.
    public var message: String
    /// The file name (for example `export.xml`), if known.
    public var file: String?
    /// The 1-based line of the problem, if known.
    public var line: Int?
    /// The 1-based column of the problem, if known.
    public var column: Int?
    /// The underlying error (the XML scanner's error, a ``GPXError``, the handler's error, …), if any.
    public var cause: (any Error)?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The kind of failure.
    ///   - message: What was wrong and what to do.
    ///   - file: The file name, if any.
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

    /// `export.xml:3:12: <message>` — the position as far as it is known, then the message.
    public var description: String {
        "\(SourcePosition.text(file: file, line: line, column: column, placeholder: "<export.xml>")): \(message)"
    }
}

/// Something in an Apple Health export that was skipped while reading, with its position.
///
/// Reading continues past these. Messages name types, attributes and units but never health values.
public struct AppleHealthWarning: Hashable, Sendable, CustomStringConvertible {
    /// The kind of warning; compare with the static members.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Value: Hashable, Sendable {
            case unknownType, invalidValue, invalidDate, invalidInterval, unknownElement, unreadableRoute
        }
        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// A `type`, `workoutActivityType`, event type or characteristic this reader does not know; the object was skipped.
        public static let unknownType = Code(.unknownType)
        /// A number, unit or category value that cannot be read; the object (or the optional value) was skipped.
        public static let invalidValue = Code(.invalidValue)
        /// A missing or unreadable date; the object was skipped.
        public static let invalidDate = Code(.invalidDate)
        /// An object whose end is before its start; it was skipped.
        public static let invalidInterval = Code(.invalidInterval)
        /// An element this reader does not import (`ClinicalRecord`, `Audiogram`, …); it was skipped.
        public static let unknownElement = Code(.unknownElement)
        /// A referenced `workout-routes/*.gpx` file is missing or is not valid GPX; the route was skipped.
        public static let unreadableRoute = Code(.unreadableRoute)

        /// A short name of the code.
        public var description: String {
            switch value {
            case .unknownType: "unknownType"
            case .invalidValue: "invalidValue"
            case .invalidDate: "invalidDate"
            case .invalidInterval: "invalidInterval"
            case .unknownElement: "unknownElement"
            case .unreadableRoute: "unreadableRoute"
            }
        }
    }

    /// What kind of warning this is.
    public var code: Code
    /// What was skipped and why.
    public var message: String
    /// The file the warning is about (`export.xml`).
    public var file: String
    /// The 1-based line where the parser was when it noticed.
    public var line: Int
    /// The 1-based column where the parser was when it noticed.
    public var column: Int

    /// Creates a warning.
    /// - Parameters:
    ///   - code: The kind of warning.
    ///   - message: What was skipped and why.
    ///   - file: The file the warning is about.
    ///   - line: The 1-based line.
    ///   - column: The 1-based column.
    public init(code: Code, message: String, file: String, line: Int, column: Int) {
        self.code = code
        self.message = message
        self.file = file
        self.line = line
        self.column = column
    }

    /// `export.xml:12:5: <message>`.
    public var description: String { "\(file):\(line):\(column): \(message)" }
}
