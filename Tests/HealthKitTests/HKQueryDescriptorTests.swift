import Foundation
@testable import HealthKit
import PaceTestSupport
import Testing

/// The Swift concurrency descriptors give what the query classes give.
@Suite(.timeLimit(.minutes(1))) struct HKQueryDescriptorTests {
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

    @Test func aSampleQueryOfSeveralDescriptorsMergesTheirSamplesInOrder() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = HKHealthStore.granted(in: directory)
        let heartRate = HKQuantityType(.heartRate), steps = HKQuantityType(.stepCount)
        try await store.requestAuthorization(toShare: [heartRate, steps], read: [heartRate, steps])
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
}
