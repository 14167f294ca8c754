import Foundation
import HTTPTypes
import Hummingbird
import PaceModel
import PaceStore

/// Deleting a sample (`DELETE /samples/{type}/{id}`, with a tombstone sync pulls give) and reading a
/// quantity sample's values (`GET /samples/{type}/{id}/values`).
struct SampleRoutes: Sendable {
    let gate: Gate

    var routes: [ServerRoutes.Route] {
        [ServerRoutes.Route(method: .delete, path: "/api/v1/samples/:type/:id") { try await delete($0, context: $1).response(from: $0, context: $1) },
         ServerRoutes.Route(method: .get, path: "/api/v1/samples/:type/:id/values") { try await values($0, context: $1).response(from: $0, context: $1) }]
    }

    /// A quantity sample's values (HealthKit's `HKQuantitySeriesSampleQuery`; DECISIONS 172).
    @Sendable func values(_ request: Request, context: ServerRequestContext) async throws -> SampleValuesJSON {
        let caller = try await gate.caller(request, context)
        let type = try Self.sampleType(context)
        guard case .quantity(let quantityType) = type else {
            throw ServerError.badParameter("type", "is a category type; only quantity samples have values")
        }
        // Not visible to the token, another type's, or none: not found alike.
        guard let id = UUID(uuidString: try context.parameters.require("id")), let object = try await caller.store.object(id: id),
              object.objectType == type, let values = try await caller.store.seriesValues(of: id) else {
            throw ServerError.notFound("sample")
        }
        return SampleValuesJSON(id: id, unit: quantityType.canonicalUnit.description,
                                values: values)
    }

    @Sendable func delete(_ request: Request, context: ServerRequestContext) async throws -> HTTPResponse.Status {
        let caller = try await gate.caller(request, context)
        let type = try Self.sampleType(context)
        try caller.requireShare(type)
        // Not visible to the token (another account's, another source's it may not read, another type's) is not found.
        guard let id = UUID(uuidString: try context.parameters.require("id")), let object = try await caller.store.object(id: id),
              object.objectType == type else {
            throw ServerError.notFound("sample")
        }
        try await WorkoutExtraRoutes.delete(object.id, caller, gate)
        return .noContent
    }

    /// The `{type}` path parameter as a quantity or category sample type.
    static func sampleType(_ context: ServerRequestContext) throws -> HealthObjectType {
        let identifier = try context.parameters.require("type")
        if let quantity = QuantityTypeIdentifier(rawValue: identifier) { return .quantity(quantity) }
        if let category = CategoryTypeIdentifier(rawValue: identifier) { return .category(category) }
        throw ServerError.badParameter("type", "is not a quantity or category type identifier "
            + "(e.g. HKQuantityTypeIdentifierHeartRate, HKCategoryTypeIdentifierSleepAnalysis)")
    }
}

/// A quantity sample (as ``QuantitySampleJSON``) or a category sample (its integer value, no unit).
enum SampleJSON: Encodable, Sendable {
    case quantity(QuantitySampleJSON)
    case category(CategorySampleJSON)

    init?(_ object: HealthObject) {
        switch object {
        case .quantitySample(let sample): self = .quantity(QuantitySampleJSON(sample))
        case .categorySample(let sample): self = .category(CategorySampleJSON(sample))
        default: return nil
        }
    }

    var id: UUID {
        switch self {
        case .quantity(let sample): sample.id
        case .category(let sample): sample.id
        }
    }

    var start: Date {
        switch self {
        case .quantity(let sample): sample.start
        case .category(let sample): sample.start
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .quantity(let sample): try sample.encode(to: encoder)
        case .category(let sample): try sample.encode(to: encoder)
        }
    }
}

/// A category sample: its value is the type's integer code (e.g. sleep analysis `3`, asleep core).
struct CategorySampleJSON: Codable, Sendable {
    var id: UUID
    var type: String
    var start: Date
    var end: Date
    var value: Int
    var source: SourceJSON

    init(_ sample: CategorySample) {
        id = sample.id
        type = sample.type.rawValue
        start = sample.startDate
        end = sample.endDate
        value = sample.value
        source = SourceJSON(sample.source)
    }
}
