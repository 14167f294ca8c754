import Foundation
import PaceModel
import PaceStore

/// Each workout's revision as one reader sees it: the store's anchor at the last change to anything
/// the workout's answers are computed from (``WorkoutChanges/watchedTypes``). An answer kept under a
/// workout's revision stays good while other workouts, other types or other days change; keyed by
/// the store's anchor instead, any save anywhere in the account (a weight, another upload) would
/// throw away the analysis of a 100,000-point workout.
///
/// The ledger starts at the anchor of its first question with every workout at that revision (its
/// ``Ledger/base``), and catches up from the store's changes: a workout added, deleted, given or
/// losing a route, or holding an added sample in its time gets the change's anchor. A change no
/// workout can be named for (a deleted sample, a deleted route the ledger never saw added) moves
/// the base, which revises every workout at once.
actor WorkoutRevisions {
    /// One reader's revisions.
    private struct Ledger {
        var anchor: QueryAnchor
        /// The revision of every workout not in ``revised``.
        var base: Int64
        var revised: [UUID: Int64] = [:]
        /// Routes seen added since the ledger began, and their workouts.
        var routeOwners: [UUID: UUID] = [:]
        var used: UInt64 = 0

        /// A ledger at `anchor` with every workout at that revision.
        init(at anchor: QueryAnchor) {
            self.anchor = anchor
            base = anchor.anchor.rawValue
        }
    }

    private var ledgers: [DigestBook.Reader: Ledger] = [:]
    private var clock: UInt64 = 0
    private let capacity: Int

    /// A ledger book for at most `capacity` readers (the least recently used goes first).
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The revision of `workout` for `reader`, as `store` holds it now.
    func revision(of workout: UUID, for reader: DigestBook.Reader, store: AuthorizedStore) async throws -> Int64 {
        let now = QueryAnchor(storeID: try await store.store.storeIdentifier(), anchor: try await store.store.currentAnchor())
        var ledger: Ledger
        if let kept = ledgers[reader], kept.anchor == now {
            ledger = kept
        } else if let kept = ledgers[reader], kept.anchor.storeID == now.storeID {
            ledger = try await catchUp(kept, store: store)
        } else {
            ledger = Ledger(at: now)
        }
        clock += 1
        ledger.used = clock
        // A request that began later may already have stored a newer ledger: keep the newer.
        if let stored = ledgers[reader], stored.anchor.storeID == ledger.anchor.storeID,
           stored.anchor.anchor.rawValue > ledger.anchor.anchor.rawValue {
            ledgers[reader]?.used = clock
        } else {
            ledgers[reader] = ledger
        }
        if ledgers.count > capacity, let oldest = ledgers.min(by: { $0.value.used < $1.value.used })?.key {
            ledgers[oldest] = nil
        }
        return ledger.revised[workout] ?? ledger.base
    }

    /// `kept` brought up to the store's changes.
    private func catchUp(_ kept: Ledger, store: AuthorizedStore) async throws -> Ledger {
        guard let changes = await WorkoutChanges.read(since: kept.anchor, store: store) else {
            return Ledger(at: QueryAnchor(storeID: kept.anchor.storeID, anchor: try await store.store.currentAnchor()))
        }
        var ledger = kept
        ledger.anchor = changes.anchor
        let stamp = changes.anchor.anchor.rawValue
        ledger.routeOwners.merge(changes.addedRoutes) { $1 }
        var owners: [UUID] = []
        for route in changes.deletedRoutes {
            guard let owner = ledger.routeOwners[route] else { return Ledger(at: changes.anchor) }
            owners.append(owner)
        }
        if changes.unplaceable { return Ledger(at: changes.anchor) }
        for id in changes.touched.union(changes.removed).union(owners) { ledger.revised[id] = stamp }
        if let span = changes.sampleSpan {
            // The workouts the added samples may fall in, then those they do fall in.
            let candidates = try await store.samples(matching: .workout, predicate: .date(from: span.start, to: span.end.addingTimeInterval(1)))
            var times: [UUID: DateInterval] = [:]
            for case .workout(let workout) in candidates {
                times[workout.id] = DateInterval(start: workout.startDate, end: max(workout.endDate, workout.startDate))
            }
            let index = TimeIndex(times)
            for time in changes.sampleTimes {
                for id in index.workouts(overlapping: time.start, time.end) { ledger.revised[id] = stamp }
            }
        }
        return ledger
    }
}
