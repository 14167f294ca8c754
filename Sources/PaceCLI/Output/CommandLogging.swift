public import Logging

/// How much the libraries' swift-log lines `pace` shows, and where.
///
/// A command's own output (a table, a dashboard, a summary, JSON) goes to standard output; the
/// libraries' log lines go to standard error, and only from `warning` up unless asked: `--verbose`
/// (anywhere on the command line before `--`) shows `info` and up, and `PACE_LOG_LEVEL` names any
/// level (`trace`, `debug`, `info`, `notice`, `warning`, `error`, `critical`), winning over both.
/// The libraries log as they always do; only the command line decides what is shown.
///
/// ```swift
/// let logging = CommandLogging(arguments: Array(CommandLine.arguments.dropFirst()),
///                              environment: ProcessInfo.processInfo.environment)
/// logging.bootstrap()
/// await PaceCommand.main(logging.arguments)
/// ```
public struct CommandLogging: Sendable, Equatable {
    /// The flag that asks for the libraries' informational lines.
    public static let verboseFlag = "--verbose"
    /// The environment variable that names a level.
    public static let environmentVariable = "PACE_LOG_LEVEL"

    /// The lowest level shown.
    public let level: Logger.Level
    /// The command line without `--verbose`, for the argument parser.
    public let arguments: [String]
    /// Why `PACE_LOG_LEVEL` was not used, when it named no level.
    public let problem: String?

    /// Reads the level from the command line and the environment.
    /// - Parameters:
    ///   - arguments: The command line after the program name.
    ///   - environment: The process environment.
    public init(arguments: [String], environment: [String: String]) {
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        let verbose = arguments[..<end].contains(Self.verboseFlag)
        self.arguments = arguments[..<end].filter { $0 != Self.verboseFlag } + arguments[end...]
        var level: Logger.Level = verbose ? .info : .warning
        var problem: String?
        if let named = environment[Self.environmentVariable], !named.isEmpty {
            if let parsed = Logger.Level(rawValue: named.lowercased()) {
                level = parsed
            } else {
                problem = "\(Self.environmentVariable)=\(named) is not a log level; use one of "
                    + Logger.Level.allCases.map(\.rawValue).joined(separator: ", ") + ". Showing \(level.rawValue) and up."
            }
        }
        self.level = level
        self.problem = problem
    }

    /// Sends every logger to standard error at ``level`` (once per process, before any command runs),
    /// and reports a ``problem`` there.
    public func bootstrap() {
        let level = level
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        if let problem { Logger(label: "org.pace.cli").warning("\(problem)") }
    }
}
