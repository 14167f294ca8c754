import Foundation
import PaceAnalysis
import PaceModel
import PaceStore
import PaceTransfer

/// Every workout a reader may read, digested with its analysis (``PaceAnalysis/WorkoutDigest``),
/// kept per reader and brought up to date from the store's changes instead of digested again.
///
/// A digest depends on its workout, the workout's routes and the heart-rate, cadence and power
/// samples inside the workout's time (``PaceTransfer/WorkoutSeries``). After a change, the book
/// reads what was added and deleted since its anchor (``WorkoutChanges``) and
/// digests again only the workouts that changed: a workout added, one whose route was added or
/// deleted, one whose time holds an added sample. A deleted sample names no time, so it, or a
/// deleted route the book does not know, digests every workout again, as does anything the
/// anchored query refuses. Digesting 5,000 workouts takes seconds; one change, milliseconds.
actor DigestBook {
    /// One reader's digests at an anchor.
    private struct Page: Sendable {
        var anchor: QueryAnchor
        var digests: [UUID: WorkoutDigest]
        /// Each digested workout's time, to find the workouts an added sample falls in.
        var times: [UUID: DateInterval]
        /// Each digested route's workout, to find the workout of a deleted route.
        var routeOwners: [UUID: UUID]
        /// The digests newest first (start date, then identifier), sorted once per anchor.
        var sorted: [WorkoutDigest] = []
        var used: UInt64 = 0

        /// Sorts the digests into ``sorted``.
        mutating func sort() {
            sorted = digests.values.map { ($0, $0.id.uuidString) }
                .sorted { ($0.0.startDate, $0.1) > ($1.0.startDate, $1.1) }
                .map(\.0)
        }
    }

    private var pages: [AccountClient: Page] = [:]
    private var clock: UInt64 = 0
    private let capacity: Int
    /// How many workouts were digested since the book was made (a measure for tests and logs).
    private(set) var digested = 0

    /// A book keeping the digests of at most `capacity` readers (the least recently used goes first).
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// `reader`'s digests, newest first (start date, then identifier), as `store` holds them now.
    func digests(of reader: AccountClient, store: AuthorizedStore) async throws -> [WorkoutDigest] {
        let storeID = try await store.store.storeIdentifier()
        let now = QueryAnchor(storeID: storeID, anchor: try await store.store.currentAnchor())
        var page: Page
        if let kept = pages[reader], kept.anchor == now {
            page = kept
        } else if let kept = pages[reader], kept.anchor.storeID == storeID, let caughtUp = try await catchUp(kept, store: store) {
            page = caughtUp
        } else {
            page = try await digestAll(store: store, anchor: now)
        }
        clock += 1
        page.used = clock
        // A request that began later may already have stored a newer page: keep the newer.
        if (pages[reader]?.anchor.anchor.rawValue ?? .min) <= page.anchor.anchor.rawValue {
            pages[reader] = page
        }
        if pages.count > capacity, let oldest = pages.min(by: { $0.value.used < $1.value.used })?.key {
            pages[oldest] = nil
        }
        return page.sorted
    }

    /// Every workout digested, at `anchor` (read before the workouts, so a change made meanwhile is
    /// caught up later, never missed).
    private func digestAll(store: AuthorizedStore, anchor: QueryAnchor) async throws -> Page {
        var page = Page(anchor: anchor, digests: [:], times: [:], routeOwners: [:])
        for workout in try await store.workouts() {
            try await digest(workout, into: &page, store: store)
        }
        page.sort()
        return page
    }

    /// Digests `workout` into `page`.
    private func digest(_ workout: Workout, into page: inout Page, store: AuthorizedStore) async throws {
        let routes = try await store.routes(forWorkout: workout.id)
        let analysis = WorkoutAnalysis(workout: workout, routes: routes, series: try await WorkoutSeries(store: store, workout: workout))
        page.digests[workout.id] = WorkoutDigest(workout, analysis: analysis)
        page.times[workout.id] = DateInterval(start: workout.startDate, end: max(workout.endDate, workout.startDate))
        for route in routes { page.routeOwners[route.id] = workout.id }
        digested += 1
    }

    /// `page` brought up to the store's latest anchor, digesting only the workouts that changed;
    /// `nil` when a change cannot be placed (a deleted sample, an unknown deleted route).
    private func catchUp(_ kept: Page, store: AuthorizedStore) async throws -> Page? {
        var page = kept
        guard let changes = await WorkoutChanges.read(since: page.anchor, store: store), !changes.unplaceable else { return nil }
        var affected = changes.touched
        let times = TimeIndex(page.times)
        for time in changes.sampleTimes { affected.formUnion(times.workouts(overlapping: time.start, time.end)) }
        for route in changes.deletedRoutes {
            guard let owner = page.routeOwners[route] ?? changes.addedRoutes[route] else { return nil }
            affected.insert(owner)
        }
        for id in changes.removed {
            page.digests[id] = nil
            page.times[id] = nil
        }
        page.routeOwners = page.routeOwners.filter { !changes.removed.contains($0.value) }
        for id in affected.subtracting(changes.removed) {
            page.digests[id] = nil
            page.times[id] = nil
            // Added, then deleted later in the same changes: nothing to digest.
            guard case .workout(let workout)? = try await store.object(id: id) else { continue }
            try await digest(workout, into: &page, store: store)
        }
        page.anchor = changes.anchor
        page.sort()
        return page
    }
}
