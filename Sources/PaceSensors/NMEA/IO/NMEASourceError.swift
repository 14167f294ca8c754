/// Why an ``NMEASource`` cannot read its device.
public struct NMEASourceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stable kind of problem.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let raw: String
        private init(_ raw: String) { self.raw = raw }

        /// The baud rate is not one termios supports.
        public static let unsupportedBaudRate = Code("unsupported-baud-rate")
        /// The device or file could not be opened.
        public static let openFailed = Code("open-failed")
        /// The device is not a terminal, or termios rejected the settings.
        public static let configureFailed = Code("configure-failed")

        /// The code's name, e.g. `"unsupported-baud-rate"`.
        public var description: String { raw }
    }

    /// The kind of problem.
    public var code: Code
    /// What failed, where, and what to do.
    public var message: String

    /// Creates an error.
    /// - Parameters:
    ///   - code: The kind of problem.
    ///   - message: What failed, where, and what to do.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
