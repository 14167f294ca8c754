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
/// reads what was added and deleted since its anchor (an anchored query of those types) and
/// digests again only the workouts that changed: a workout added, one whose route was added or
/// deleted, one whose time holds an added sample. A deleted sample names no time, so it, or a
/// deleted route the book does not know, digests every workout again, as does anything the
/// anchored query refuses. Digesting 5,000 workouts takes seconds; one change, milliseconds.
actor DigestBook {
    /// Whose digests: an account as one client sees it (what a token may read shapes the answer).
    struct Reader: Hashable, Sendable {
        /// The account.
        var account: UUID
        /// The reading client's bundle identifier.
        var client: String
    }

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

    /// The types a digest is computed from.
    static let watchedTypes: [HealthObjectType] = [
        .workout, .workoutRoute, .quantity(.heartRate), .quantity(.cyclingCadence), .quantity(.cyclingPower), .quantity(.runningPower),
    ]
    /// Changes read per anchored query while catching up.
    static let changesPerPage = 10_000

    private var pages: [Reader: Page] = [:]
    private var clock: UInt64 = 0
    private let capacity: Int
    /// How many workouts were digested since the book was made (a measure for tests and logs).
    private(set) var digested = 0

    /// A book keeping the digests of at most `capacity` readers (the least recently used goes first).
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// `reader`'s digests, newest first (start date, then identifier), as `store` holds them now.
    func digests(of reader: Reader, store: AuthorizedStore) async throws -> [WorkoutDigest] {
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
        if let kept = pages[reader], kept.anchor.anchor.rawValue > page.anchor.anchor.rawValue {
            // A request that began later already stored a newer page.
        } else {
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
        var affected = Set<UUID>(), removed = Set<UUID>()
        let times = TimeIndex(page.times)
        var anchor = page.anchor
        while true {
            let queries = Self.watchedTypes.map { AnchoredObjectQuery(type: $0, anchor: anchor) }
            guard let changes = try? await store.anchoredObjects(queries, limit: Self.changesPerPage) else { return nil }
            for object in changes.added {
                switch object {
                case .workout(let workout): affected.insert(workout.id)
                case .workoutRoute(let route): affected.insert(route.workoutID)
                case .quantitySample(let sample): affected.formUnion(times.workouts(overlapping: sample.startDate, sample.endDate))
                default: break
                }
            }
            for tombstone in changes.deleted {
                switch tombstone.objectType {
                case .workout: removed.insert(tombstone.id)
                case .workoutRoute:
                    guard let owner = page.routeOwners[tombstone.id] else { return nil }
                    affected.insert(owner)
                default: return nil
                }
            }
            anchor = changes.anchor
            if !changes.hasMore { break }
        }
        for id in removed {
            page.digests[id] = nil
            page.times[id] = nil
        }
        page.routeOwners = page.routeOwners.filter { !removed.contains($0.value) }
        for id in affected.subtracting(removed) {
            page.digests[id] = nil
            page.times[id] = nil
            // Added, then deleted later in the same changes: nothing to digest.
            guard case .workout(let workout)? = try await store.object(id: id) else { continue }
            try await digest(workout, into: &page, store: store)
        }
        page.anchor = anchor
        page.sort()
        return page
    }
}

/// Workouts' times sorted by start, to find those an instant or interval falls in.
struct TimeIndex {
    private let starts: [Date]
    private let entries: [(id: UUID, time: DateInterval)]
    private let longest: TimeInterval

    /// An index of `times` (a workout's identifier to its start and end).
    init(_ times: [UUID: DateInterval]) {
        entries = times.map { (id: $0.key, time: $0.value) }.sorted { $0.time.start < $1.time.start }
        starts = entries.map(\.time.start)
        longest = entries.map(\.time.duration).max() ?? 0
    }

    /// The workouts whose time shares an instant with `start`…`end` (seconds since the reference date).
    func workouts(overlapping start: Date, _ end: Date) -> [UUID] {
        // The first entry starting after `end`, by binary search; the candidates start before it.
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= end { low = middle + 1 } else { high = middle }
        }
        var found: [UUID] = []
        var index = low - 1
        let earliest = start.addingTimeInterval(-longest)
        while index >= 0, entries[index].time.start >= earliest {
            if entries[index].time.end >= start { found.append(entries[index].id) }
            index -= 1
        }
        return found
    }
}
