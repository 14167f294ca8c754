import Foundation
@testable import HealthKit
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// A series sample (DECISIONS 172) seen through Apple's API: one `HKQuantitySample` whose `count` is
/// its number of values, and `HKQuantitySeriesSampleQuery` giving each value with its interval.
@Suite(.timeLimit(.minutes(3 * TestTime.scale))) struct HKQuantitySeriesSampleQueryTests {
    let start = Date(timeIntervalSince1970: 1_795_158_000)

    @Test func aSeriesSampleCountsItsValuesAndTheQueryGivesEachInOrder() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let values: [TimedQuantity] = (0..<40).map { (index: Int) -> TimedQuantity in
            let from = start.addingTimeInterval(Double(5 * index))
            return TimedQuantity(start: from, end: from.addingTimeInterval(5), value: 120 + Double(index))
        }
        let series = try QuantitySeriesSample(type: .heartRate, values: values, source: Source(name: "Watch", bundleIdentifier: "com.example.watch"))
        try await HealthStore(path: directory.path("health.sqlite")).save(series)

        let store = HKHealthStore.granted(in: directory)
        let types: Set<HKSampleType> = [HKQuantityType(.heartRate)]
        try await store.requestAuthorization(toShare: [], read: types)
        let found: [HKSample] = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: HKQuantityType(.heartRate))],
                                                                  sortDescriptors: []).result(for: store)
        let sample = try #require(found.first as? HKQuantitySample)
        #expect(found.count == 1 && sample.count == 40)
        #expect(sample.quantity.doubleValue(for: HKUnit.count().unitDivided(by: .minute())) == 139.5, "the mean of 120…159")

        let (stream, continuation) = AsyncStream<(Double?, DateInterval?, Bool)>.makeStream()
        store.execute(HKQuantitySeriesSampleQuery(sample: sample) { _, quantity, interval, done, _ in
            continuation.yield((quantity?.doubleValue(for: HKUnit.count().unitDivided(by: .minute())), interval, done))
            if done { continuation.finish() }
        })
        var quantities: [Double?] = [], intervals: [DateInterval?] = [], dones: [Bool] = []
        for await (quantity, interval, done) in stream {
            quantities.append(quantity)
            intervals.append(interval)
            dones.append(done)
        }
        #expect(quantities == values.map { Optional($0.value) })
        #expect(intervals == values.map { Optional(DateInterval(start: $0.start, end: $0.end)) })
        #expect(dones == Array(repeating: false, count: 39) + [true])
    }
}
