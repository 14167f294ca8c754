import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// Characteristics: setting, reading, persistence and read permission.
@Suite struct CharacteristicsTests {
    private let birthday = DateComponents(year: 1990, month: 2, day: 2)
    private let monday = Date(timeIntervalSince1970: 1_767_571_200)

    @Test func setsAndReadsEachCharacteristic() throws {
        // Given
        let store = try HealthStore.inMemory()
        #expect(try store.characteristics().isEmpty)
        #expect(try store.dateOfBirth() == nil)

        // When
        try store.setCharacteristic(.dateOfBirth(birthday))
        try store.setCharacteristic(.biologicalSex(.female))
        try store.setCharacteristic(.bloodType(.abNegative))
        try store.setCharacteristic(.fitzpatrickSkinType(.typeIV))
        try store.setCharacteristic(.wheelchairUse(.yes))
        try store.setCharacteristic(.activityMoveMode(.appleMoveTime))

        // Then
        #expect(try store.dateOfBirth() == birthday)
        #expect(try store.biologicalSex() == .female)
        #expect(try store.bloodType() == .abNegative)
        #expect(try store.fitzpatrickSkinType() == .typeIV)
        #expect(try store.wheelchairUse() == .yes)
        #expect(try store.activityMoveMode() == .appleMoveTime)
        #expect(try store.characteristics().map(\.type) == CharacteristicTypeIdentifier.allCases)
        #expect(try store.characteristic(.bloodType)?.value == .bloodType(.abNegative))
    }

    @Test func everyEnumValueRoundTrips() throws {
        let store = try HealthStore.inMemory()
        let values: [CharacteristicValue] = BiologicalSex.allCases.map(CharacteristicValue.biologicalSex)
            + BloodType.allCases.map(CharacteristicValue.bloodType)
            + FitzpatrickSkinType.allCases.map(CharacteristicValue.fitzpatrickSkinType)
            + WheelchairUse.allCases.map(CharacteristicValue.wheelchairUse)
            + ActivityMoveMode.allCases.map(CharacteristicValue.activityMoveMode)

        for value in values where !value.isNotSet {
            try store.setCharacteristic(value)
            #expect(try store.characteristic(value.type)?.value == value)
        }
    }

    @Test func settingTheSameValueAgainChangesNothing() throws {
        let store = try HealthStore.inMemory()
        #expect(try store.setCharacteristic(.biologicalSex(.male), at: monday))

        let changed = try store.setCharacteristic(.biologicalSex(.male), at: monday.addingTimeInterval(3600))

        #expect(changed == false)
        #expect(try store.characteristic(.biologicalSex)?.setAt == monday)
        #expect(try store.setCharacteristic(.biologicalSex(.other), at: monday.addingTimeInterval(7200)))
        #expect(try store.characteristic(.biologicalSex)?.setAt == monday.addingTimeInterval(7200))
    }

    @Test func notSetRemovesTheValue() throws {
        let store = try HealthStore.inMemory()
        try store.setCharacteristic(.bloodType(.oPositive))

        #expect(try store.setCharacteristic(.bloodType(.notSet)))

        #expect(try store.bloodType() == nil)
        #expect(try store.setCharacteristic(.bloodType(.notSet)) == false)
        #expect(try store.removeCharacteristic(.bloodType) == false)
    }

    @Test func aDateOfBirthKeepsOnlyTheDayAndMustBeValid() throws {
        let store = try HealthStore.inMemory()
        try store.setCharacteristic(.dateOfBirth(DateComponents(year: 2000, month: 2, day: 29, hour: 7)))
        #expect(try store.dateOfBirth() == DateComponents(year: 2000, month: 2, day: 29))

        for invalid in [DateComponents(year: 1990, month: 2), DateComponents(year: 2001, month: 2, day: 29),
                        DateComponents(year: 1990, month: 13, day: 1)] {
            let error = #expect(throws: StoreError.self) { try store.setCharacteristic(.dateOfBirth(invalid)) }
            #expect(error?.code == .invalidObject)
            #expect(error?.message == "The date of birth needs a valid year, month and day (e.g. 1990-02-02). Nothing was written.")
        }
        #expect(try store.dateOfBirth() == DateComponents(year: 2000, month: 2, day: 29))
    }

    @Test func persistAcrossReopening() throws {
        // Given
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("health.sqlite")
        do {
            let store = try HealthStore(path: path)
            try store.setCharacteristic(.dateOfBirth(birthday), at: monday)
            try store.setCharacteristic(.wheelchairUse(.no), at: monday)
        }

        // When
        let reopened = try HealthStore(path: path)

        // Then
        #expect(try reopened.characteristics() == [
            StoredCharacteristic(value: .dateOfBirth(birthday), setAt: monday),
            StoredCharacteristic(value: .wheelchairUse(.no), setAt: monday),
        ])
    }

    @Test func aClientReadsOnlyWithReadPermission() throws {
        // Given
        let store = try HealthStore.inMemory()
        try store.setCharacteristic(.dateOfBirth(birthday))
        try store.setCharacteristic(.biologicalSex(.female))
        let app = store.authorization(for: "com.example.runner")

        // Then: never asked
        #expect(try app.dateOfBirth() == nil)
        #expect(try app.characteristic(.biologicalSex) == nil)

        // When: date of birth allowed, sex denied
        try app.requestAuthorization(toShare: [], read: [.characteristic(.dateOfBirth), .characteristic(.biologicalSex)]) { type, _ in
            type == .characteristic(.dateOfBirth)
        }

        // Then
        #expect(try app.dateOfBirth() == birthday)
        #expect(try app.biologicalSex() == nil)
        #expect(try app.bloodType() == nil)
    }
}
