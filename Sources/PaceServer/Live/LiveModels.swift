import Foundation
import HTTPTypes
import Hummingbird

/// One batch a publisher sends (`POST /api/v1/live/{session}/batches`): its number in the session,
/// the latest snapshot, the route points journaled since the previous batch, and — in the last
/// batch — how the recording ended.
struct LiveBatchJSON: Codable, Sendable {
    /// 1 for the session's first batch, then one more for each batch.
    var sequence: Int
    /// The recording's numbers at one instant.
    var snapshot: LiveSnapshotJSON?
    /// New route points, oldest first.
    var points: [LivePointJSON]
    /// How the recording ended; only in the last batch.
    var end: LiveEndJSON?

    private enum CodingKeys: String, CodingKey { case sequence, snapshot, points, end }

    init(sequence: Int, snapshot: LiveSnapshotJSON?, points: [LivePointJSON], end: LiveEndJSON?) {
        self.sequence = sequence
        self.snapshot = snapshot
        self.points = points
        self.end = end
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sequence = try container.decode(Int.self, forKey: .sequence)
        snapshot = try container.decodeIfPresent(LiveSnapshotJSON.self, forKey: .snapshot)
        points = try container.decodeIfPresent([LivePointJSON].self, forKey: .points) ?? []
        end = try container.decodeIfPresent(LiveEndJSON.self, forKey: .end)
    }

    /// The batch as one watcher may see it: points only with read access to routes, heart rates
    /// only with read access to heart rate.
    func visible(points showsPoints: Bool, heartRate showsHeartRate: Bool) -> LiveBatchJSON {
        var copy = self
        copy.end = nil
        if !showsPoints { copy.points = [] }
        if !showsHeartRate {
            copy.snapshot?.heartRate = nil
            copy.snapshot?.averageHeartRate = nil
            for index in copy.points.indices { copy.points[index].heartRate = nil }
        }
        return copy
    }
}

/// A live recording's numbers at one instant: speeds in m/s, distances and altitudes in metres,
/// times in seconds, heart rate in beats per minute, cadence per minute, power in watts.
struct LiveSnapshotJSON: Codable, Sendable {
    /// The session's state, e.g. `active`, `paused`, `ended`.
    var state: String
    /// The instant (ISO 8601).
    var time: Date
    /// The activity, e.g. `running`.
    var activityType: String
    /// The timer: seconds since the start minus pauses.
    var elapsedTime: Double
    /// Seconds spent moving.
    var movingTime: Double?
    /// Metres covered while the timer ran.
    var distance: Double
    var currentSpeed: Double?
    var averageSpeed: Double?
    var heartRate: Double?
    var averageHeartRate: Double?
    var cadence: Double?
    var power: Double?
    var altitude: Double?
    var elevationGain: Double?
    var elevationLoss: Double?
    /// Horizontal accuracy of the latest fix, in metres.
    var gpsAccuracy: Double?
    /// `searching`, `good`, `weak` or `lost`.
    var gpsSignal: String?
}

/// A route point of a live recording (WGS-84 degrees, metres, m/s, beats per minute).
struct LivePointJSON: Codable, Sendable {
    var time: Date
    var latitude: Double?
    var longitude: Double?
    var altitude: Double?
    var speed: Double?
    var heartRate: Double?
    /// Metres covered since the start.
    var distance: Double
}

/// How a live recording ended.
struct LiveEndJSON: Codable, Sendable {
    /// `saved` or `discarded`.
    var outcome: String
    /// The saved workout, which arrives through sync.
    var workoutID: UUID?
}

/// What the server did with a batch.
struct LiveBatchReplyJSON: ResponseEncodable, Codable, Sendable {
    /// The batch's number.
    var sequence: Int
    /// `false` when the server had it already (a resend): acknowledged, not stored twice.
    var stored: Bool
    /// The highest number the server holds for the session.
    var lastSequence: Int
}

/// A live session as the API lists it.
struct LiveSessionJSON: ResponseEncodable, Codable, Sendable {
    var id: UUID
    var activityType: String?
    var startedAt: Date
    var updatedAt: Date
    /// The highest batch number held: a publisher continues after it, a watcher resumes from any number up to it.
    var lastSequence: Int
    /// When the session ended (its `end` batch arrived), if it has.
    var endedAt: Date?
    var outcome: String?
    var workoutID: UUID?
}

/// The account's sessions in progress.
struct LiveSessionListJSON: ResponseEncodable, Codable, Sendable {
    var sessions: [LiveSessionJSON]
}
