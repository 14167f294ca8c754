import Foundation
import PaceModel
import PaceStore

/// Answers computed from a workout (its analysis, its chart), kept while the account's store is
/// unchanged: stored objects never change, so an answer can only go stale when something is saved
/// or deleted, which moves the store's anchor — part of the key. The client is part of the key too,
/// because what a token may read shapes the answer. The least recently used answer goes first.
actor AnswerCache<Value: Sendable> {
    private var entries: [AnswerKey: (value: Value, used: UInt64)] = [:]
    private var clock: UInt64 = 0
    private let capacity: Int

    /// A cache of at most `capacity` answers.
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The answer for `key`, computing it with `make` (outside the actor) when there is none.
    func answer(_ key: AnswerKey, make: @Sendable () async throws -> Value) async throws -> Value {
        clock += 1
        if let entry = entries[key] {
            entries[key] = (entry.value, clock)
            return entry.value
        }
        let value = try await make()
        clock += 1
        entries[key] = (value, clock)
        if entries.count > capacity, let oldest = entries.min(by: { $0.value.used < $1.value.used })?.key {
            entries[oldest] = nil
        }
        return value
    }

    /// The number of answers kept.
    var count: Int { entries.count }
}

extension Gate.TokenCaller {
    /// The cache key of an answer about `workout` for this caller, at the store's current anchor.
    func answerKey(workout: UUID, variant: Int = 0) async throws -> AnswerKey {
        AnswerKey(account: token.account, client: token.client, workout: workout,
                             anchor: try await store.store.currentAnchor().rawValue, variant: variant)
    }
}

/// What an answer was computed from.
struct AnswerKey: Hashable, Sendable {
    /// The account.
    var account: UUID
    /// The reading client (the token's or the web client's bundle identifier).
    var client: String
    /// The workout.
    var workout: UUID
    /// The store's anchor when the answer was computed.
    var anchor: Int64
    /// Anything else the answer depends on (the number of chart points; 0 when nothing).
    var variant: Int = 0
}
