import Foundation
import Glibc
import Testing
@testable import PaceSensors

/// The reader's thread and its flow control.
@Suite struct DescriptorReaderTests {
    /// libdispatch traps when a semaphore is freed below its initial value; a reader stopped while
    /// chunks were delivered and not yet consumed did that (a crash CoreLocation's run-loop probe
    /// met about one run in twenty). Before the fix this test ended the test process with SIGILL.
    @Test func aReaderStoppedWithChunksUnconsumedIsFreedCleanly() async throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        defer { close(ends[1]) }
        weak var released: DescriptorReader?
        do {
            let reader = DescriptorReader(fd: ends[0], idleInterval: 60)
            released = reader
            let bytes = [UInt8](repeating: 0x24, count: 4096)
            for _ in 0..<3 { #expect(bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == 4096) }
            var iterator = reader.chunks.makeAsyncIterator()
            guard case .data(let first)? = await iterator.next() else {
                Issue.record("no data chunk")
                return
            }
            #expect(!first.isEmpty)
            reader.stop()
            while await iterator.next() != nil {}
        }
        for _ in 0..<100 where released != nil { try await Task.sleep(for: .milliseconds(20)) }
        #expect(released == nil, "the stopped reader is freed with its thread")
    }
}
