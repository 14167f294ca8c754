import Foundation
import PaceModel
@testable import PaceStore
import Testing

/// Daily activity summaries in the store: saved by day, replaced only when they differ, read by a
/// range of days, refused when invalid, and read by clients only with permission.
@Suite struct ActivitySummaryStoreTests {
    static func day(_ year: Int, _ month: Int, _ day: Int) -> DateComponents { DateComponents(year: year, month: month, day: day) }

    static func summary(_ day: DateComponents, move: Double, exercise: Double = 30, stand: Double = 12) -> ActivitySummary {
        ActivitySummary(day: day, activeEnergyBurned: Quantity(value: move, unit: .kilocalorie),
                        activeEnergyBurnedGoal: Quantity(value: 600, unit: .kilocalorie),
                        appleExerciseTime: Quantity(value: exercise, unit: .minute),
                        appleExerciseTimeGoal: Quantity(value: 30, unit: .minute),
                        appleStandHours: Quantity(value: stand, unit: .count),
                        appleStandHoursGoal: Quantity(value: 12, unit: .count))
    }

    @Test func savedDaysReadBackInDayOrderAndSavingAgainChangesOnlyWhatDiffers() async throws {
        let store = try HealthStore.inMemory()
        let days = [Self.summary(Self.day(2026, 3, 2), move: 410), Self.summary(Self.day(2026, 2, 28), move: 700),
                    Self.summary(Self.day(2026, 3, 1), move: 55)]

        #expect(try await store.saveActivitySummaries(days) == 3)
        #expect(try await store.saveActivitySummaries(days) == 0, "the same values again change nothing")
        var changed = days[1]
        changed.appleStandHours = Quantity(value: 13, unit: .count)
        #expect(try await store.saveActivitySummaries([changed]) == 1)

        let read = try await store.activitySummaries()
        #expect(read.map(\.dayText) == ["2026-02-28", "2026-03-01", "2026-03-02"])
        #expect(read[0] == changed)
        #expect(read[2] == days[0])
    }

    @Test func energyAndTimeInOtherUnitsAreStoredInKilocaloriesAndMinutes() async throws {
        let store = try HealthStore.inMemory()
        let summary = ActivitySummary(day: Self.day(2024, 2, 29), activeEnergyBurned: Quantity(value: 4184, unit: .kilojoule),
                                      appleMoveTimeGoal: Quantity(value: 3600, unit: .second),
                                      appleExerciseTime: Quantity(value: 1.5, unit: .hour))

        try await store.saveActivitySummaries([summary])

        let read = try #require(try await store.activitySummaries().first)
        #expect(read.activeEnergyBurned == Quantity(value: 1000, unit: .kilocalorie))
        #expect(read.appleExerciseTime == Quantity(value: 90, unit: .minute))
        #expect(read.appleMoveTimeGoal == Quantity(value: 60, unit: .minute))
        #expect(read.appleMoveTime == nil)
        #expect(read.appleStandHours == nil, "absent values stay absent")
        #expect(read.dayText == "2024-02-29")
    }

    @Test func aRangeOfDaysIncludesBothEnds() async throws {
        let store = try HealthStore.inMemory()
        try await store.saveActivitySummaries((1...10).map { Self.summary(Self.day(2026, 4, $0), move: Double($0)) })

        let middle = try await store.activitySummaries(from: Self.day(2026, 4, 3), through: Self.day(2026, 4, 5))
        let tail = try await store.activitySummaries(from: Self.day(2026, 4, 9))
        let head = try await store.activitySummaries(through: Self.day(2026, 4, 1))

        #expect(middle.map(\.dayText) == ["2026-04-03", "2026-04-04", "2026-04-05"])
        #expect(tail.count == 2)
        #expect(head.map(\.dayText) == ["2026-04-01"])
        let error = await #expect(throws: StoreError.self) { try await store.activitySummaries(from: Self.day(2026, 2, 30)) }
        #expect(error?.code == .invalidQuery)
    }

    @Test func anInvalidSummaryWritesNothingAndSaysWhichDayAndField() async throws {
        let store = try HealthStore.inMemory()
        var wrongUnit = Self.summary(Self.day(2026, 5, 2), move: 300)
        wrongUnit.appleExerciseTime = Quantity(value: 3, unit: .meter)
        let negative = Self.summary(Self.day(2026, 5, 3), move: -1)
        let noDay = ActivitySummary(day: DateComponents(year: 2026, month: 13, day: 1))

        let unitError = await #expect(throws: StoreError.self) {
            try await store.saveActivitySummaries([Self.summary(Self.day(2026, 5, 1), move: 1), wrongUnit])
        }
        let negativeError = await #expect(throws: StoreError.self) { try await store.saveActivitySummaries([negative]) }
        let dayError = await #expect(throws: StoreError.self) { try await store.saveActivitySummaries([noDay]) }

        #expect(unitError?.code == .invalidObject)
        #expect(unitError?.message.hasPrefix("Invalid activity summary 2026-05-02: appleExerciseTime is in m") == true, "\(unitError?.message ?? "")")
        #expect(negativeError?.message.contains("activeEnergyBurned must be a finite value of 0 or more") == true)
        #expect(dayError?.message.contains("day needs a valid year, month and day") == true)
        #expect(try await store.activitySummaries().isEmpty, "the valid day before the invalid one was not written either")
    }

    @Test func clientsReadSummariesOnlyWithReadPermission() async throws {
        let store = try HealthStore.inMemory()
        try await store.saveActivitySummaries([Self.summary(Self.day(2026, 6, 1), move: 480)])
        let allowed = store.authorization(for: "com.example.rings")
        let denied = store.authorization(for: "com.example.other")

        #expect(try await allowed.activitySummaries().isEmpty, "never asked: as if none were stored")
        try await allowed.requestAuthorization(toShare: [], read: [.activitySummary]) { _, _ in true }
        try await denied.requestAuthorization(toShare: [], read: [.activitySummary]) { _, _ in false }

        #expect(try await allowed.activitySummaries().map(\.dayText) == ["2026-06-01"])
        #expect(try await denied.activitySummaries().isEmpty)
    }

    @Test func sharingAReadOnlyTypeIsRefusedBeforeAnythingIsAsked() async throws {
        let store = try HealthStore.inMemory()
        let app = store.authorization(for: "com.example.rings")
        let asked = Locked<[HealthObjectType]>([])

        let error = await #expect(throws: StoreError.self) {
            try await app.requestAuthorization(toShare: [.activitySummary, .characteristic(.dateOfBirth), .workout],
                                               read: [.workout]) { type, _ in asked.withLock { $0.append(type) }; return true }
        }

        #expect(error?.code == .readOnlyType)
        #expect(error?.message.hasPrefix("Sharing cannot be asked for HKActivitySummaryTypeIdentifier, "
            + "HKCharacteristicTypeIdentifierDateOfBirth") == true, "\(error?.message ?? "")")
        #expect(asked.withLock { $0 }.isEmpty)
        #expect(try await app.authorizationStatus(for: .workout) == .notDetermined, "nothing was recorded")
    }
}
