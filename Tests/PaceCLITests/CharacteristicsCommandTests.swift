import Foundation
@testable import PaceCLI
import PaceModel
import PaceStore
import PaceTestSupport
import Testing

/// `pace characteristics`: text and JSON listings.
@Suite struct CharacteristicsCommandTests {
    private let utc = TimeZone(identifier: "UTC")!
    /// 2026-01-05 07:05 UTC.
    private let setAt = Date(timeIntervalSince1970: 1_767_596_700)

    private func report(_ arguments: [String]) async throws -> String {
        try await CharacteristicsCommand.parsed(arguments).report(timeZone: utc)
    }

    @Test func listsTheStoredCharacteristics() async throws {
        // Given
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("health.sqlite")
        let store = try HealthStore(path: path)
        try await store.setCharacteristic(.dateOfBirth(DateComponents(year: 1990, month: 2, day: 2)), at: setAt)
        try await store.setCharacteristic(.bloodType(.abNegative), at: setAt)
        try await store.setCharacteristic(.fitzpatrickSkinType(.typeIII), at: setAt)
        try await store.setCharacteristic(.activityMoveMode(.activeEnergy), at: setAt)

        // When
        let text = try await report(["--store", path])
        let json = try await report(["--store", path, "--json"])

        // Then
        #expect(text == """
            CHARACTERISTIC         VALUE          SET
            Blood Type             AB−            2026-01-05 07:05
            Date of Birth          1990-02-02     2026-01-05 07:05
            Fitzpatrick Skin Type  Type III       2026-01-05 07:05
            Activity Move Mode     Active energy  2026-01-05 07:05
            """)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            try ISO8601.date(decoder.singleValueContainer().decode(String.self)) ?? .distantPast
        }
        let entries = try decoder.decode([CharacteristicJSON].self, from: Data(json.utf8))
        #expect(entries.map(\.name) == ["bloodType", "dateOfBirth", "fitzpatrickSkinType", "activityMoveMode"])
        #expect(entries.map(\.value) == ["abNegative", "1990-02-02", "typeIII", "activeEnergy"])
        #expect(entries.first?.type == "HKCharacteristicTypeIdentifierBloodType")
        #expect(entries.allSatisfy { $0.setAt == setAt })
        #expect(json.contains("\"setAt\" : \"2026-01-05T07:05:00.000Z\""))
    }

    @Test func saysWhenNoneAreStored() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        let text = try await report(["--store", directory.path("health.sqlite")])
        let json = try await report(["--store", directory.path("health.sqlite"), "--json"])

        #expect(text == "No characteristics stored. 'pace import' stores those of an Apple Health export.")
        #expect(try JSONDecoder().decode([CharacteristicJSON].self, from: Data(json.utf8)).isEmpty)
    }
}
