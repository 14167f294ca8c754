import Foundation
import PaceFuzzTargets
import Testing

/// Every target over deterministic mutations of its seeds: a cheap, repeatable fuzz run inside
/// `swift test` that catches a reader or harness regression without libFuzzer.
@Suite struct FuzzTargetMutationTests {
    /// Mutated inputs per target.
    static let mutationsPerTarget = 300
    /// Seeds above this size are left out (or cut to it when a target has no smaller seed), in bytes.
    static let largestSeed = 16 * 1024

    @Test(arguments: FuzzTarget.all.map(\.name))
    func mutatedSeedsKeepInvariants(name: String) async throws {
        // Given the target's small seeds and a seeded mutator
        let target = try #require(FuzzTarget.named(name))
        let all = try FuzzSeeds.seeds(of: target).map(\.data)
        let small = all.filter { $0.count <= Self.largestSeed }
        let seeds = small.isEmpty ? all.map { $0.prefix(Self.largestSeed) } : small
        try #require(!seeds.isEmpty)
        var mutator = FuzzMutator(seed: UInt64(name.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }))

        // When each mutation is read
        var refused = 0
        var decoded = 0
        let inputs = (0..<Self.mutationsPerTarget).map { mutator.mutate(seeds[$0 % seeds.count]) }
        for (index, (input, outcome)) in zip(inputs, await target.outcomes(inputs)).enumerated() {
            switch outcome {
            case .success(.decoded): decoded += 1
            case .success(.refused): refused += 1
            case .failure(let error):
                Issue.record("\(name) mutation \(index) (\(input.count) bytes, base64 \(input.base64EncodedString().prefix(512))): \(error)")
            }
        }

        // Then no invariant breaks, and the mutations reach the refusals as well as the decoder
        #expect(refused > 0, "\(name): no mutation was refused")
        #expect(refused + decoded == Self.mutationsPerTarget)
    }

    @Test func mutationsAreDeterministic() {
        var first = FuzzMutator(seed: 42)
        var second = FuzzMutator(seed: 42)
        let seed = Data("<gpx><trk><trkseg/></trk></gpx>".utf8)
        let a = (0..<50).map { _ in first.mutate(seed) }
        let b = (0..<50).map { _ in second.mutate(seed) }
        #expect(a == b)
        #expect(Set(a).count > 40)
    }
}
