import ArgumentParser
import Foundation
import PaceModel
import PaceStore

/// `pace characteristics`: the user's characteristics (date of birth, biological sex, …) in the store.
struct CharacteristicsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "characteristics",
        abstract: "List the user's characteristics: date of birth, biological sex, blood type and the others.",
        discussion: """
            Characteristics come from an Apple Health export's <Me> element ('pace import'). Only those \
            with a value are listed; the date is when the value was last changed.
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    /// Parses and validates `arguments` as ArgumentParser would (for tests, which do not import ArgumentParser).
    static func parsed(_ arguments: [String]) throws -> CharacteristicsCommand { try parse(arguments) }

    func run() async throws {
        output.write(try await report(timeZone: .current))
    }

    /// The table or JSON the command prints, dates in `timeZone`.
    func report(timeZone: TimeZone) async throws -> String {
        let stored = try await storeOptions.open().characteristics()
        if output.json {
            return try JSONOutput.encode(stored.map { characteristic in
                CharacteristicJSON(type: characteristic.type.rawValue, name: characteristic.type.name,
                                   value: Self.name(of: characteristic.value), setAt: characteristic.setAt)
            })
        }
        guard !stored.isEmpty else { return "No characteristics stored. 'pace import' stores those of an Apple Health export." }
        let formatting = Formatting(timeZone: timeZone)
        let rows = stored.map { characteristic in
            [characteristic.type.displayName, Self.text(of: characteristic.value), formatting.date(characteristic.setAt)]
        }
        return TextTable.render(header: ["CHARACTERISTIC", "VALUE", "SET"], rows: rows)
    }

    /// The stable name of a value in JSON: `YYYY-MM-DD` for a date of birth, the case name otherwise.
    static func name(of value: CharacteristicValue) -> String {
        switch value {
        case .dateOfBirth(let components): day(components)
        case .biologicalSex(let sex): "\(sex)"
        case .bloodType(let type): "\(type)"
        case .fitzpatrickSkinType(let type): "\(type)"
        case .wheelchairUse(let use): "\(use)"
        case .activityMoveMode(let mode): "\(mode)"
        }
    }

    /// A value as people write it: `1990-02-02`, `Female`, `A+`, `Type III`, `Yes`, `Active energy`.
    static func text(of value: CharacteristicValue) -> String {
        switch value {
        case .dateOfBirth(let components): return day(components)
        case .biologicalSex(let sex):
            return switch sex {
            case .notSet: "Not set"
            case .female: "Female"
            case .male: "Male"
            case .other: "Other"
            }
        case .bloodType(let type):
            return switch type {
            case .notSet: "Not set"
            case .aPositive: "A+"
            case .aNegative: "A−"
            case .bPositive: "B+"
            case .bNegative: "B−"
            case .abPositive: "AB+"
            case .abNegative: "AB−"
            case .oPositive: "O+"
            case .oNegative: "O−"
            }
        case .fitzpatrickSkinType(let type):
            return type == .notSet ? "Not set" : "Type " + String("\(type)".dropFirst("type".count))
        case .wheelchairUse(let use):
            return switch use {
            case .notSet: "Not set"
            case .no: "No"
            case .yes: "Yes"
            }
        case .activityMoveMode(let mode):
            return mode == .activeEnergy ? "Active energy" : "Move time"
        }
    }

    /// `YYYY-MM-DD`; the store keeps only real days, so `?` never shows for a stored date of birth.
    private static func day(_ components: DateComponents) -> String {
        CalendarDay.text(components) ?? "?"
    }
}

/// One characteristic in `pace characteristics --json`. Field names are stable.
struct CharacteristicJSON: Codable, Equatable {
    /// HealthKit's identifier, e.g. `HKCharacteristicTypeIdentifierDateOfBirth`.
    var type: String
    /// HealthKit's Swift name, e.g. `dateOfBirth`.
    var name: String
    /// `YYYY-MM-DD` for the date of birth; the value's case name otherwise (`female`, `aPositive`, `typeIII`, `yes`, `activeEnergy`).
    var value: String
    /// When the value was last changed (ISO 8601, UTC).
    var setAt: Date
}
