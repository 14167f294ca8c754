public import Foundation
public import PaceModel

/// One workout as `pace list --json` prints it. Field names are stable.
public struct WorkoutRow: Codable, Hashable, Sendable {
    /// The workout's UUID.
    public var id: UUID
    /// Activity name, e.g. `"running"`.
    public var activityType: String
    /// HealthKit's activity identifier, e.g. `"HKWorkoutActivityTypeRunning"`.
    public var hkActivityType: String
    /// Start, ISO 8601 UTC.
    public var start: Date
    /// End, ISO 8601 UTC.
    public var end: Date
    /// Active time in seconds.
    public var durationSeconds: Double
    /// Total distance in metres, or `null`.
    public var distanceMeters: Double?
    /// Total active energy in kilocalories, or `null`.
    public var energyKilocalories: Double?
    /// The writing app's name.
    public var sourceName: String

    /// Summarises a workout.
    public init(_ workout: Workout) {
        id = workout.id
        activityType = workout.activityType.name
        hkActivityType = workout.activityType.hkIdentifier
        start = workout.startDate
        end = workout.endDate
        durationSeconds = workout.duration
        distanceMeters = try? workout.totalDistance?.doubleValue(for: .meter)
        energyKilocalories = try? workout.totalEnergyBurned?.doubleValue(for: .kilocalorie)
        sourceName = workout.source.name
    }

    private enum CodingKeys: String, CodingKey {
        case id, activityType, hkActivityType, start, end, durationSeconds, distanceMeters, energyKilocalories, sourceName
    }

    /// Encodes every field, writing `null` for an absent total so scripts see a stable shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(activityType, forKey: .activityType)
        try container.encode(hkActivityType, forKey: .hkActivityType)
        try container.encode(start, forKey: .start)
        try container.encode(end, forKey: .end)
        try container.encode(durationSeconds, forKey: .durationSeconds)
        try container.encode(distanceMeters, forKey: .distanceMeters)
        try container.encode(energyKilocalories, forKey: .energyKilocalories)
        try container.encode(sourceName, forKey: .sourceName)
    }
}

/// Renders `pace list`.
public enum WorkoutListing {
    /// A table of workouts, newest first as given: date, type, duration, distance, energy, id.
    public static func text(_ workouts: [Workout], formatting: Formatting) -> String {
        guard !workouts.isEmpty else { return "No workouts in the store. Add one with 'pace add'." }
        let rows = workouts.map { workout in
            [formatting.date(workout.startDate), workout.activityType.displayName,
             formatting.duration(workout.duration), formatting.distance(workout.totalDistance),
             formatting.energy(workout.totalEnergyBurned), workout.id.uuidString]
        }
        return TextTable.render(header: ["DATE", "TYPE", "DURATION", "DISTANCE", "ENERGY", "ID"], rows: rows)
    }

    /// A JSON array of ``WorkoutRow``.
    public static func json(_ workouts: [Workout]) throws -> String {
        try JSONOutput.encode(workouts.map(WorkoutRow.init))
    }
}
