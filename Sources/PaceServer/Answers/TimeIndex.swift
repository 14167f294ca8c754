import Foundation

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
