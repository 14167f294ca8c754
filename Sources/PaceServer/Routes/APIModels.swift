import Foundation
import Hummingbird
import PaceModel
import PaceTrack
import PaceTransfer
import PaceAnalysis

/// A source as the API shows it.
struct SourceJSON: Codable, Sendable {
    var name: String
    var bundleIdentifier: String

    init(_ source: Source) {
        name = source.name
        bundleIdentifier = source.bundleIdentifier
    }
}

/// A workout in a list.
struct WorkoutJSON: ResponseEncodable, Codable, Sendable {
    var id: UUID
    var activityType: String
    var start: Date
    var end: Date
    /// Active seconds (the interval less pauses).
    var duration: Double
    /// Metres, when known.
    var totalDistance: Double?
    /// Kilocalories, when known.
    var totalEnergyBurned: Double?
    var source: SourceJSON

    init(_ workout: Workout) {
        id = workout.id
        activityType = workout.activityType.name
        start = workout.startDate
        end = workout.endDate
        duration = workout.duration
        totalDistance = try? workout.totalDistance?.doubleValue(for: .meter)
        totalEnergyBurned = try? workout.totalEnergyBurned?.doubleValue(for: .kilocalorie)
        source = SourceJSON(workout.source)
    }
}

/// One page of workouts.
struct WorkoutPageJSON: ResponseEncodable, Codable, Sendable {
    var workouts: [WorkoutJSON]
    /// Pass as `cursor` for the next page; absent on the last.
    var nextCursor: String?
}

/// A workout with its events and statistics.
struct WorkoutDetailJSON: ResponseEncodable, Codable, Sendable {
    struct Event: Codable, Sendable {
        var type: String
        var start: Date
        var duration: Double
    }
    struct Statistic: Codable, Sendable {
        var type: String
        var unit: String
        var sum: Double?
        var average: Double?
        var minimum: Double?
        var maximum: Double?
    }
    var workout: WorkoutJSON
    var events: [Event]
    var statistics: [Statistic]
    /// The workout's routes, to read with `/workouts/{id}/routes/{routeID}`.
    var routes: [UUID]
    /// Its laps (one spanning the workout when it has no lap events), from PaceTransfer's analysis.
    var laps: [LapJSON]
    /// Its kilometre splits along the route (none without one), the last one partial.
    var splits: [SplitJSON]

    init(_ workout: Workout, routes: [UUID], analysis: WorkoutAnalysis) {
        self.workout = WorkoutJSON(workout)
        events = workout.events.map { Event(type: "\($0.type)", start: $0.startDate, duration: $0.duration) }
        statistics = workout.statistics.keys.sorted { $0.rawValue < $1.rawValue }.compactMap { type in
            guard let value = workout.statistics[type] else { return nil }
            let unit = type.canonicalUnit
            let number = { (quantity: Quantity?) in quantity.flatMap { try? $0.doubleValue(for: unit) } }
            return Statistic(type: type.rawValue, unit: unit.description, sum: number(value.sum), average: number(value.average),
                             minimum: number(value.minimum), maximum: number(value.maximum))
        }
        self.routes = routes
        laps = analysis.laps.map(LapJSON.init)
        splits = analysis.kilometerSplits.map(SplitJSON.init)
    }
}

/// A quantity sample, its value in its type's canonical unit.
struct QuantitySampleJSON: Codable, Sendable {
    var id: UUID
    var type: String
    var start: Date
    var end: Date
    var value: Double
    var unit: String
    var source: SourceJSON
    /// A series sample's number of values (`value` is then their mean, or their sum for a cumulative
    /// type; `GET /api/v1/samples/{type}/{id}/values` gives them); absent for an ordinary sample.
    var count: Int?

    init(_ sample: QuantitySample) {
        id = sample.id
        type = sample.type.rawValue
        start = sample.startDate
        end = sample.endDate
        let unit = sample.type.canonicalUnit
        value = (try? sample.quantity.doubleValue(for: unit)) ?? sample.quantity.value
        self.unit = unit.description
        source = SourceJSON(sample.source)
        count = sample.count > 1 ? sample.count : nil
    }
}

/// A quantity sample's values (a series sample's many, an ordinary sample's one), oldest first, in
/// the type's canonical unit.
struct SampleValuesJSON: ResponseEncodable, Encodable, Sendable {
    var id: UUID
    var unit: String
    /// Each value with its interval (`start`, `end`, `value`).
    var values: [TimedQuantity]
}

/// One page of samples.
struct SamplePageJSON: ResponseEncodable, Encodable, Sendable {
    var samples: [SampleJSON]
    var nextCursor: String?
}

/// A page of a route's locations.
struct RoutePageJSON: ResponseEncodable, Codable, Sendable {
    struct Location: Codable, Sendable {
        var time: Date
        var latitude: Double
        var longitude: Double
        var altitude: Double
        var speed: Double
        var horizontalAccuracy: Double
    }
    var locations: [Location]
    /// Pass as `after` for the next page; absent on the last.
    var next: Int?
}

/// What a new token asks for.
struct TokenRequestJSON: Decodable, Sendable {
    var name: String
    /// Type identifiers it may read, e.g. `"HKWorkoutTypeIdentifier"`.
    var read: [String]
    /// Type identifiers it may write.
    var share: [String]
}

/// A token as listed (never its secret).
struct TokenJSON: ResponseEncodable, Codable, Sendable {
    var id: UUID
    var name: String
    var read: [String]
    var share: [String]
    var createdAt: Date
    var revokedAt: Date?
    /// The secret, only in the answer that made the token.
    var token: String?

    init(_ token: AccessToken, secret: String? = nil) {
        id = token.id
        name = token.name
        read = token.read.map(\.identifier).sorted()
        share = token.share.map(\.identifier).sorted()
        createdAt = token.createdAt
        revokedAt = token.revokedAt
        self.token = secret
    }
}

/// The account's tokens.
struct TokenListJSON: ResponseEncodable, Codable, Sendable {
    var tokens: [TokenJSON]
}
