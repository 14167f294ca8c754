import Foundation
import PaceFuzzTargets

// libFuzzer's entry points for one of Pace's fuzz targets, chosen by the environment:
//
//   PACE_FUZZ_TARGET=gpx pace-fuzz CORPUS_DIR -max_total_time=60     fuzz the GPX reader
//   PACE_FUZZ_TARGET=gpx PACE_FUZZ_SEED_DIR=DIR PACE_FUZZ_ROOT=REPO pace-fuzz
//                                                                     write the target's seeds to DIR, exit
//   PACE_FUZZ_TARGET=list pace-fuzz                                   print the targets' names, exit
//
// One executable for every target keeps the (sanitized) link to one. libFuzzer provides `main`;
// an invariant violation aborts, so libFuzzer saves the input as a crash file.

/// The target chosen in `LLVMFuzzerInitialize`, read by every `LLVMFuzzerTestOneInput` of the
/// single fuzzing thread.
nonisolated(unsafe) private var selectedTarget: FuzzTarget?

/// Writes a line to standard error (this executable has no logger: libFuzzer owns its output).
private func report(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// Picks the target named by `PACE_FUZZ_TARGET`; with `PACE_FUZZ_SEED_DIR`, writes its seeds and exits.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(_ argc: UnsafeMutableRawPointer, _ argv: UnsafeMutableRawPointer) -> CInt {
    let environment = ProcessInfo.processInfo.environment
    let names = FuzzTarget.all.map(\.name).joined(separator: " ")
    if environment["PACE_FUZZ_TARGET"] == "list" {
        FileHandle.standardOutput.write(Data((FuzzTarget.all.map(\.name).joined(separator: "\n") + "\n").utf8))
        exit(0)
    }
    guard let name = environment["PACE_FUZZ_TARGET"], let target = FuzzTarget.named(name) else {
        report("pace-fuzz: set PACE_FUZZ_TARGET to one of: \(names)")
        exit(64)
    }
    selectedTarget = target
    if let directory = environment["PACE_FUZZ_SEED_DIR"] {
        exit(writeSeeds(of: target, root: environment["PACE_FUZZ_ROOT"], to: directory))
    }
    return 0
}

/// Writes the target's seeds into `directory` and reports it; the exit status (its values are
/// released before the process exits, so LeakSanitizer has nothing to report).
private func writeSeeds(of target: FuzzTarget, root: String?, to directory: String) -> CInt {
    let rootURL = URL(fileURLWithPath: root ?? FileManager.default.currentDirectoryPath)
    do {
        let count = try writeSeeds(of: target, root: rootURL, to: URL(fileURLWithPath: directory))
        report("pace-fuzz: \(count) seeds of \(target.name) in \(directory)")
        return 0
    } catch {
        report("pace-fuzz: cannot write the seeds of \(target.name) to \(directory): \(error)")
        return 1
    }
}

/// Runs the chosen target on one input; a broken invariant aborts with its description.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let target = selectedTarget else { return 0 }
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    do {
        _ = try target.run(data)
    } catch {
        report("pace-fuzz: invariant broken: \(error)")
        abort()
    }
    return 0
}

/// Copies the target's fixtures and writes its generated seeds into `directory`.
private func writeSeeds(of target: FuzzTarget, root: URL, to directory: URL) throws -> Int {
    let manager = FileManager.default
    try manager.createDirectory(at: directory, withIntermediateDirectories: true)
    var count = 0
    for url in target.seedFileURLs(root: root) {
        let destination = directory.appendingPathComponent("fixture-" + url.lastPathComponent)
        try? manager.removeItem(at: destination)
        try manager.copyItem(at: url, to: destination)
        count += 1
    }
    for (index, seed) in target.seeds().enumerated() {
        try seed.write(to: directory.appendingPathComponent("generated-\(index)"))
        count += 1
    }
    return count
}
