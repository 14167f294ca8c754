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
///
/// Catching up reads every changed object of the watched types: about a second for a phone's
/// 100,000 synced heart rates. So the writers that can bring many changes (a sync push, an upload)
/// call ``refresh(account:)``, which catches the account's ledgers up in the background as the
/// changes arrive, and a visit finds its ledger current instead of paying for them.
actor WorkoutRevisions {
    /// One reader's revisions.
    private struct Ledger {
        /// The reader's view of the store, for catching up in the background.
        var store: AuthorizedStore
        var anchor: QueryAnchor
        /// The revision of every workout not in ``revised``.
        var base: Int64
        var revised: [UUID: Int64] = [:]
        /// Routes seen added since the ledger began, and their workouts.
        var routeOwners: [UUID: UUID] = [:]
        var used: UInt64 = 0

        /// A ledger of `store` at `anchor` with every workout at that revision.
        init(_ store: AuthorizedStore, at anchor: QueryAnchor) {
            self.store = store
            self.anchor = anchor
            base = anchor.anchor.rawValue
        }
    }

    private var ledgers: [AccountClient: Ledger] = [:]
    /// Background catch-ups running, and the readers with changes since theirs began.
    private var running: [AccountClient: Task<Void, Never>] = [:]
    private var stale: Set<AccountClient> = []
    private var clock: UInt64 = 0
    private let capacity: Int

    /// A ledger book for at most `capacity` readers (the least recently used goes first).
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The revision of `workout` for `reader`, as `store` holds it now.
    func revision(of workout: UUID, for reader: AccountClient, store: AuthorizedStore) async throws -> Int64 {
        // A background catch-up under way has read most of what this one would.
        await running[reader]?.value
        let ledger = try await current(reader, store: store)
        clock += 1
        ledgers[reader]?.used = clock
        if ledgers.count > capacity, let oldest = ledgers.min(by: { $0.value.used < $1.value.used })?.key {
            ledgers[oldest] = nil
        }
        return ledger.revised[workout] ?? ledger.base
    }

    /// Catches the ledgers of `account`'s readers up with the store in the background; a call while
    /// one runs makes it run once more when it ends. Readers without a ledger are left alone.
    func refresh(account: UUID) {
        for reader in ledgers.keys where reader.account == account {
            if running[reader] != nil {
                stale.insert(reader)
                continue
            }
            running[reader] = Task { await self.refreshInBackground(reader) }
        }
    }

    private func refreshInBackground(_ reader: AccountClient) async {
        repeat {
            stale.remove(reader)
            guard let store = ledgers[reader]?.store else { break }
            // A failure is left for the next visit to meet (and report).
            _ = try? await current(reader, store: store)
        } while stale.contains(reader)
        running[reader] = nil
    }

    /// `reader`'s ledger brought up to `store`'s current anchor, and kept.
    private func current(_ reader: AccountClient, store: AuthorizedStore) async throws -> Ledger {
        let now = QueryAnchor(storeID: try await store.store.storeIdentifier(), anchor: try await store.store.currentAnchor())
        var ledger: Ledger
        if let kept = ledgers[reader], kept.anchor == now {
            return kept
        } else if let kept = ledgers[reader], kept.anchor.storeID == now.storeID {
            ledger = try await catchUp(kept, store: store)
        } else {
            ledger = Ledger(store, at: now)
        }
        ledger.used = ledgers[reader]?.used ?? clock
        // A request that began later may already have stored a newer ledger: keep the newer.
        if let stored = ledgers[reader], stored.anchor.storeID == ledger.anchor.storeID,
           stored.anchor.anchor.rawValue > ledger.anchor.anchor.rawValue {
            return stored
        }
        ledgers[reader] = ledger
        return ledger
    }

    /// `kept` brought up to the store's changes.
    private func catchUp(_ kept: Ledger, store: AuthorizedStore) async throws -> Ledger {
        guard let changes = await WorkoutChanges.read(since: kept.anchor, store: store) else {
            return Ledger(store, at: QueryAnchor(storeID: kept.anchor.storeID, anchor: try await store.store.currentAnchor()))
        }
        var ledger = kept
        ledger.anchor = changes.anchor
        let stamp = changes.anchor.anchor.rawValue
        ledger.routeOwners.merge(changes.addedRoutes) { $1 }
        var owners: [UUID] = []
        for route in changes.deletedRoutes {
            guard let owner = ledger.routeOwners[route] else { return Ledger(store, at: changes.anchor) }
            owners.append(owner)
        }
        if changes.unplaceable { return Ledger(store, at: changes.anchor) }
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
