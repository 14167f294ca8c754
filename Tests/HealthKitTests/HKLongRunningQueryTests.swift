import Foundation
@testable import HealthKit
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// Anchored, observer, statistics and statistics collection queries through Apple's API, compared
/// with Pace's own answers.
@Suite(.timeLimit(.minutes(3 * TestTime.scale))) struct HKLongRunningQueryTests {
    let start = Date(timeIntervalSince1970: 1_795_158_000)
    let bpm = HKUnit.count().unitDivided(by: .minute())

    func heartRate(_ value: Double, at offset: TimeInterval) -> HKQuantitySample {
        .heartRate(value, at: offset, after: start)
    }

    @Test func anAnchoredQueryGivesWhatIsStoredThenEachChangeToItsUpdateHandler() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = HKHealthStore.granted(in: directory)
        let type = HKQuantityType(.heartRate)
        try await store.requestAuthorization(toShare: [type], read: [type])
        let stored = heartRate(120, at: 0)
        try await store.save(stored)
        let (events, continuation) = AsyncStream<([UUID], [UUID], HKQueryAnchor?)>.makeStream()
        let query = HKAnchoredObjectQuery(type: type, predicate: nil, anchor: nil, limit: HKObjectQueryNoLimit) { _, added, deleted, anchor, _ in
            continuation.yield(((added ?? []).map(\.uuid), (deleted ?? []).map(\.uuid), anchor))
        }
        query.updateHandler = { _, added, deleted, anchor, _ in
            continuation.yield(((added ?? []).map(\.uuid), (deleted ?? []).map(\.uuid), anchor))
        }
        store.execute(query)
        var iterator = events.makeAsyncIterator()
        let first = await iterator.next()
        #expect(first?.0 == [stored.uuid] && first?.1 == [])
        let added = heartRate(130, at: 60)
        try await store.save(added)
        let second = await iterator.next()
        #expect(second?.0 == [added.uuid] && second?.1 == [])
        try await store.delete(stored)
        let third = await iterator.next()
        #expect(third?.0 == [] && third?.1 == [stored.uuid])
        store.stop(query)

        // A new query from the last anchor sees nothing more.
        let resumed: [HKSample] = await withCheckedContinuation { done in
            store.execute(HKAnchoredObjectQuery(type: type, predicate: nil, anchor: third?.2, limit: HKObjectQueryNoLimit) { _, added, _, _, _ in
                done.resume(returning: added ?? [])
            })
        }
        #expect(resumed.isEmpty)
    }

    @Test func anObserverIsCalledAtOnceThenAfterEachSave() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = HKHealthStore.granted(in: directory)
        let type = HKQuantityType(.heartRate)
        try await store.requestAuthorization(toShare: [type], read: [type])
        let (calls, continuation) = AsyncStream<Bool>.makeStream()
        let query = HKObserverQuery(sampleType: type, predicate: nil) { _, completion, error in
            continuation.yield(error == nil)
            completion()
        }
        store.execute(query)
        var iterator = calls.makeAsyncIterator()
        #expect(await iterator.next() == true, "called once when it starts")
        try await store.save(heartRate(120, at: 0))
        #expect(await iterator.next() == true, "then after the save")
        store.stop(query)
    }

    @Test func statisticsEqualPacesOwn() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = HKHealthStore.granted(in: directory)
        let type = HKQuantityType(.heartRate)
        try await store.requestAuthorization(toShare: [type], read: [type])
        try await store.save([heartRate(120, at: 0), heartRate(150, at: 3600), heartRate(135, at: 90_000)])
        let owner = try HealthStore(path: directory.path("health.sqlite"))
        let pace = try await owner.statistics(for: .heartRate, options: [.average, .minimum, .maximum])

        let statistics: HKStatistics? = await withCheckedContinuation { done in
            store.execute(HKStatisticsQuery(quantityType: type, quantitySamplePredicate: nil,
                                            options: [.discreteAverage, .discreteMin, .discreteMax]) { _, statistics, _ in
                done.resume(returning: statistics)
            })
        }
        #expect(statistics?.averageQuantity()?.doubleValue(for: bpm) == pace.average?.value)
        #expect(statistics?.minimumQuantity()?.doubleValue(for: bpm) == 120)
        #expect(statistics?.maximumQuantity()?.doubleValue(for: bpm) == 150)
        #expect(statistics?.startDate == start && statistics?.endDate == start.addingTimeInterval(90_000))

        var calendar = Calendar.current
        calendar.timeZone = .current
        let midnight = calendar.startOfDay(for: start)
        let collection: HKStatisticsCollection? = await withCheckedContinuation { done in
            let query = HKStatisticsCollectionQuery(quantityType: type, quantitySamplePredicate: nil, options: .discreteAverage,
                                                    anchorDate: midnight, intervalComponents: DateComponents(day: 1))
            query.initialResultsHandler = { _, collection, _ in done.resume(returning: collection) }
            store.execute(query)
        }
        let daily = try await owner.statisticsCollection(for: .heartRate, options: .average, anchor: midnight,
                                                          interval: DateComponents(day: 1), from: start,
                                                          to: start.addingTimeInterval(90_001), calendar: calendar)
        let paceAverages = daily.statistics.filter { $0.sampleCount > 0 }.map { $0.average?.value }
        #expect(collection?.statistics().map { $0.averageQuantity()?.doubleValue(for: bpm) } == paceAverages)
        var enumerated: [Date] = []
        collection?.enumerateStatistics(from: start, to: start.addingTimeInterval(3 * 86_400)) { statistics, _ in
            enumerated.append(statistics.startDate)
        }
        #expect(enumerated.count == 4, "every day from the first to the last, empty ones included: \(enumerated)")
    }
}
