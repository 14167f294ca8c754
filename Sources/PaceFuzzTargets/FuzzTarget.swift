public import Foundation

/// One fuzz target: a byte reader of Pace driven with arbitrary bytes, with the invariants its
/// output must keep and where its seed inputs come from.
///
/// The body decodes the bytes with Pace's real reader and either returns what happened
/// (``FuzzOutcome``) or throws ``FuzzInvariantViolation`` when the reader broke a promise: a decoded
/// value out of range or not finite, a written file that does not read back equal, a refusal that is
/// not the reader's typed, positioned error. A crash or a sanitizer report is the other kind of
/// failure, caught by libFuzzer (the `FuzzTesting` package) rather than here.
///
/// ```swift
/// let target = FuzzTarget.named("gpx")!
/// let outcome = try target.run(Data(contentsOf: url))   // .decoded or .refused(code:)
/// ```
public struct FuzzTarget: Sendable {
    /// The target's name, as `Scripts/fuzz.sh` and `PACE_FUZZ_TARGET` spell it (e.g. `gpx`).
    public let name: String
    /// What the target reads and checks, in one line.
    public let summary: String
    /// The project's fixtures that seed the target's corpus.
    public let seedFiles: [FuzzSeedFiles]
    private let generatedSeeds: @Sendable () -> [Data]
    private let body: @Sendable (Data) throws(FuzzInvariantViolation) -> FuzzOutcome

    /// Creates a target.
    /// - Parameters:
    ///   - name: The name used on the command line.
    ///   - summary: What the target reads and checks.
    ///   - seedFiles: Fixture folders (relative to the repository root) whose files seed the corpus.
    ///   - generatedSeeds: Seeds made by Pace's own writers, for readers without fixtures.
    ///   - body: Reads one input and checks its invariants.
    init(name: String, summary: String, seedFiles: [FuzzSeedFiles] = [],
         generatedSeeds: @escaping @Sendable () -> [Data] = { [] },
         body: @escaping @Sendable (Data) throws(FuzzInvariantViolation) -> FuzzOutcome) {
        self.name = name
        self.summary = summary
        self.seedFiles = seedFiles
        self.generatedSeeds = generatedSeeds
        self.body = body
    }

    /// Reads one input with the target's reader and checks the invariants of what it produced.
    /// - Parameter data: Any bytes.
    /// - Returns: Whether the reader decoded the input or refused it (and with which error code).
    /// - Throws: ``FuzzInvariantViolation`` when the reader broke one of its promises.
    public func run(_ data: Data) throws(FuzzInvariantViolation) -> FuzzOutcome {
        try body(data)
    }

    /// Seeds made in memory by Pace's own writers (a D-Bus message, a GATT notification, a zip
    /// archive, unit strings), for the readers the fixtures do not cover.
    public func seeds() -> [Data] { generatedSeeds() }

    /// The fixture files that seed this target, found under a repository root.
    /// - Parameter root: The repository's root folder.
    /// - Returns: The files, sorted by path; folders that do not exist give none.
    public func seedFileURLs(root: URL) -> [URL] {
        seedFiles.flatMap { $0.files(root: root) }.sorted { $0.path < $1.path }
    }
}

/// Fixture files that seed a target: a folder of the repository and the file extensions taken from it.
public struct FuzzSeedFiles: Sendable, Hashable {
    /// The folder, relative to the repository root (e.g. `Tests/PaceFormatsTests/Fixtures/gpx`).
    public let directory: String
    /// The extensions taken (e.g. `gpx`, `gz`); the folder's other files are left out.
    public let extensions: Set<String>
    /// Whether subfolders are searched too.
    public let recursive: Bool

    /// Creates a seed folder.
    /// - Parameters:
    ///   - directory: The folder, relative to the repository root.
    ///   - extensions: The file extensions to take.
    ///   - recursive: Whether to search subfolders.
    public init(_ directory: String, extensions: Set<String>, recursive: Bool = false) {
        self.directory = directory
        self.extensions = extensions
        self.recursive = recursive
    }

    /// The matching files under `root`.
    func files(root: URL) -> [URL] {
        let folder = root.appendingPathComponent(directory)
        let manager = FileManager.default
        let candidates: [URL]
        if recursive {
            let enumerator = manager.enumerator(at: folder, includingPropertiesForKeys: nil)
            candidates = (enumerator?.allObjects as? [URL]) ?? []
        } else {
            candidates = (try? manager.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        }
        return candidates.filter { extensions.contains($0.pathExtension) }
    }
}

/// What a target's reader did with one input.
public enum FuzzOutcome: Hashable, Sendable {
    /// The reader decoded the input, and what it produced kept every checked invariant.
    case decoded
    /// The reader refused the input with its typed error; `code` names the error's code (e.g. `malformedXML`).
    case refused(code: String)
}

/// A broken promise of a reader: what the target found and where.
///
/// ```swift
/// do { _ = try target.run(data) } catch { log("\(error)") }   // "gpx: track 0 record 3: latitude 91.0 outside -90...90"
/// ```
public struct FuzzInvariantViolation: Error, Sendable, CustomStringConvertible {
    /// The target that found it.
    public var target: String
    /// What was wrong, where in the output, with the offending value.
    public var message: String

    /// Creates a violation.
    /// - Parameters:
    ///   - target: The target's name.
    ///   - message: What was wrong.
    public init(target: String, message: String) {
        self.target = target
        self.message = message
    }

    /// `<target>: <message>`.
    public var description: String { "\(target): \(message)" }
}
