import Foundation
import PaceModel
import PaceStore
import PaceTestSupport
import PaceTransfer
import Testing

/// `AppleHealthImporter` storing the `<Me>` characteristics.
@Suite struct AppleHealthCharacteristicsImportTests {
    @Test func storesTheFixtureCharacteristics() async throws {
        // Given the fixture: born 1990-02-02, male, blood type and skin type not set
        let store = try HealthStore.inMemory()

        // When
        let report = try await AppleHealthImporter(store: store).import(at: AppleHealthImporterTests.fixture)

        // Then
        #expect(report.characteristicsRead == 1)
        #expect(report.characteristicsStored == 2)
        #expect(try await store.dateOfBirth() == DateComponents(year: 1990, month: 2, day: 2))
        #expect(try await store.biologicalSex() == .male)
        #expect(try await store.bloodType() == nil)
        #expect(try await store.fitzpatrickSkinType() == nil)
        #expect(try await store.characteristics().map(\.type) == [.biologicalSex, .dateOfBirth])
        #expect(!report.notes.contains { $0.contains("characteristic") })
    }

    @Test func importingAgainChangesNoCharacteristic() async throws {
        let store = try HealthStore.inMemory()
        _ = try await AppleHealthImporter(store: store).import(at: AppleHealthImporterTests.fixture)
        let before = try await store.characteristics()

        let second = try await AppleHealthImporter(store: store).import(at: AppleHealthImporterTests.fixture)

        #expect(second.characteristicsRead == 1)
        #expect(second.characteristicsStored == 0)
        #expect(try await store.characteristics() == before)
    }

    @Test func unknownCharacteristicsStayWarningsAndNotSetRemoves() async throws {
        // Given a store with a blood type, and an export that says it is not set
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = URL(fileURLWithPath: directory.path("export.xml"))
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <Me HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" \
            HKCharacteristicTypeIdentifierWheelchairUse="HKWheelchairUseYes" \
            HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>
            </HealthData>

            """.utf8).write(to: file)
        let store = try HealthStore.inMemory()
        try await store.setCharacteristic(.bloodType(.aPositive))

        // When
        let report = try await AppleHealthImporter(store: store).import(at: file)

        // Then
        #expect(report.characteristicsStored == 2)
        #expect(report.warningCount == 1)
        let warning = try #require(report.warnings.first)
        #expect(warning.message.contains("HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse"))
        #expect(warning.code == .unknownType, "the reader's code, typed")
        #expect(warning.file == "export.xml" && warning.position?.line != nil, "where: \(warning)")
        #expect(try await store.bloodType() == nil)
        #expect(try await store.wheelchairUse() == .yes)
    }
}
