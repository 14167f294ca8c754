import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// The async store and task cancellation: a cancelled task is refused before the store is touched.
@Suite struct StoreCancellationTests {
    @Test func aCancelledTaskWritesNothingAndIsToldWhy() async throws {
        let store = try HealthStore.inMemory()
        let sample = TestObjects.heartRate()
        let task = Task { () async -> StoreError? in
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(StoreError) { try await store.save(sample) } catch { return error }
            return nil
        }
        let error = await task.value
        #expect(error?.code == .cancelled)
        #expect(error?.message.contains("nothing was changed") == true, "\(String(describing: error))")
        #expect(try await store.object(id: sample.id) == nil)
    }

    @Test func aCancelledTaskReadsNothing() async throws {
        let store = try HealthStore.inMemory()
        let sample = TestObjects.heartRate()
        try await store.save(sample)
        let task = Task { () async -> StoreError? in
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(StoreError) { _ = try await store.object(id: sample.id) } catch { return error }
            return nil
        }
        let error = await task.value
        #expect(error?.code == .cancelled)
        #expect(try await store.object(id: sample.id) == .quantitySample(sample))
    }
}
