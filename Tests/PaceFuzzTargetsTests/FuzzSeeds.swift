import Foundation
import PaceFuzzTargets

/// The repository's root and each target's seeds, as `Scripts/fuzz.sh` assembles them.
enum FuzzSeeds {
    /// The repository root, found from this source file.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The minimised inputs of crashes and broken invariants found by fuzzing, one folder per target.
    static let regressions = root.appendingPathComponent("Tests/PaceFuzzTargetsTests/Fixtures/fuzz-regressions")

    /// A target's fixture files and generated seeds, named.
    static func seeds(of target: FuzzTarget) throws -> [(name: String, data: Data)] {
        let files = try target.seedFileURLs(root: root).map { (name: $0.lastPathComponent, data: try Data(contentsOf: $0)) }
        let generated = target.seeds().enumerated().map { (name: "generated-\($0.offset)", data: $0.element) }
        return files + generated
    }

    /// The target's committed regression inputs.
    static func regressionInputs(of target: FuzzTarget) throws -> [(name: String, data: Data)] {
        let folder = regressions.appendingPathComponent(target.name)
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .sorted { $0.path < $1.path }
            .map { (name: $0.lastPathComponent, data: try Data(contentsOf: $0)) }
    }
}

extension FuzzTarget {
    /// Runs the target over `inputs` on a thread of its own and returns each outcome in order.
    ///
    /// A target is synchronous, as libFuzzer calls it, and the `import` target blocks its thread
    /// while its store works on the cooperative pool; run on the pool itself (a synchronous test's
    /// thread), two such waits take both of a 2-core runner's pool threads and nothing can finish.
    func outcomes(_ inputs: [Data]) async -> [Result<FuzzOutcome, FuzzInvariantViolation>] {
        await withCheckedContinuation { continuation in
            Thread {
                continuation.resume(returning: inputs.map { input in
                    Result { () throws(FuzzInvariantViolation) -> FuzzOutcome in try self.run(input) }
                })
            }.start()
        }
    }
}
