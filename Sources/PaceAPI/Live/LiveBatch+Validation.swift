import Foundation

/// Why a live batch cannot be taken: the field and what is wrong with it, in words a publisher's
/// developer can act on. The server answers it as `400 live.invalid`.
public struct LiveBatchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The field, as a path into the batch (`points[3].latitude`, `snapshot.distance`, `end.outcome`).
    public var field: String
    /// What is wrong, completing "FIELD …" (e.g. "is 91, outside -90…90 degrees").
    public var problem: String

    /// An error for `field`.
    public init(field: String, problem: String) {
        self.field = field
        self.problem = problem
    }

    /// "A live batch's FIELD PROBLEM."
    public var description: String { "A live batch's \(field) \(problem)." }
}

extension LiveBatch {
    /// The outcomes an `end` may state.
    public static let outcomes: Set<String> = ["saved", "discarded"]

    /// Checks what the batch claims before it is stored and shown to watchers: its sequence is 1 or
    /// more; its points are in time order, each with both coordinates or neither, latitudes within
    /// ±90° and longitudes within ±180°, and no negative distance, speed or heart rate; its
    /// snapshot's times, distances, speeds, heart rates, cadence, power, climbs and accuracy are not
    /// negative; its end's outcome is `saved` or `discarded`. (JSON cannot carry NaN or infinities,
    /// but a batch made in code can: every number must be finite.)
    /// - Throws: ``LiveBatchError`` for the first field that breaks a rule.
    public func validate() throws(LiveBatchError) {
        guard sequence >= 1 else { throw LiveBatchError(field: "sequence", problem: "is \(sequence); it starts at 1 and grows by one per batch") }
        var previous: Date?
        for (index, point) in points.enumerated() {
            let field = "points[\(index)]"
            try Self.check(point.time, "\(field).time")
            if let previous, point.time < previous {
                throw LiveBatchError(field: "\(field).time", problem: "is earlier than the point before it; send points oldest first")
            }
            previous = point.time
            guard (point.latitude == nil) == (point.longitude == nil) else {
                throw LiveBatchError(field: field, problem: "has only one of latitude and longitude; give both or neither")
            }
            try Self.check(point.latitude, "\(field).latitude", within: -90...90, unit: "degrees")
            try Self.check(point.longitude, "\(field).longitude", within: -180...180, unit: "degrees")
            try Self.check(point.altitude, "\(field).altitude")
            try Self.checkNotNegative(point.speed, "\(field).speed", unit: "m/s")
            try Self.checkNotNegative(point.heartRate, "\(field).heartRate", unit: "beats per minute")
            try Self.checkNotNegative(point.distance, "\(field).distance", unit: "metres")
        }
        if let snapshot {
            try Self.check(snapshot.time, "snapshot.time")
            let nonNegative: [(String, Double?, String)] = [
                ("elapsedTime", snapshot.elapsedTime, "seconds"), ("movingTime", snapshot.movingTime, "seconds"),
                ("distance", snapshot.distance, "metres"), ("currentSpeed", snapshot.currentSpeed, "m/s"),
                ("averageSpeed", snapshot.averageSpeed, "m/s"), ("heartRate", snapshot.heartRate, "beats per minute"),
                ("averageHeartRate", snapshot.averageHeartRate, "beats per minute"), ("cadence", snapshot.cadence, "per minute"),
                ("power", snapshot.power, "watts"), ("elevationGain", snapshot.elevationGain, "metres"),
                ("elevationLoss", snapshot.elevationLoss, "metres"), ("gpsAccuracy", snapshot.gpsAccuracy, "metres"),
            ]
            for (name, value, unit) in nonNegative {
                try Self.checkNotNegative(value, "snapshot.\(name)", unit: unit)
            }
            try Self.check(snapshot.altitude, "snapshot.altitude")
        }
        if let end, !Self.outcomes.contains(end.outcome) {
            throw LiveBatchError(field: "end.outcome", problem: "is '\(end.outcome)'; it is saved or discarded")
        }
    }

    private static func check(_ time: Date, _ field: String) throws(LiveBatchError) {
        guard time.timeIntervalSinceReferenceDate.isFinite else { throw LiveBatchError(field: field, problem: "is not a finite time") }
    }

    private static func check(_ value: Double?, _ field: String, within range: ClosedRange<Double>? = nil, unit: String = "") throws(LiveBatchError) {
        guard let value else { return }
        guard value.isFinite else { throw LiveBatchError(field: field, problem: "is \(value), not a finite number") }
        if let range, !range.contains(value) {
            throw LiveBatchError(field: field, problem: "is \(value), outside \(Int(range.lowerBound))…\(Int(range.upperBound)) \(unit)")
        }
    }

    private static func checkNotNegative(_ value: Double?, _ field: String, unit: String) throws(LiveBatchError) {
        try check(value, field)
        if let value, value < 0 { throw LiveBatchError(field: field, problem: "is \(value), below 0 \(unit)") }
    }
}
