import Foundation
@testable import HealthKit
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// Apple's `HKQuantitySeriesSampleBuilder` on Pace: values in, one series sample out, counted by
/// statistics value by value and read back by `HKQuantitySeriesSampleQuery`.
@Suite(.timeLimit(.minutes(3 * TestTime.scale))) struct HKQuantitySeriesSampleBuilderTests {
    let start = Date(timeIntervalSince1970: 1_795_158_000)
    static let bpm = HKUnit.count().unitDivided(by: .minute())

    static func values(of sample: HKQuantitySample, in store: HKHealthStore) async -> [(Double, DateInterval)] {
        let (stream, continuation) = AsyncStream<(Double, DateInterval)?>.makeStream()
        let query = HKQuantitySeriesSampleQuery(quantityType: sample.quantityType,
                                                predicate: HKQuery.predicateForObject(with: sample.uuid)) { _, quantity, interval, _, done, _ in
            if let quantity, let interval { continuation.yield((quantity.doubleValue(for: bpm), interval)) }
            if done { continuation.finish() }
        }
        store.execute(query)
        var values: [(Double, DateInterval)] = []
        for await value in stream { if let value { values.append(value) } }
        return values
    }

    /// A store in `directory` whose app may share and read `type`.
    static func store(sharing type: HKQuantityType, in directory: TemporaryDirectory) async throws -> HKHealthStore {
        let store = HKHealthStore.granted(in: directory)
        try await store.requestAuthorization(toShare: [type], read: [type])
        return store
    }

    @Test func valuesBecomeOneSeriesSampleInStartOrderAndASameStartReplaces() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let heartRate = HKQuantityType(.heartRate)
        let store = try await Self.store(sharing: heartRate, in: directory)
        let builder = HKQuantitySeriesSampleBuilder(healthStore: store, quantityType: heartRate, startDate: start, device: nil)
        // 30 values, 5 s apart, inserted newest first; the value at 10 s is given twice.
        for index in (0..<30).reversed() {
            try builder.insert(HKQuantity(unit: Self.bpm, doubleValue: 100 + Double(index)),
                               for: DateInterval(start: start.addingTimeInterval(Double(5 * index)), duration: 5))
        }
        try builder.insert(HKQuantity(unit: HKUnit.count().unitDivided(by: .second()), doubleValue: 3), at: start.addingTimeInterval(10))

        let samples = try await builder.finishSeries(metadata: [HKMetadataKeyWasUserEntered: false])
        let sample = try #require(samples.first)
        #expect(samples.count == 1 && sample.count == 30)
        #expect(sample.startDate == start && sample.endDate == start.addingTimeInterval(150))
        let expected = (0..<30).map { $0 == 2 ? 180 : 100 + Double($0) }
        #expect(abs(sample.quantity.doubleValue(for: Self.bpm) - expected.reduce(0, +) / 30) < 1e-9, "the mean of the values")

        let read = await Self.values(of: sample, in: store)
        #expect(read.map(\.0) == expected)
        #expect(read[2].1 == DateInterval(start: start.addingTimeInterval(10), duration: 0), "the replacing value's own interval")
        let statistics = try await HKStatisticsQueryDescriptor(predicate: .quantitySample(type: heartRate), options: .discreteMax)
            .result(for: store)
        #expect(statistics?.maximumQuantity()?.doubleValue(for: Self.bpm) == 180, "statistics count each value")
        #expect(throws: HKError.self) { try builder.insert(HKQuantity(unit: Self.bpm, doubleValue: 90), at: start) }
    }

    @Test func oneValueIsAnOrdinarySample() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let steps = HKQuantityType(.stepCount)
        let store = try await Self.store(sharing: steps, in: directory)
        let builder = HKQuantitySeriesSampleBuilder(healthStore: store, quantityType: steps, startDate: start, device: nil)
        try builder.insert(HKQuantity(unit: .count(), doubleValue: 42), for: DateInterval(start: start, duration: 60))
        let sample = try #require(try await builder.finishSeries(metadata: nil, endDate: start.addingTimeInterval(60)).first)
        #expect(sample.count == 1 && sample.quantity.doubleValue(for: .count()) == 42)
        #expect(sample.endDate == start.addingTimeInterval(60))
    }

    @Test func badValuesAndEndsAreRefusedWithInvalidArgument() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let heartRate = HKQuantityType(.heartRate)
        let store = try await Self.store(sharing: heartRate, in: directory)
        let builder = HKQuantitySeriesSampleBuilder(healthStore: store, quantityType: heartRate, startDate: start, device: nil)
        func code(_ body: () throws -> Void) -> HKError.Code? {
            do { try body() } catch let error as HKError { return error.code } catch { return nil }
            return nil
        }
        #expect(code { try builder.insert(HKQuantity(unit: .meter(), doubleValue: 1), at: start) } == .errorInvalidArgument, "a length is no heart rate")
        #expect(code { try builder.insert(HKQuantity(unit: Self.bpm, doubleValue: 120), at: start.addingTimeInterval(-1)) } == .errorInvalidArgument,
                "before the series' start")
        #expect(code { try builder.insert(HKQuantity(unit: Self.bpm, doubleValue: .nan), at: start) } == .errorInvalidArgument)
        await #expect(throws: HKError.self, "no values") { try await builder.finishSeries(metadata: nil) }

        try builder.insert(HKQuantity(unit: Self.bpm, doubleValue: 120), at: start)
        try builder.insert(HKQuantity(unit: Self.bpm, doubleValue: 121), at: start.addingTimeInterval(1))
        await #expect(throws: HKError.self, "an end after the last value's") {
            try await builder.finishSeries(metadata: nil, endDate: start.addingTimeInterval(30))
        }
        let samples = try await builder.finishSeries(metadata: nil, endDate: start.addingTimeInterval(1))
        #expect(samples.first?.count == 2, "the refusals lost nothing")
        await #expect(throws: HKError.self, "finished once") { try await builder.finishSeries(metadata: nil) }
    }

    @Test func aRefusedSaveKeepsTheValuesForAnotherTry() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = HKHealthStore.granted(in: directory)
        let heartRate = HKQuantityType(.heartRate)
        let builder = HKQuantitySeriesSampleBuilder(healthStore: store, quantityType: heartRate, startDate: start, device: nil)
        for index in 0..<3 { try builder.insert(HKQuantity(unit: Self.bpm, doubleValue: 130), at: start.addingTimeInterval(Double(index))) }
        do {
            _ = try await builder.finishSeries(metadata: nil)
            Issue.record("saved without permission")
        } catch let error as HKError {
            #expect(error.code == .errorAuthorizationDenied)
        }
        try await store.requestAuthorization(toShare: [heartRate], read: [heartRate])
        let samples = try await builder.finishSeries(metadata: nil)
        #expect(samples.first?.count == 3)
        let app = try store.appStore()
        #expect(try await app.samples(matching: .quantity(.heartRate)).count == 1, "one object, saved once")
    }
}
