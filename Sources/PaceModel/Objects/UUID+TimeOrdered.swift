public import Foundation

extension UUID {
    /// A new version-7 UUID (RFC 9562): the current Unix time in milliseconds in the first 48 bits,
    /// then a 12-bit counter that keeps UUIDs made in the same millisecond in order, then 62 random
    /// bits.
    ///
    /// Pace gives every object it creates one of these. Time-ordered keys append to the store's
    /// B-tree indexes instead of landing at random pages, which keeps imports of millions of samples
    /// fast, and making one needs no system call (`UUID()` reads the kernel's random source each
    /// time on Linux). The random bits come from a generator seeded once per process from the
    /// system's random source, so UUIDs stay unique across processes and machines.
    public static func timeOrdered() -> UUID {
        TimeOrderedUUIDGenerator.shared.next()
    }
}

/// The process-wide state behind ``Foundation/UUID/timeOrdered()``.
final class TimeOrderedUUIDGenerator: @unchecked Sendable {
    static let shared = TimeOrderedUUIDGenerator()

    private let lock = NSLock()
    private var lastMillis: UInt64 = 0
    private var counter: UInt64 = 0
    private var state: (UInt64, UInt64, UInt64, UInt64)

    private init() {
        var system = SystemRandomNumberGenerator()
        state = (system.next(), system.next(), system.next(), system.next() | 1)
    }

    func next() -> UUID {
        let now = UInt64(max(0, Date().timeIntervalSince1970 * 1000))
        let (millis, sequence, random) = lock.withLock { () -> (UInt64, UInt64, UInt64) in
            if now > lastMillis {
                lastMillis = now
                counter = nextRandom() & 0x3FF   // start low in the 12-bit space, leaving room to count up
            } else {
                counter += 1
                if counter > 0xFFF {              // more than ~3000 in one millisecond: borrow the next one
                    lastMillis += 1
                    counter = 0
                }
            }
            return (lastMillis, counter, nextRandom())
        }
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<6 { bytes[index] = UInt8(truncatingIfNeeded: millis >> (8 * UInt64(5 - index))) }
        bytes[6] = 0x70 | UInt8(truncatingIfNeeded: sequence >> 8)
        bytes[7] = UInt8(truncatingIfNeeded: sequence)
        bytes[8] = 0x80 | UInt8(truncatingIfNeeded: random >> 56) & 0x3F
        for index in 9..<16 { bytes[index] = UInt8(truncatingIfNeeded: random >> (8 * UInt64(15 - index))) }
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    /// xoshiro256** (Blackman and Vigna), called under the lock.
    private func nextRandom() -> UInt64 {
        let result = rotate(state.1 &* 5, 7) &* 9
        let shifted = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= shifted
        state.3 = rotate(state.3, 45)
        return result
    }

    private func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }
}
