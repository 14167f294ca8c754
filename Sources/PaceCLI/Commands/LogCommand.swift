import ArgumentParser
import Foundation
import PaceModel
import PaceStore

/// `pace log TYPE VALUE`: records one sample by hand, e.g. a weigh-in or a night's sleep.
struct LogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Record one sample by hand: a quantity (bodyMass 72.5kg) or a category value (sleepAnalysis asleepCore).",
        discussion: """
            TYPE is a HealthKit identifier or its short name (see 'pace types'). For a quantity type VALUE is a \
            number and a unit compatible with the type; for a category type it is a value name or raw value.
            """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The sample type, e.g. bodyMass, heartRate, HKQuantityTypeIdentifierStepCount, sleepAnalysis.")
    var type: String

    @Argument(help: "The value: a quantity such as 72.5kg or 62 count/min, or a category value such as asleepCore.")
    var value: String

    @Option(name: .long, help: "Start of the sample, ISO 8601; default: now.")
    var start: String?

    @Option(name: .long, help: "End of the sample, ISO 8601; default: the start.")
    var end: String?

    func run() async throws {
        let objectType = try HealthObjectType(lenient: type)
        let startDate = try date(start, option: "--start") ?? Date()
        let endDate = try date(end, option: "--end") ?? startDate
        var metadata = Metadata()
        metadata[.wasUserEntered] = .bool(true)
        let object: HealthObject
        switch objectType {
        case .quantity(let identifier):
            let quantity: Quantity
            do { quantity = try Quantity(parsing: value) } catch {
                throw ValidationError("'\(value)': \(error)")
            }
            object = .quantitySample(QuantitySample(type: identifier, quantity: quantity, start: startDate, end: endDate, metadata: metadata))
        case .category(let identifier):
            guard let raw = identifier.descriptor.rawValue(named: value) ?? Int(value).flatMap({ identifier.isValid(value: $0) ? $0 : nil }) else {
                let names = identifier.descriptor.values.map(\.name).joined(separator: ", ")
                throw ValidationError("'\(value)' is not a value of \(identifier.rawValue). Use one of: \(names).")
            }
            object = .categorySample(CategorySample(type: identifier, value: raw, start: startDate, end: endDate, metadata: metadata))
        default:
            throw ValidationError("\(objectType.identifier) is not a sample type; 'pace log' takes quantity and category types. Use 'pace add' for workouts.")
        }
        try await storeOptions.open().save([object])
        output.write(output.json ? try JSONOutput.encode(ObjectDetail(object)) : "Logged \(objectType.displayName.lowercased()) \(object.id.uuidString).")
    }

    private func date(_ text: String?, option: String) throws -> Date? {
        guard let text else { return nil }
        guard let date = ISO8601.date(text) else {
            throw ValidationError("\(option) '\(text)' is not an ISO 8601 date-time such as 2026-11-20T07:00:00Z.")
        }
        return date
    }
}
