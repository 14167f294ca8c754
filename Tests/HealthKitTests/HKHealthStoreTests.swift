import Foundation
@testable import HealthKit
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// `HKHealthStore` on a Pace store: authorization, saving, deleting and sample queries, through
/// Apple's API (with the test-only environment initialiser naming the store and the policy).
@Suite struct HKHealthStoreTests {
    let start = Date(timeIntervalSince1970: 1_795_158_000)
    let bpm = HKUnit.count().unitDivided(by: .minute())

    func heartRate(_ value: Double, at offset: TimeInterval) -> HKQuantitySample {
        .heartRate(value, at: offset, after: start)
    }

    @Test func aGrantedAppSavesQueriesAndDeletesItsSamples() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = HKHealthStore.granted(in: directory)
        let type = HKQuantityType(.heartRate)
        #expect(try await store.statusForAuthorizationRequest(toShare: [type], read: [type]) == .shouldRequest)
        #expect(store.authorizationStatus(for: type) == .notDetermined)
        try await store.requestAuthorization(toShare: [type], read: [type])
        #expect(store.authorizationStatus(for: type) == .sharingAuthorized)
        #expect(try await store.statusForAuthorizationRequest(toShare: [type], read: [type]) == .unnecessary)

        let samples = [heartRate(120, at: 0), heartRate(150, at: 60), heartRate(135, at: 120)]
        try await store.save(samples)
        let newestFirst = try await query(store, type: type, predicate: HKQuery.predicateForSamples(withStart: start, end: start.addingTimeInterval(100)), limit: HKObjectQueryNoLimit, sort: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)])
        #expect(newestFirst.map(\.uuid) == [samples[1].uuid, samples[0].uuid], "half-open interval, newest first")

        let fast = try await query(store, type: type, predicate: HKQuery.predicateForQuantitySamples(with: .greaterThan, quantity: HKQuantity(unit: bpm, doubleValue: 130)), limit: 1, sort: nil)
        #expect(fast.map(\.uuid) == [samples[1].uuid], "the first of the fast ones, oldest first by default")

        let deleted = try await store.deleteObjects(of: type, predicate: HKQuery.predicateForObjects(with: [samples[0].uuid]))
        #expect(deleted == 1)
        try await store.delete(samples[2])
        let left = try await query(store, type: type, predicate: nil, limit: HKObjectQueryNoLimit, sort: nil)
        #expect(left.map(\.uuid) == [samples[1].uuid])
    }

    @Test func anUndecidedRequestWritesNothingAndReadsOnlyTheAppsOwnData() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("health.sqlite")
        // Another source's sample, written by the owner.
        let owner = try HealthStore(path: path)
        try await owner.save(TestObjects.heartRate(99))
        let store = HKHealthStore(environment: ["PACE_STORE": path, "PACE_AUTHORIZATION": "record"])
        let type = HKQuantityType(.heartRate)
        try await store.requestAuthorization(toShare: [type], read: [type])
        #expect(store.authorizationStatus(for: type) == .notDetermined, "recorded for the owner, not decided")
        await #expect(throws: HKError.self) { try await store.save(heartRate(120, at: 0)) }
        do {
            try await store.save(heartRate(120, at: 0))
        } catch HKError.errorAuthorizationDenied {
            // The code HealthKit gives a write without permission.
        }
        let visible = try await query(store, type: type, predicate: nil, limit: HKObjectQueryNoLimit, sort: nil)
        #expect(visible.isEmpty, "without read permission another source's data is invisible, and no error")

        let records = try await owner.authorizationRecords()
        #expect(records.count == 1 && records[0].isPending && records[0].client == HKSource.default().bundleIdentifier)
        try await owner.setAuthorization(client: records[0].client, type: .quantity(.heartRate), share: .sharingAuthorized,
                                         read: .authorized)
        try await store.save(heartRate(120, at: 0))
        let all = try await query(store, type: type, predicate: nil, limit: HKObjectQueryNoLimit, sort: nil)
        #expect(all.count == 2, "allowed to read, the app sees the other source's sample too")
    }

    @Test func completionHandlersRunOnABackgroundQueueNotTheCallersStack() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = HKHealthStore.granted(in: directory)
        let returned = Locked(false)
        let sawReturn: Bool = await withCheckedContinuation { continuation in
            store.requestAuthorization(toShare: [HKObjectType.workoutType()], read: nil) { success, error in
                continuation.resume(returning: returned.withLock { $0 } && success && error == nil)
            }
            returned.withLock { $0 = true }
        }
        #expect(sawReturn, "the handler ran after requestAuthorization returned, and succeeded")
        let refused: (any Error)? = await withCheckedContinuation { continuation in
            store.requestAuthorization(toShare: [], read: []) { _, error in continuation.resume(returning: error) }
        }
        #expect((refused as? HKError)?.code == .errorInvalidArgument)
    }

    @Test func predicatesPaceCannotRunAreRefusedByName() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = HKHealthStore.granted(in: directory)
        let block = NSPredicate { _, _ in true }
        await #expect(throws: HKError.self) {
            _ = try await query(store, type: HKQuantityType(.heartRate), predicate: block, limit: HKObjectQueryNoLimit, sort: nil)
        }
        let compound = NSCompoundPredicate(andPredicateWithSubpredicates: [
            HKQuery.predicateForSamples(withStart: start, end: nil), NSPredicate(value: true),
        ])
        let none = try await query(store, type: HKQuantityType(.heartRate), predicate: compound, limit: HKObjectQueryNoLimit, sort: nil)
        #expect(none.isEmpty)
    }

    /// Runs a sample query and waits for its handler.
    @Test func aValueThatIsNoFiniteNumberIsRefusedAsAnInvalidArgumentAndNothingIsSaved() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = HKHealthStore.granted(in: directory)
        let type = HKQuantityType(.heartRate)
        try await store.requestAuthorization(toShare: [type], read: [type])
        for value in [Double.nan, .infinity, -.infinity, .signalingNaN] {
            // One good sample beside the bad one: a save is all or none.
            let batch = [heartRate(120, at: 0), heartRate(value, at: 60)]
            do {
                try await store.save(batch)
                Issue.record("a heart rate of \(value) was saved")
            } catch let error as HKError {
                #expect(error.code == .errorInvalidArgument, "\(value): \(error.code)")
                #expect(error.message.contains("quantity") && error.message.contains("finite"), "\(value): \(error.message)")
            }
            let (saved, error): (Bool, (any Error)?) = await withCheckedContinuation { continuation in
                store.save(heartRate(value, at: 90)) { continuation.resume(returning: ($0, $1)) }
            }
            #expect(!saved && (error as? HKError)?.code == .errorInvalidArgument, "the completion form: \(value)")
        }
        #expect(try await query(store, type: type, predicate: nil, limit: HKObjectQueryNoLimit, sort: nil).isEmpty)
    }

    func query(_ store: HKHealthStore, type: HKSampleType, predicate: NSPredicate?, limit: Int,
               sort: [NSSortDescriptor]?) async throws -> [HKSample] {
        let result: Result<[HKSample], any Error> = await withCheckedContinuation { continuation in
            store.execute(HKSampleQuery(sampleType: type, predicate: predicate, limit: limit, sortDescriptors: sort) { _, samples, error in
                if let samples { continuation.resume(returning: .success(samples)) } else {
                    continuation.resume(returning: .failure(error ?? HKError(.errorNoData)))
                }
            })
        }
        return try result.get()
    }
}
