import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// Characteristics: setting, reading, persistence and read permission.
@Suite struct CharacteristicsTests {
    private let birthday = DateComponents(year: 1990, month: 2, day: 2)
    private let monday = Date(timeIntervalSince1970: 1_767_571_200)

    @Test func setsAndReadsEachCharacteristic() async throws {
        // Given
        let store = try HealthStore.inMemory()
        #expect(try await store.characteristics().isEmpty)
        #expect(try await store.dateOfBirth() == nil)

        // When
        try await store.setCharacteristic(.dateOfBirth(birthday))
        try await store.setCharacteristic(.biologicalSex(.female))
        try await store.setCharacteristic(.bloodType(.abNegative))
        try await store.setCharacteristic(.fitzpatrickSkinType(.typeIV))
        try await store.setCharacteristic(.wheelchairUse(.yes))
        try await store.setCharacteristic(.activityMoveMode(.appleMoveTime))

        // Then
        #expect(try await store.dateOfBirth() == birthday)
        #expect(try await store.biologicalSex() == .female)
        #expect(try await store.bloodType() == .abNegative)
        #expect(try await store.fitzpatrickSkinType() == .typeIV)
        #expect(try await store.wheelchairUse() == .yes)
        #expect(try await store.activityMoveMode() == .appleMoveTime)
        #expect(try await store.characteristics().map(\.type) == CharacteristicTypeIdentifier.allCases)
        #expect(try await store.characteristic(.bloodType)?.value == .bloodType(.abNegative))
    }

    @Test func everyEnumValueRoundTrips() async throws {
        let store = try HealthStore.inMemory()
        let values: [CharacteristicValue] = BiologicalSex.allCases.map(CharacteristicValue.biologicalSex)
            + BloodType.allCases.map(CharacteristicValue.bloodType)
            + FitzpatrickSkinType.allCases.map(CharacteristicValue.fitzpatrickSkinType)
            + WheelchairUse.allCases.map(CharacteristicValue.wheelchairUse)
            + ActivityMoveMode.allCases.map(CharacteristicValue.activityMoveMode)

        for value in values where !value.isNotSet {
            try await store.setCharacteristic(value)
            #expect(try await store.characteristic(value.type)?.value == value)
        }
    }

    @Test func settingTheSameValueAgainChangesNothing() async throws {
        let store = try HealthStore.inMemory()
        #expect(try await store.setCharacteristic(.biologicalSex(.male), at: monday))

        let changed = try await store.setCharacteristic(.biologicalSex(.male), at: monday.addingTimeInterval(3600))

        #expect(changed == false)
        #expect(try await store.characteristic(.biologicalSex)?.setAt == monday)
        #expect(try await store.setCharacteristic(.biologicalSex(.other), at: monday.addingTimeInterval(7200)))
        #expect(try await store.characteristic(.biologicalSex)?.setAt == monday.addingTimeInterval(7200))
    }

    @Test func notSetRemovesTheValue() async throws {
        let store = try HealthStore.inMemory()
        try await store.setCharacteristic(.bloodType(.oPositive))

        #expect(try await store.setCharacteristic(.bloodType(.notSet)))

        #expect(try await store.bloodType() == nil)
        #expect(try await store.setCharacteristic(.bloodType(.notSet)) == false)
        #expect(try await store.removeCharacteristic(.bloodType) == false)
    }

    @Test func aDateOfBirthKeepsOnlyTheDayAndMustBeValid() async throws {
        let store = try HealthStore.inMemory()
        try await store.setCharacteristic(.dateOfBirth(DateComponents(year: 2000, month: 2, day: 29, hour: 7)))
        #expect(try await store.dateOfBirth() == DateComponents(year: 2000, month: 2, day: 29))

        for invalid in [DateComponents(year: 1990, month: 2), DateComponents(year: 2001, month: 2, day: 29),
                        DateComponents(year: 1990, month: 13, day: 1)] {
            let error = await #expect(throws: StoreError.self) { try await store.setCharacteristic(.dateOfBirth(invalid)) }
            #expect(error?.code == .invalidObject)
            #expect(error?.message == "The date of birth needs a valid year, month and day (e.g. 1990-02-02). Nothing was written.")
        }
        #expect(try await store.dateOfBirth() == DateComponents(year: 2000, month: 2, day: 29))
    }

    @Test func persistAcrossReopening() async throws {
        // Given
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("health.sqlite")
        do {
            let store = try HealthStore(path: path)
            try await store.setCharacteristic(.dateOfBirth(birthday), at: monday)
            try await store.setCharacteristic(.wheelchairUse(.no), at: monday)
        }

        // When
        let reopened = try HealthStore(path: path)

        // Then
        #expect(try await reopened.characteristics() == [
            StoredCharacteristic(value: .dateOfBirth(birthday), setAt: monday),
            StoredCharacteristic(value: .wheelchairUse(.no), setAt: monday),
        ])
    }

    @Test func aClientReadsOnlyWithReadPermission() async throws {
        // Given
        let store = try HealthStore.inMemory()
        try await store.setCharacteristic(.dateOfBirth(birthday))
        try await store.setCharacteristic(.biologicalSex(.female))
        let app = store.authorization(for: "com.example.runner")

        // Then: never asked
        #expect(try await app.dateOfBirth() == nil)
        #expect(try await app.characteristic(.biologicalSex) == nil)

        // When: date of birth allowed, sex denied
        try await app.requestAuthorization(toShare: [], read: [.characteristic(.dateOfBirth), .characteristic(.biologicalSex)]) { type, _ in
            type == .characteristic(.dateOfBirth)
        }

        // Then
        #expect(try await app.dateOfBirth() == birthday)
        #expect(try await app.biologicalSex() == nil)
        #expect(try await app.bloodType() == nil)
    }
}
