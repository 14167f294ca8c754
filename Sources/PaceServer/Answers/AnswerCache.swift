import Foundation
import HTTPTypes
import Hummingbird
import PaceModel
import PaceStore

/// Answers computed from a workout (its analysis, its chart), kept while what they are computed
/// from is unchanged: stored objects never change, so an answer can only go stale when something is
/// saved or deleted, which moves the workout's revision (``WorkoutRevisions``) or the store's anchor
/// — part of the key. The client and the token's read scope are part of the key too, because what
/// a token may read shapes the answer. The least recently used answer goes first.
///
/// An answer still being computed is shared: a second request for it waits for the first
/// computation instead of starting its own (the workout page and its two data requests, or a visit
/// arriving while the upload's answers are still being made).
actor AnswerCache<Value: Sendable> {
    private var entries: [AnswerKey: (task: Task<Value, any Error>, used: UInt64)] = [:]
    private var clock: UInt64 = 0
    private let capacity: Int

    /// A cache of at most `capacity` answers.
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The answer for `key`, computing it with `make` (outside the actor) when there is none; a
    /// computation that fails is forgotten, so the next request tries again.
    func answer(_ key: AnswerKey, make: @escaping @Sendable () async throws -> Value) async throws -> Value {
        clock += 1
        let task: Task<Value, any Error>
        if let entry = entries[key] {
            task = entry.task
            entries[key] = (task, clock)
        } else {
            // Not the caller's task: a request that goes away does not cancel what others wait for.
            task = Task.detached { try await make() }
            entries[key] = (task, clock)
            if entries.count > capacity, let oldest = entries.min(by: { $0.value.used < $1.value.used })?.key {
                entries[oldest] = nil
            }
        }
        do {
            return try await task.value
        } catch {
            if entries[key]?.task == task { entries[key] = nil }
            throw error
        }
    }

    /// The number of answers kept.
    var count: Int { entries.count }
}

extension Gate.TokenCaller {
    /// The cache key of an answer about `workout` (or everything) for this caller, at the store's
    /// current anchor: for answers that depend on more than one workout.
    func answerKey(workout: UUID, variant: Int = 0) async throws -> AnswerKey {
        AnswerKey(account: token.account, client: token.client, read: token.read, workout: workout,
                  version: try await store.store.currentAnchor().rawValue, variant: variant)
    }
}

/// What an answer was computed from.
struct AnswerKey: Hashable, Sendable {
    /// The account.
    var account: UUID
    /// The reading client (the token's or the web client's bundle identifier).
    var client: String
    /// The types the token may read.
    var read: Set<HealthObjectType>
    /// The workout.
    var workout: UUID
    /// The part of the workout the answer is about (a route), or `nil` for the whole workout.
    var part: UUID? = nil
    /// The workout's revision (``WorkoutRevisions``), or the store's anchor, when the answer was computed.
    var version: Int64
    /// Anything else the answer depends on (the number of chart points; 0 when nothing).
    var variant: Int = 0
}

/// A JSON answer encoded once, so a kept answer is not encoded again for every request.
struct CachedJSON: ResponseGenerator, Sendable {
    let body: ByteBuffer

    /// Encodes `value` as every JSON answer is encoded.
    init(_ value: some Encodable) throws {
        body = ByteBuffer(bytes: try ServerRequestContext.makeEncoder().encode(value))
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: ResponseBody(byteBuffer: body))
    }
}
