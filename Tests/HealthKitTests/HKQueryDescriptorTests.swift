import Foundation
@testable import HealthKit
import PaceTestSupport
import Testing

/// The Swift concurrency descriptors give what the query classes give.
@Suite(.timeLimit(.minutes(3 * TestTime.scale))) struct HKQueryDescriptorTests {
    let start = Date(timeIntervalSince1970: 1_795_158_000)
    let bpm = HKUnit.count().unitDivided(by: .minute())

    @Test func sampleAnchoredAndStatisticsDescriptors() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = HKHealthStore.granted(in: directory)
        let type = HKQuantityType(.heartRate)
        try await store.requestAuthorization(toShare: [type], read: [type])
        let samples = [100.0, 140, 120].enumerated().map { index, value in
            HKQuantitySample(type: type, quantity: HKQuantity(unit: bpm, doubleValue: value),
                             start: start.addingTimeInterval(Double(index) * 60), end: start.addingTimeInterval(Double(index) * 60))
        }
        try await store.save(samples)

        let newest = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: type)],
                                                       sortDescriptors: [SortDescriptor(\.endDate, order: .reverse)], limit: 2)
            .result(for: store)
        #expect(newest.map(\.uuid) == [samples[2].uuid, samples[1].uuid])

        let first = try await HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: type)], anchor: nil).result(for: store)
        #expect(first.addedSamples.count == 3 && first.deletedObjects.isEmpty)
        try await store.delete(samples[0])
        let next = try await HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: type)], anchor: first.newAnchor)
            .result(for: store)
        #expect(next.addedSamples.isEmpty && next.deletedObjects.map(\.uuid) == [samples[0].uuid])

        let statistics = try await HKStatisticsQueryDescriptor(predicate: .quantitySample(type: type), options: .discreteMax)
            .result(for: store)
        #expect(statistics?.maximumQuantity()?.doubleValue(for: bpm) == 140)

        let collection = try await HKStatisticsCollectionQueryDescriptor(
            predicate: .quantitySample(type: type), options: .discreteAverage, anchorDate: start,
            intervalComponents: DateComponents(hour: 1)).result(for: store)
        #expect(collection.statistics().map { $0.averageQuantity()?.doubleValue(for: bpm) } == [130])
    }

    /// A store in `directory` where the test app may read and write heart rate and steps.
    func heartRateAndSteps(_ directory: TemporaryDirectory) async throws -> (HKHealthStore, HKQuantityType, HKQuantityType) {
        let store = HKHealthStore.granted(in: directory)
        let heartRate = HKQuantityType(.heartRate), steps = HKQuantityType(.stepCount)
        try await store.requestAuthorization(toShare: [heartRate, steps], read: [heartRate, steps])
        return (store, heartRate, steps)
    }

    @Test func aSampleQueryOfSeveralDescriptorsMergesTheirSamplesInOrder() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (store, heartRate, steps) = try await heartRateAndSteps(directory)
        let beat = HKQuantitySample(type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 120), start: start, end: start)
        let walk = HKQuantitySample(type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 50),
                                    start: start.addingTimeInterval(30), end: start.addingTimeInterval(90))
        let later = HKQuantitySample(type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 125),
                                     start: start.addingTimeInterval(120), end: start.addingTimeInterval(120))
        try await store.save([beat, walk, later])
        let descriptors = [HKQueryDescriptor(sampleType: heartRate, predicate: nil), HKQueryDescriptor(sampleType: steps, predicate: nil)]
        let newestTwo: [HKSample] = try await withCheckedThrowingContinuation { done in
            store.execute(HKSampleQuery(queryDescriptors: descriptors, limit: 2,
                                        sortDescriptors: [NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)]) { _, samples, error in
                if let samples { done.resume(returning: samples) } else { done.resume(throwing: error!) }
            })
        }
        #expect(newestTwo.map(\.uuid) == [later.uuid, walk.uuid], "both types, newest first, two of them")
    }

    @Test func anAnchoredQueryOfSeveralDescriptorsPagesTheirChangesInOrder() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (store, heartRate, steps) = try await heartRateAndSteps(directory)
        var saved: [HKQuantitySample] = []
        for index in 0..<5 {
            let time = start.addingTimeInterval(Double(index) * 60)
            let sample = index.isMultiple(of: 2)
                ? HKQuantitySample(type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 120 + Double(index)), start: time, end: time)
                : HKQuantitySample(type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 40), start: time, end: time.addingTimeInterval(60))
            try await store.save(sample)
            saved.append(sample)
        }
        try await store.delete(saved[1])
        let descriptors = [HKQueryDescriptor(sampleType: heartRate, predicate: nil), HKQueryDescriptor(sampleType: steps, predicate: nil)]

        // The query class: two changes per result, from the last anchor each time.
        var anchor: HKQueryAnchor?
        var added: [UUID] = [], deleted: [UUID] = []
        for _ in 0..<4 {
            let (samples, deletions, next): ([HKSample], [HKDeletedObject], HKQueryAnchor?) = try await withCheckedThrowingContinuation { done in
                store.execute(HKAnchoredObjectQuery(queryDescriptors: descriptors, anchor: anchor, limit: 2) { _, samples, deletions, next, error in
                    if let error { done.resume(throwing: error) } else { done.resume(returning: (samples ?? [], deletions ?? [], next)) }
                })
            }
            #expect(samples.count + deletions.count <= 2)
            added += samples.map(\.uuid)
            deleted += deletions.map(\.uuid)
            anchor = next
        }
        #expect(added == [saved[0], saved[2], saved[3], saved[4]].map(\.uuid), "both types, in the order they were saved")
        #expect(deleted == [saved[1].uuid])

        // The descriptor, with a limit over both predicates.
        let descriptor = HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: heartRate), .quantitySample(type: steps)],
                                                         anchor: nil, limit: 3)
        let first = try await descriptor.result(for: store)
        #expect(first.addedSamples.map(\.uuid) == [saved[0], saved[2], saved[3]].map(\.uuid))
        let rest = try await HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: heartRate), .quantitySample(type: steps)],
                                                             anchor: first.newAnchor, limit: 3).result(for: store)
        #expect(rest.addedSamples.map(\.uuid) == [saved[4].uuid] && rest.deletedObjects.map(\.uuid) == [saved[1].uuid])
    }

    @Test func aLongRunningAnchoredDescriptorOfTwoTypesReportsEachLaterChange() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (store, heartRate, steps) = try await heartRateAndSteps(directory)
        let beat = HKQuantitySample(type: heartRate, quantity: HKQuantity(unit: bpm, doubleValue: 120), start: start, end: start)
        try await store.save(beat)
        let descriptor = HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: heartRate), .quantitySample(type: steps)], anchor: nil)
        var updates = descriptor.results(for: store).makeAsyncIterator()
        let initial = try await updates.next()
        #expect(initial?.addedSamples.map(\.uuid) == [beat.uuid])
        let walk = HKQuantitySample(type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 50), start: start, end: start.addingTimeInterval(60))
        try await store.save(walk)
        let update = try await updates.next()
        #expect(update?.addedSamples.map(\.uuid) == [walk.uuid], "a change of the second type arrives as an update")
    }
}
