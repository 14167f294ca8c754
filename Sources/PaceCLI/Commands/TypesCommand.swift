import ArgumentParser
import PaceModel

/// `pace types`: the catalogue of health types, filterable.
struct TypesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "types",
        abstract: "List the health types Pace knows (HealthKit's catalogue), or the workout activities.")

    @OptionGroup var output: OutputOptions

    @Argument(help: "Only types whose identifier or name contains this text (case-insensitive).")
    var filter: String?

    @Option(name: .long, help: "Only this kind: quantity, category, characteristic, workout, route, activity.")
    var kind: TypeKind?

    @Option(name: .long, help: "Only this group, e.g. heart, activity, nutrition.")
    var group: String?

    func validate() throws {
        if let group, TypeGroup(rawValue: group) == nil {
            let groups = TypeGroup.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("Unknown group '\(group)'. Use one of: \(groups).")
        }
    }

    func run() throws {
        let entries = TypeCatalogueListing.entries(filter: filter, kind: kind, group: group.flatMap(TypeGroup.init(rawValue:)))
        output.write(output.json ? try JSONOutput.encode(entries) : TypeCatalogueListing.text(entries))
    }
}

/// The kinds `pace types --kind` accepts.
enum TypeKind: String, CaseIterable, ExpressibleByArgument, Encodable {
    case quantity, category, characteristic, workout, route, activity, activitySummary
}
