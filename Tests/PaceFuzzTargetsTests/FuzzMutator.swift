import Foundation
import PaceTestSupport

/// Deterministic mutations of a seed, in the spirit of libFuzzer's: bit flips, byte changes,
/// truncations, insertions, deletions and copies of a range, from a seeded generator so that every
/// run of the tests tries the same inputs.
struct FuzzMutator {
    private var random: SeededRandom

    /// Creates a mutator; equal seeds give equal mutations.
    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    /// One to four mutations of `input`.
    mutating func mutate(_ input: Data) -> Data {
        var bytes = [UInt8](input)
        for _ in 0..<(1 + Int(random.next() % 4)) { mutateOnce(&bytes) }
        return Data(bytes)
    }

    private mutating func index(below count: Int) -> Int { Int(random.next() % UInt64(max(count, 1))) }

    private mutating func mutateOnce(_ bytes: inout [UInt8]) {
        let interesting: [UInt8] = [0x00, 0x01, 0x7F, 0x80, 0xFF, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""),
                                    UInt8(ascii: "-"), UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "*")]
        switch random.next() % 6 {
        case 0 where !bytes.isEmpty:  // flip one bit
            bytes[index(below: bytes.count)] ^= UInt8(1) << UInt8(random.next() % 8)
        case 1 where !bytes.isEmpty:  // set a byte to an interesting value
            bytes[index(below: bytes.count)] = interesting[index(below: interesting.count)]
        case 2:  // truncate
            bytes.removeLast(index(below: bytes.count + 1) / 2)
        case 3:  // insert bytes
            let position = index(below: bytes.count + 1)
            let count = 1 + index(below: 8)
            bytes.insert(contentsOf: (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }, at: position)
        case 4 where !bytes.isEmpty:  // delete a range
            let start = index(below: bytes.count)
            bytes.removeSubrange(start..<min(bytes.count, start + 1 + index(below: 16)))
        case 5 where !bytes.isEmpty:  // copy a range elsewhere
            let start = index(below: bytes.count)
            let slice = Array(bytes[start..<min(bytes.count, start + 1 + index(below: 32))])
            bytes.insert(contentsOf: slice, at: index(below: bytes.count + 1))
        default:
            bytes.append(interesting[index(below: interesting.count)])
        }
    }
}
