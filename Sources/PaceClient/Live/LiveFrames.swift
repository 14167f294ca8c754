import Foundation
import PaceAPI

/// The server's answer to a batch.
struct LiveBatchReply: Decodable, Sendable {
    var sequence: Int
    var stored: Bool
    var lastSequence: Int
}

/// A live session as the server shows it.
struct LiveSessionRecord: Decodable, Sendable {
    var lastSequence: Int
    var endedAt: Date?
}
