import Foundation
import HTTPTypes
import Hummingbird
import PaceAPI
import PaceModel
import PaceStore

/// Statistics over a quantity type (HealthKit's `HKStatisticsQuery`) and statistics per calendar
/// interval in the caller's time zone (`HKStatisticsCollectionQuery`), over the samples the token may read.
struct StatisticsRoutes: Sendable {
    let gate: Gate

    /// The most intervals one collection answers with.
    static let maximumIntervals = 10_000

    var routes: [ServerRoutes.Route] {
        [
            ServerRoutes.Route(method: .get, path: "/api/v1/statistics/:type") { try await statistics($0, context: $1).response(from: $0, context: $1) },
            ServerRoutes.Route(method: .get, path: "/api/v1/statistics/:type/collection") {
                try await collection($0, context: $1).response(from: $0, context: $1)
            },
        ]
    }

    /// `GET /statistics/{type}?from&to&options=`.
    @Sendable func statistics(_ request: Request, context: ServerRequestContext) async throws -> StatisticsJSON {
        let caller = try await gate.caller(request, context)
        let type = try Self.quantityType(context)
        try caller.requireRead(.quantity(type))
        let query = request.query
        let predicate = try query.interval()
        let options = try query.statisticsOptions(for: type)
        let result = try await caller.store.statistics(for: type, predicate: predicate, options: options)
        return StatisticsJSON(result, unit: type.canonicalUnit)
    }

    /// `GET /statistics/{type}/collection?from&to&interval&anchor&timeZone&options=`.
    @Sendable func collection(_ request: Request, context: ServerRequestContext) async throws -> StatisticsCollectionJSON {
        let caller = try await gate.caller(request, context)
        let type = try Self.quantityType(context)
        try caller.requireRead(.quantity(type))
        let query = request.query
        let options = try query.statisticsOptions(for: type)
        let from = try query.requiredDate("from", meaning: "the range's start")
        let to = try query.requiredDate("to", meaning: "the range's end")
        guard to >= from else { throw ServerError.badParameter("to", "is before 'from'; give the earlier date as 'from'") }
        let zone = try query.timeZone()
        let interval = try query.oneOf("interval", Interval.self) ?? .day
        let intervalName = interval.rawValue
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        // The default anchor is local midnight before `from`, so days run midnight to midnight in the zone.
        let anchor = try query.date("anchor") ?? calendar.startOfDay(for: from)
        guard to.timeIntervalSince(from) / interval.shortest + 1 <= Double(Self.maximumIntervals) else {
            throw ServerError.badParameter("interval", "gives more than \(Self.maximumIntervals) intervals over this range; use a longer interval or a shorter range")
        }
        let result: StatisticsCollection
        do throws(StoreError) {
            result = try await caller.store.statisticsCollection(for: type, options: options, anchor: anchor, interval: interval.components,
                                                                 from: from, to: to, calendar: calendar)
        } catch {
            guard error.code == .tooManyIntervals else { throw error }
            throw ServerError.badParameter("anchor", "is too far from the range for this interval; give an anchor near 'from'")
        }
        return StatisticsCollectionJSON(type: type.rawValue, unit: type.canonicalUnit.description, interval: intervalName, timeZone: zone.identifier,
                                        anchor: anchor,
                                        statistics: result.statistics.map { StatisticsJSON($0, unit: type.canonicalUnit) })
    }

    /// The interval lengths a collection takes.
    enum Interval: String, CaseIterable {
        case hour, day, week, month

        var components: DateComponents {
            switch self {
            case .hour: DateComponents(hour: 1)
            case .day: DateComponents(day: 1)
            case .week: DateComponents(day: 7)
            case .month: DateComponents(month: 1)
            }
        }

        /// The shortest such interval can be, seconds (a day of a daylight-saving change lasts 23 hours).
        var shortest: Double {
            switch self {
            case .hour: 3600
            case .day: 23 * 3600
            case .week: 7 * 24 * 3600 - 3600
            case .month: 28 * 24 * 3600 - 3600
            }
        }
    }

    /// The `{type}` path parameter as a quantity type.
    static func quantityType(_ context: ServerRequestContext) throws -> QuantityTypeIdentifier {
        guard let type = QuantityTypeIdentifier(rawValue: try context.parameters.require("type")) else {
            throw ServerError.badParameter("type", "is not a quantity type identifier (e.g. HKQuantityTypeIdentifierHeartRate)")
        }
        return type
    }

}

/// Statistics over one interval (or the whole query), values in the type's canonical unit.
struct StatisticsJSON: ResponseEncodable, Codable, Sendable {
    var type: String
    var unit: String
    /// The interval, for a collection's entry (absent for a whole query).
    var start: Date?
    var end: Date?
    var sampleCount: Int
    var average: Double?
    var minimum: Double?
    var maximum: Double?
    var mostRecent: Double?
    var mostRecentStart: Date?
    var mostRecentEnd: Date?
    var sum: Double?

    init(_ statistics: QuantityStatistics, unit: HealthUnit) {
        func number(_ quantity: Quantity?) -> Double? { quantity.flatMap { try? $0.doubleValue(for: unit) }.flatMap { $0.isFinite ? $0 : nil } }
        type = statistics.type.rawValue
        self.unit = unit.description
        start = statistics.interval?.start
        end = statistics.interval?.end
        sampleCount = statistics.sampleCount
        average = number(statistics.average)
        minimum = number(statistics.minimum)
        maximum = number(statistics.maximum)
        mostRecent = number(statistics.mostRecent)
        mostRecentStart = statistics.mostRecentInterval?.start
        mostRecentEnd = statistics.mostRecentInterval?.end
        sum = number(statistics.sum)
    }
}

/// Statistics per calendar interval.
struct StatisticsCollectionJSON: ResponseEncodable, Codable, Sendable {
    var type: String
    var unit: String
    var interval: String
    /// The IANA time zone the boundaries were computed in.
    var timeZone: String
    /// A boundary of the intervals.
    var anchor: Date
    var statistics: [StatisticsJSON]
}
