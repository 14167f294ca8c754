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

        // Apple's one-sample form (deprecated there since iOS 13) gives each value's start.
        let (stream, continuation) = AsyncStream<(Double?, Date?, Bool)>.makeStream()
        store.execute(HKQuantitySeriesSampleQuery(sample: sample) { _, quantity, start, done, _ in
            continuation.yield((quantity?.doubleValue(for: HKUnit.count().unitDivided(by: .minute())), start, done))
            if done { continuation.finish() }
        })
        var quantities: [Double?] = [], starts: [Date?] = [], dones: [Bool] = []
        for await (quantity, start, done) in stream {
            quantities.append(quantity)
            starts.append(start)
            dones.append(done)
        }
        #expect(quantities == values.map { Optional($0.value) })
        #expect(starts == values.map { Optional($0.start) })
        #expect(dones == Array(repeating: false, count: 39) + [true])
    }

    /// One call of the type form's handler.
    struct Call: Equatable {
        let value: Double?
        let interval: DateInterval?
        let sample: UUID?
        let done: Bool
        let failed: Bool
    }

    static func calls(of query: (@escaping HKQuantitySeriesSampleQuery.QuantityHandler) -> HKQuantitySeriesSampleQuery,
                      configure: (HKQuantitySeriesSampleQuery) -> Void = { _ in }, in store: HKHealthStore) async -> [Call] {
        let (stream, continuation) = AsyncStream<Call>.makeStream()
        let made = query { _, quantity, interval, sample, done, error in
            continuation.yield(Call(value: quantity?.doubleValue(for: HKUnit.count().unitDivided(by: .minute())), interval: interval,
                                    sample: sample?.uuid, done: done, failed: error != nil))
            if done || error != nil { continuation.finish() }
        }
        configure(made)
        store.execute(made)
        var calls: [Call] = []
        for await call in stream { calls.append(call) }
        return calls
    }

    @Test func theTypeFormGivesTheValuesOfEveryMatchingSampleByStartOrSampleBySample() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = Source(name: "Watch", bundleIdentifier: "com.example.watch")
        func series(_ offsets: [Double], from value: Double) throws -> QuantitySeriesSample {
            try QuantitySeriesSample(type: .heartRate, values: offsets.enumerated().map { index, offset in
                TimedQuantity(start: start.addingTimeInterval(offset), end: start.addingTimeInterval(offset + 1), value: value + Double(index))
            }, source: source)
        }
        // Two overlapping series (values at 0, 10, 20 s and at 5, 15 s) and an ordinary sample at 12 s;
        // a fourth series a day later is outside the predicate.
        let first = try series([0, 10, 20], from: 100)
        let second = try series([5, 15], from: 200)
        let later = try series([86_400, 86_410], from: 300)
        let health = try HealthStore(path: directory.path("health.sqlite"))
        for each in [first, second, later] { try await health.save(each) }
        let single = QuantitySample(type: .heartRate, quantity: Quantity(value: 150, unit: .countPerMinute),
                                    start: start.addingTimeInterval(12), end: start.addingTimeInterval(12), source: source)
        try await health.save([.quantitySample(single)])

        let store = HKHealthStore.granted(in: directory)
        try await store.requestAuthorization(toShare: [], read: [HKQuantityType(.heartRate)])
        let today = HKQuery.predicateForSamples(withStart: start, end: start.addingTimeInterval(3_600))
        let byStart = await Self.calls(of: { HKQuantitySeriesSampleQuery(quantityType: HKQuantityType(.heartRate), predicate: today, quantityHandler: $0) },
                                       in: store)
        #expect(byStart.map(\.value) == [100, 200, 101, 150, 201, 102], "all values by their start")
        #expect(byStart.map(\.done) == [false, false, false, false, false, true])
        #expect(byStart.allSatisfy { $0.sample == nil && !$0.failed }, "no sample unless includeSample")
        #expect(byStart[3].interval == DateInterval(start: start.addingTimeInterval(12), duration: 0))
        #expect(byStart[1].interval == DateInterval(start: start.addingTimeInterval(5), duration: 1))

        let bySample = await Self.calls(of: { HKQuantitySeriesSampleQuery(quantityType: HKQuantityType(.heartRate), predicate: today, quantityHandler: $0) },
                                        configure: { $0.orderByQuantitySampleStartDate = true; $0.includeSample = true }, in: store)
        #expect(bySample.map(\.value) == [100, 101, 102, 200, 201, 150], "sample by sample, the samples by start")
        #expect(bySample.map(\.sample) == [first.sample.id, first.sample.id, first.sample.id, second.sample.id, second.sample.id, single.id])

        let everything = await Self.calls(of: { HKQuantitySeriesSampleQuery(quantityType: HKQuantityType(.heartRate), predicate: nil, quantityHandler: $0) },
                                          in: store)
        #expect(everything.count == 8 && everything.last?.value == 301)
    }

    @Test func nothingMatchingIsOneDoneCallWithoutAValue() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = HKHealthStore.granted(in: directory)
        try await store.requestAuthorization(toShare: [], read: [HKQuantityType(.heartRate)])
        let calls = await Self.calls(of: { HKQuantitySeriesSampleQuery(quantityType: HKQuantityType(.heartRate), predicate: nil, quantityHandler: $0) },
                                     in: store)
        #expect(calls == [Call(value: nil, interval: nil, sample: nil, done: true, failed: false)])
    }
}
