import Foundation
import PaceModel

/// Where a builder saves: the owner's whole store, or one client's view of it, so a client's
/// builder writes as the client (its permissions and its source), never as the owner.
package enum BuilderTarget: Sendable {
    /// The owner's store: every type may be written.
    case owner(HealthStore)
    /// A client's view: ``AuthorizedStore``'s rules apply to what the builder saves.
    case client(AuthorizedStore)

    /// Saves `batch` in one transaction under the target's rules.
    func save(_ batch: HealthObjectBatch) async throws(StoreError) {
        switch self {
        case .owner(let store): try await store.save(batch)
        case .client(let client): try await client.save(batch)
        }
    }

    /// Whether the workout is stored and visible to the target (a client sees its own workouts).
    func hasWorkout(_ id: UUID) async throws(StoreError) -> Bool {
        switch self {
        case .owner(let store): return try await store.workout(id: id) != nil
        case .client(let client):
            if case .workout? = try await client.object(id: id) { return true }
            return false
        }
    }
}
