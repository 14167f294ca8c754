import Foundation
import HTTPTypes
import Hummingbird
import PaceAPI

extension LiveBatch {
    /// The batch as one watcher may see it: points only with read access to routes, heart rates
    /// only with read access to heart rate.
    func visible(points showsPoints: Bool, heartRate showsHeartRate: Bool) -> LiveBatch {
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
