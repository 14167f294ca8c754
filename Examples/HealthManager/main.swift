// A small "health manager" as iOS apps write one: asks for access, saves a workout, and reads a
// week of daily step counts with a statistics collection query. Written against Apple's
// HealthKit; on Linux, Pace provides it (docs/HEALTHKIT.md).
//
//     swift run HealthManager
import Foundation
import HealthKit

final class HealthManager {
    let store = HKHealthStore()
    let stepType = HKQuantityType(.stepCount)

    func requestAccess() async throws {
        guard HKHealthStore.isHealthDataAvailable() else { throw HKError(.errorHealthDataUnavailable) }
        try await store.requestAuthorization(toShare: [HKObjectType.workoutType(), stepType],
                                             read: [HKObjectType.workoutType(), stepType])
    }

    func saveWalk(endingAt end: Date, steps: Double) async throws -> HKWorkout? {
        let start = end.addingTimeInterval(-30 * 60)
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .walking
        let builder = HKWorkoutBuilder(healthStore: store, configuration: configuration, device: nil)
        try await builder.beginCollection(at: start)
        let sample = HKQuantitySample(type: stepType, quantity: HKQuantity(unit: .count(), doubleValue: steps), start: start, end: end)
        try await builder.addSamples([sample])
        try await builder.endCollection(at: end)
        return try await builder.finishWorkout()
    }

    func weeklySteps(endingAt end: Date) async throws -> [(day: Date, steps: Double)] {
        let calendar = Calendar.current
        let startOfToday = calendar.startOfDay(for: end)
        let weekStart = calendar.date(byAdding: .day, value: -6, to: startOfToday)!
        let predicate = HKQuery.predicateForSamples(withStart: weekStart, end: end, options: .strictStartDate)
        return try await withCheckedThrowingContinuation { continuation in
            let query = HKStatisticsCollectionQuery(quantityType: stepType, quantitySamplePredicate: predicate,
                                                    options: .cumulativeSum, anchorDate: startOfToday,
                                                    intervalComponents: DateComponents(day: 1))
            query.initialResultsHandler = { _, collection, error in
                guard let collection else {
                    continuation.resume(throwing: error ?? HKError(.errorNoData))
                    return
                }
                var days: [(day: Date, steps: Double)] = []
                collection.enumerateStatistics(from: weekStart, to: end) { statistics, _ in
                    days.append((statistics.startDate, statistics.sumQuantity()?.doubleValue(for: .count()) ?? 0))
                }
                continuation.resume(returning: days)
            }
            store.execute(query)
        }
    }
}

let manager = HealthManager()
do {
    try await manager.requestAccess()
    let now = Date()
    let walk = try await manager.saveWalk(endingAt: now, steps: 3_200)
    print("saved walk \(walk?.uuid.uuidString ?? "-") duration \(Int(walk?.duration ?? 0)) s")
    for (day, steps) in try await manager.weeklySteps(endingAt: now) {
        print("\(day.formatted(.iso8601.year().month().day())) \(Int(steps)) steps")
    }
} catch {
    print("health manager failed: \(error.localizedDescription)")
    exit(1)
}
