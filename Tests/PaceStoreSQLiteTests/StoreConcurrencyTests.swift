import Foundation
import GRDB
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

@Suite struct StoreConcurrencyTests {
    /// Readers run while a writer saves batches; every read sees whole batches only.
    @Test func readersSeeCommittedBatchesWhileAWriterWrites() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try HealthStore(path: directory.path("health.sqlite"))
        let batchSize = 20
        let batches = 40

        async let written: Void = Task.detached {
            for batch in 0..<batches {
                let samples = (0..<batchSize).map { index in
                    HealthObject.quantitySample(TestObjects.heartRate(Double(batch * batchSize + index)))
                }
                try await store.save(samples)
            }
        }.value

        let observed = try await Task.detached { () -> [Int] in
            var counts: [Int] = []
            while counts.last != batchSize * batches {
                counts.append(try await store.quantitySamples(of: .heartRate).count)
                if counts.count > 100_000 { break }
            }
            return counts
        }.value
        try await written

        #expect(observed.allSatisfy { $0 % batchSize == 0 })
        #expect(observed == observed.sorted())
        #expect(observed.last == batchSize * batches)
    }
}
