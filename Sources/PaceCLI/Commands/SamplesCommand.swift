import ArgumentParser
import Foundation
import PaceModel
import PaceStore

/// `pace samples TYPE`: stored samples of one type, oldest first.
struct SamplesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "samples",
        abstract: "List stored samples of one type, oldest first.")

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions

    @Argument(help: "The sample type, e.g. heartRate or HKCategoryTypeIdentifierSleepAnalysis.")
    var type: String

    @Option(name: .long, help: "Only samples ending at or after this ISO 8601 date-time.")
    var from: String?

    @Option(name: .long, help: "Only samples starting at or before this ISO 8601 date-time.")
    var to: String?

    @Option(name: .long, help: "Show at most this many samples.")
    var limit: Int?

    func validate() throws {
        for (option, text) in [("--from", from), ("--to", to)] {
            if let text, ISO8601.date(text) == nil {
                throw ValidationError("\(option) '\(text)' is not an ISO 8601 date-time such as 2026-11-20T07:00:00Z.")
            }
        }
        if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more, not \(limit).") }
    }

    func run() async throws {
        let objectType = try HealthObjectType(lenient: type)
        let objects = try await storeOptions.open().samples(of: objectType, from: from.flatMap(ISO8601.date),
                                                      to: to.flatMap(ISO8601.date), limit: limit)
        let details = objects.map { ObjectDetail($0) }
        if output.json {
            output.write(try JSONOutput.encode(details))
            return
        }
        guard !details.isEmpty else {
            output.write("No \(objectType.displayName.lowercased()) samples in the store.")
            return
        }
        let formatting = Formatting()
        let rows = details.map { detail in
            [detail.start.map(formatting.date) ?? "-", detail.end.map(formatting.date) ?? "-",
             [detail.value.map { String(format: "%.6g", $0) }, detail.unit ?? detail.valueName].compactMap { $0 }.joined(separator: " "),
             detail.source.name, detail.id.uuidString]
        }
        output.write(TextTable.render(header: ["START", "END", "VALUE", "SOURCE", "ID"], rows: rows))
    }
}
