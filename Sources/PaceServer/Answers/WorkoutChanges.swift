import Foundation
import PaceModel
import PaceStore

/// What changed since an anchor in what a workout's answers are computed from: the workout, its
/// routes and the heart-rate, cadence and power samples inside its time (``watchedTypes``).
///
/// The scan names workouts where it can (a workout added or deleted, a route added) and leaves the
/// rest to its reader: an added sample is a time span (the workouts it falls in are the reader's to
/// find), a deleted route an identifier (its workout is the reader's to know), and a deleted sample
/// names no time at all, so it is ``unplaceable``.
struct WorkoutChanges: Sendable {
    /// The types a workout's answers are computed from.
    static let watchedTypes: [HealthObjectType] = [
        .workout, .workoutRoute, .quantity(.heartRate), .quantity(.cyclingCadence), .quantity(.cyclingPower), .quantity(.runningPower),
    ]
    /// Changes read per anchored query.
    static let changesPerPage = 10_000

    /// Where the scan ended: the anchor to scan from next time.
    var anchor: QueryAnchor
    /// Workouts added, or whose route was added.
    var touched: Set<UUID> = []
    /// Workouts deleted.
    var removed: Set<UUID> = []
    /// The added routes and their workouts.
    var addedRoutes: [UUID: UUID] = [:]
    /// The deleted routes.
    var deletedRoutes: Set<UUID> = []
    /// The times of the added samples, as spans: a sample that starts within ``sampleMergeGap`` of
    /// the previous span's end (they come in anchor order, usually time order) widens that span, so a
    /// push of 100,000 heart rates of one run is one span, not 100,000. A widened span may cover a
    /// workout that holds none of the samples; that workout's answers are computed again for
    /// nothing, never left stale.
    var sampleTimes: [(start: Date, end: Date)] = []
    /// How far apart two samples may be and still share a span, seconds.
    static let sampleMergeGap: TimeInterval = 60
    /// A sample was deleted: no workout can be named for it.
    var unplaceable = false

    /// The earliest start and latest end of ``sampleTimes``, or `nil` when no sample was added.
    var sampleSpan: (start: Date, end: Date)? {
        guard let first = sampleTimes.first else { return nil }
        return sampleTimes.dropFirst().reduce(first) { (min($0.start, $1.start), max($0.end, $1.end)) }
    }

    /// Adds an added sample's time to ``sampleTimes``, widening the last span when the sample starts
    /// inside it or at most ``sampleMergeGap`` after its end.
    mutating func addSampleTime(_ start: Date, _ end: Date) {
        if let last = sampleTimes.last, start >= last.start, start <= last.end.addingTimeInterval(Self.sampleMergeGap) {
            sampleTimes[sampleTimes.count - 1].end = max(last.end, end)
        } else {
            sampleTimes.append((start, end))
        }
    }

    /// Everything `store` changed after `anchor`, in pages of ``changesPerPage``; `nil` when the
    /// anchored query refuses the anchor (another store's, or one from before a reset).
    static func read(since anchor: QueryAnchor, store: AuthorizedStore) async -> WorkoutChanges? {
        var changes = WorkoutChanges(anchor: anchor)
        while true {
            let queries = watchedTypes.map { AnchoredObjectQuery(type: $0, anchor: changes.anchor) }
            guard let page = try? await store.anchoredObjects(queries, limit: changesPerPage) else { return nil }
            for object in page.added {
                switch object {
                case .workout(let workout): changes.touched.insert(workout.id)
                case .workoutRoute(let route):
                    changes.touched.insert(route.workoutID)
                    changes.addedRoutes[route.id] = route.workoutID
                case .quantitySample(let sample): changes.addSampleTime(sample.startDate, sample.endDate)
                default: break
                }
            }
            for tombstone in page.deleted {
                switch tombstone.objectType {
                case .workout: changes.removed.insert(tombstone.id)
                case .workoutRoute: changes.deletedRoutes.insert(tombstone.id)
                default: changes.unplaceable = true
                }
            }
            changes.anchor = page.anchor
            if !page.hasMore { return changes }
        }
    }
}
