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
