public import Foundation
import PaceModel

/// Runs the built `pace` executable in a child process, for end-to-end CLI tests.
///
/// The executable is looked up next to the running test bundle, where `swift build`
/// and `swift test` put every product of the package.
public struct CommandRunner: Sendable {
    /// What a finished command printed and returned.
    public struct Result: Sendable {
        /// The exit status.
        public var status: Int32
        /// Everything written to standard output.
        public var standardOutput: String
        /// Everything written to standard error.
        public var standardError: String
    }

    /// The `pace` executable.
    public let executable: URL
    /// Extra environment variables for every run (the store path, a fixed time zone).
    public var environment: [String: String]

    /// Finds the `pace` executable next to the test bundle.
    ///
    /// - Throws: `CocoaError(.fileNoSuchFile)` with the searched paths when it is not built.
    public init(environment: [String: String] = [:]) throws {
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [bundleDirectory, bundleDirectory.deletingLastPathComponent(),
                          bundleDirectory.deletingLastPathComponent().deletingLastPathComponent(),
                          Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
            .map { $0.appendingPathComponent("pace") }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey:
                "The pace executable was not found in \(candidates.map(\.path)); run 'swift build' first."])
        }
        executable = found
        self.environment = environment
    }

    /// Runs `pace` with `arguments` and waits for it to finish, on a thread of its own: the test's
    /// task is suspended meanwhile, so the cooperative pool (two threads on a 2-core runner) stays
    /// free for the tests that run beside it.
    public func run(_ arguments: [String]) async throws -> Result {
        try await ThreadBridge.run(label: "org.pace.test.command") { () throws(any Error) in
            try self.runBlocking(arguments)
        }
    }

    /// Runs `pace` with `arguments` and waits for it to finish, blocking the calling thread.
    public func runBlocking(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in self.environment { environment[key] = value }
        process.environment = environment
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read both pipes to the end before waiting, so a large output cannot block the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var errorData = Data()
        group.enter()
        DispatchQueue.global().async {
            errorData = error.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      standardOutput: String(decoding: outputData, as: UTF8.self),
                      standardError: String(decoding: errorData, as: UTF8.self))
    }
}
