import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

@Suite struct StatisticsQueryTests {
    typealias F = QueryFixtures

    @Test func discreteTypesGiveAverageMinimumMaximumAndMostRecent() async throws {
        let store = try await F.store([F.heartRate(60, at: 0), F.heartRate(180, at: 20), F.heartRate(90, at: 10)])

        let statistics = try await store.statistics(for: .heartRate, options: [.average, .minimum, .maximum, .mostRecent])

        #expect(statistics.sampleCount == 3)
        #expect(statistics.average == Quantity(value: 110, unit: .countPerMinute))
        #expect(statistics.minimum?.value == 60)
        #expect(statistics.maximum?.value == 180)
        #expect(statistics.mostRecent?.value == 180)
        #expect(statistics.mostRecentInterval == DateInterval(start: F.at(20), end: F.at(20)))
        #expect(statistics.sum == nil)
    }

    @Test func defaultOptionsFollowTheAggregationStyle() async throws {
        let store = try await F.store([F.heartRate(60, at: 0), F.steps(100, from: F.at(0), to: F.at(60))])

        #expect(try await store.statistics(for: .heartRate).average?.value == 60)
        #expect(try await store.statistics(for: .stepCount).sum == Quantity(value: 100, unit: .count))
        #expect(try await store.statistics(for: .stepCount, predicate: .date(from: F.at(100), to: F.at(200))).sum == nil)
    }

    @Test func optionsThatDoNotFitTheTypeAreErrors() async throws {
        let store = try HealthStore.inMemory()
        for (type, options) in [(QuantityTypeIdentifier.heartRate, StatisticsOptions.sum),
                                (.stepCount, .average), (.stepCount, .mostRecent)] {
            do {
                _ = try await store.statistics(for: type, options: options)
                Issue.record("expected an error for \(type)")
            } catch {
                #expect(error.code == .optionDoesNotFitType)
            }
        }
        do {
            _ = try await store.statistics(for: .heartRate, options: .sum)
        } catch {
            #expect(error.message == "HKQuantityTypeIdentifierHeartRate is discrete (discreteTemporallyWeighted): its samples do not add up, so a sum does not apply. Ask for the average, minimum, maximum or most recent value.")
        }
        await #expect(throws: StoreError.self) { try await store.statistics(for: .heartRate, options: .separateBySource) }
    }

    @Test func separateBySourceGivesPerSourceResults() async throws {
        let store = try await F.store([F.heartRate(60, at: 0), F.heartRate(80, at: 10), F.heartRate(150, at: 20, source: F.phone)])

        let statistics = try await store.statistics(for: .heartRate, options: [.average, .mostRecent, .separateBySource])

        #expect(statistics.average?.value == (60.0 + 80 + 150) / 3)
        #expect(statistics.bySource["com.example.watch"]?.average?.value == 70)
        #expect(statistics.bySource["com.example.watch"]?.mostRecent?.value == 80)
        #expect(statistics.bySource["com.example.phone"]?.sampleCount == 1)
    }

    @Test func overlappingSourcesAreNotDoubleCounted() async throws {
        // Given a watch counting 600 steps over 10 minutes and a phone counting the same walk
        // (500 steps over minutes 5–15), plus 100 phone steps alone later
        let store = try await F.store([
            F.steps(600, from: F.at(0), to: F.at(600)),
            F.steps(500, from: F.at(300), to: F.at(900), source: F.phone),
            F.steps(100, from: F.at(2000), to: F.at(2100), source: F.phone),
        ])

        // When the watch comes first (first appearance): the phone keeps only minutes 10–15
        let merged = try await store.statistics(for: .stepCount, options: [.sum, .separateBySource])
        // When the phone is preferred: the watch keeps only minutes 0–5
        let phoneFirst = try await store.statistics(for: .stepCount, sourcePriority: ["com.example.phone"])

        // Then
        #expect(abs((merged.sum?.value ?? 0) - (600 + 500.0 * 300 / 600 + 100)) < 1e-9)
        #expect(merged.bySource["com.example.watch"]?.sum?.value == 600)
        #expect(merged.bySource["com.example.phone"]?.sum?.value == 600)
        #expect(abs((phoneFirst.sum?.value ?? 0) - (600.0 * 300 / 600 + 500 + 100)) < 1e-9)
    }
}
