import Foundation
@testable import HealthKit
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// Characteristics, activity summaries and sources through Apple's API: shown only with read permission.
@Suite(.timeLimit(.minutes(3 * TestTime.scale))) struct HKCharacteristicsAndSummariesTests {
    @Test func characteristicsNeedReadPermissionAndReadAsNotSetWithout() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("health.sqlite")
        let owner = try HealthStore(path: path)
        try await owner.setCharacteristic(.dateOfBirth(DateComponents(year: 1990, month: 2, day: 2)))
        try await owner.setCharacteristic(.biologicalSex(.female))
        let store = HKHealthStore(environment: ["PACE_STORE": path, "PACE_AUTHORIZATION": "record"])
        #expect(try store.biologicalSex().biologicalSex == .notSet, "without permission, nothing is told")
        #expect(throws: HKError.self) { try store.dateOfBirthComponents() }
        let types: Set<HKObjectType> = [HKObjectType.characteristicType(forIdentifier: .dateOfBirth)!,
                                        HKCharacteristicType(.biologicalSex)]
        try await store.requestAuthorization(toShare: [], read: types)
        for record in try await owner.authorizationRecords() {
            try await owner.setAuthorization(client: record.client, type: record.type, read: .authorized)
        }
        #expect(try store.biologicalSex().biologicalSex == .female)
        let birth = try store.dateOfBirthComponents()
        #expect(birth.year == 1990 && birth.month == 2 && birth.day == 2)
        #expect(try store.bloodType().bloodType == .notSet)
    }

    @Test func activitySummariesAndSources() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("health.sqlite")
        let owner = try HealthStore(path: path)
        var day = ActivitySummary(day: DateComponents(year: 2026, month: 3, day: 2))
        day.activeEnergyBurned = Quantity(value: 420, unit: .kilocalorie)
        day.activeEnergyBurnedGoal = Quantity(value: 500, unit: .kilocalorie)
        try await owner.saveActivitySummaries([day])
        try await owner.save(TestObjects.heartRate(80))
        let store = HKHealthStore(environment: ["PACE_STORE": path, "PACE_AUTHORIZATION": "grant"])
        try await store.requestAuthorization(toShare: [], read: [HKObjectType.activitySummaryType(), HKQuantityType(.heartRate)])

        let summaries: [HKActivitySummary]? = await withCheckedContinuation { done in
            let predicate = HKQuery.predicate(forActivitySummariesBetweenStart: DateComponents(year: 2026, month: 3, day: 1),
                                              end: DateComponents(year: 2026, month: 3, day: 31))
            store.execute(HKActivitySummaryQuery(predicate: predicate) { _, summaries, _ in done.resume(returning: summaries) })
        }
        #expect(summaries?.count == 1)
        #expect(summaries?.first?.activeEnergyBurned.doubleValue(for: .kilocalorie()) == 420)
        #expect(summaries?.first?.appleExerciseTime.doubleValue(for: .minute()) == 0, "missing rings read as zero")
        #expect(summaries?.first?.dateComponents(for: Calendar(identifier: .gregorian)).day == 2)

        let sources: Set<HKSource>? = await withCheckedContinuation { done in
            store.execute(HKSourceQuery(sampleType: HKQuantityType(.heartRate), samplePredicate: nil) { _, sources, _ in
                done.resume(returning: sources)
            })
        }
        #expect(sources?.map(\.bundleIdentifier) == [TestObjects.watch.bundleIdentifier])
        let units = try await store.preferredUnits(for: [HKQuantityType(.heartRate)])
        #expect(units[HKQuantityType(.heartRate)] == HKUnit.count().unitDivided(by: .minute()))
    }
}
