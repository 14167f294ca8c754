import Foundation
import HTTPTypes
import Hummingbird
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
        let query = request.uri.queryParameters
        let predicate = try ServerRoutes.interval(query)
        let options = try Self.options(query, for: type)
        let result = try await caller.store.statistics(for: type, predicate: predicate, options: options)
        return StatisticsJSON(result, unit: type.canonicalUnit)
    }

    /// `GET /statistics/{type}/collection?from&to&interval&anchor&timeZone&options=`.
    @Sendable func collection(_ request: Request, context: ServerRequestContext) async throws -> StatisticsCollectionJSON {
        let caller = try await gate.caller(request, context)
        let type = try Self.quantityType(context)
        try caller.requireRead(.quantity(type))
        let query = request.uri.queryParameters
        let options = try Self.options(query, for: type)
        func date(_ name: String) throws -> Date? {
            guard let text = query.get(name) else { return nil }
            guard let date = ISO8601DateFormatter().date(from: text) else {
                throw ServerError.badParameter(name, "is not an ISO 8601 date and time, e.g. 2026-11-26T07:00:00Z")
            }
            return date
        }
        guard let from = try date("from") else { throw ServerError.badParameter("from", "is missing; give the range's start (ISO 8601)") }
        guard let to = try date("to") else { throw ServerError.badParameter("to", "is missing; give the range's end (ISO 8601)") }
        guard to >= from else { throw ServerError.badParameter("to", "is before 'from'; give the earlier date as 'from'") }
        let zoneName = query.get("timeZone") ?? "UTC"
        guard let zone = TimeZone(identifier: zoneName) else {
            throw ServerError.badParameter("timeZone", "is not an IANA time zone, e.g. Europe/Zurich or America/New_York")
        }
        let intervalName = query.get("interval") ?? "day"
        guard let interval = Interval(rawValue: intervalName) else {
            throw ServerError.badParameter("interval", "must be one of hour, day, week, month")
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        // The default anchor is local midnight before `from`, so days run midnight to midnight in the zone.
        let anchor = try date("anchor") ?? calendar.startOfDay(for: from)
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
    enum Interval: String {
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

    /// HealthKit's option names, comma-separated, or the type's default.
    static let optionNames: [(name: String, option: StatisticsOptions)] = [
        ("discreteAverage", .average), ("discreteMin", .minimum), ("discreteMax", .maximum), ("mostRecent", .mostRecent), ("cumulativeSum", .sum),
    ]

    static func options(_ query: Parameters, for type: QuantityTypeIdentifier) throws -> StatisticsOptions {
        guard let text = query.get("options") else { return .default(for: type) }
        var options: StatisticsOptions = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let option = optionNames.first(where: { $0.name == name })?.option else {
                throw ServerError.badParameter("options", "has '\(name)', which is not one of \(optionNames.map(\.name).joined(separator: ", "))")
            }
            options.insert(option)
        }
        let cumulative = type.descriptor.aggregationStyle.isCumulative
        if cumulative, options != .sum {
            throw ServerError.badParameter("options", "can only be cumulativeSum: \(type.rawValue) is cumulative")
        }
        if !cumulative, options.contains(.sum) {
            throw ServerError.badParameter("options", "cannot hold cumulativeSum: \(type.rawValue) is discrete; ask for discreteAverage, discreteMin, discreteMax or mostRecent")
        }
        return options
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
