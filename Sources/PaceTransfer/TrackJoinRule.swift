public import Foundation
public import PaceFormats
import PaceModel

/// When the tracks of one GPX file are one workout: a logger that splits its log at every power
/// cycle or loss of fix (a Garmin handheld's "ACTIVE LOG", "ACTIVE LOG #2", …) writes one outing
/// as many tracks minutes apart, and athletes expect one file to be one workout (DECISIONS 91).
///
/// Tracks are taken in time order (of their first timed point; MapSource and ExpertGPS write
/// tracks sorted by name), and a track joins the one before it when it starts at or after that
/// one's last timed point, at most ``maximumGap`` later, and both map to the same HealthKit activity
/// type. The joined activity keeps every track's segments as laps, in time order, and each gap
/// becomes a pause/resume pair of timer events (the converter turns them into HealthKit-style
/// `.pause` and `.resume` workout events and leaves the gap out of the active duration); tracks
/// that touch (one starts at the other's last point) join without a pause. Tracks on different days
/// or of different sports, overlapping tracks, and tracks without times stay apart.
public struct TrackJoinRule: Hashable, Sendable {
    /// The longest gap between one track's last point and the next one's first that is a pause
    /// in one outing, in seconds.
    public var maximumGap: TimeInterval

    /// Creates a rule; by default gaps of up to two hours are joined.
    /// - Parameter maximumGap: The longest gap joined, in seconds.
    public init(maximumGap: TimeInterval = 2 * 3600) {
        self.maximumGap = maximumGap
    }

    /// The activities of one file with empty tracks left out and tracks of one outing joined, with
    /// one sentence per track left out or per join. Activities keep their file order (a joined one
    /// stands where its first track in the file stood), so a file where nothing is joined gives its
    /// tracks as before.
    ///
    /// - Parameter activities: The tracks of one GPX file, in file order.
    /// - Returns: The activities to import and the notes (track names quoted).
    public func join(_ activities: [RecordedActivity]) -> (activities: [RecordedActivity], notes: [String]) {
        var notes: [String] = []
        var kept: [(index: Int, activity: RecordedActivity)] = []
        for (index, activity) in activities.enumerated() {
            if activity.records.isEmpty, activity.laps.allSatisfy({ $0.startTime == nil }) {
                notes.append("\(Self.label(activity, index: index)) is empty (no points), so there is nothing in it to import")
            } else {
                kept.append((index, activity))
            }
        }
        // Timed tracks in time order (a stable sort keeps file order among equal starts); each
        // joins the group before it if it continues that group's last track.
        let timed = kept.compactMap { member in Self.timeSpan(of: member.activity).map { (member, $0.start) } }
            .enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }.map(\.element.0)
        var groups: [[(index: Int, activity: RecordedActivity)]] = []
        for member in timed {
            if let last = groups.last?.last, joins(last.activity, member.activity) {
                groups[groups.count - 1].append(member)
            } else {
                groups.append([member])
            }
        }
        var joinedAt: [Int: RecordedActivity] = [:]
        var absorbed: Set<Int> = []
        for group in groups where group.count > 1 {
            let joined = joined(group)
            let first = group.map(\.index).min()!
            joinedAt[first] = joined.activity
            absorbed.formUnion(group.map(\.index).filter { $0 != first })
            notes.append(joined.note)
        }
        let result = kept.compactMap { member in absorbed.contains(member.index) ? nil : (joinedAt[member.index] ?? member.activity) }
        return (result, notes)
    }

    /// Whether `next` continues `earlier` as one outing.
    func joins(_ earlier: RecordedActivity, _ next: RecordedActivity) -> Bool {
        guard let end = Self.timeSpan(of: earlier)?.end, let start = Self.timeSpan(of: next)?.start else { return false }
        let gap = start.timeIntervalSince(end)
        return gap >= 0 && gap <= maximumGap
            && SportMapping.activityType(for: earlier.sport) == SportMapping.activityType(for: next.sport)
    }

    /// The first and last record time of an activity, `nil` when none has a time.
    static func timeSpan(of activity: RecordedActivity) -> (start: Date, end: Date)? {
        let times = activity.records.compactMap(\.time).filter { $0.timeIntervalSinceReferenceDate.isFinite }
        guard let start = times.min(), let end = times.max() else { return nil }
        return (start, end)
    }

    private func joined(_ members: [(index: Int, activity: RecordedActivity)]) -> (activity: RecordedActivity, note: String) {
        let group = members.map(\.activity)
        var activity = group[0]
        activity.sport = group.lazy.compactMap(\.sport).first
        activity.name = group.lazy.compactMap { $0.name.flatMap { $0.isEmpty ? nil : $0 } }.first
        activity.deviceName = group.lazy.compactMap(\.deviceName).first
        activity.identifier = nil
        var gaps: [TimeInterval] = []
        for (earlier, next) in zip(group, group.dropFirst()) {
            activity.laps += next.laps
            activity.timerEvents += next.timerEvents
            if let pause = Self.timeSpan(of: earlier)?.end, let resume = Self.timeSpan(of: next)?.start, resume > pause {
                activity.timerEvents.append(ActivityTimerEvent(kind: .pause, time: pause))
                activity.timerEvents.append(ActivityTimerEvent(kind: .resume, time: resume))
                gaps.append(resume.timeIntervalSince(pause))
            }
        }
        activity.timerEvents.sort { $0.time < $1.time }
        let names = members.map { Self.label($0.activity, index: $0.index) }
        let range = names.count > 2 ? "\(names[0]) to \(names[names.count - 1])" : names.joined(separator: " and ")
        let limit = maximumGap.isFinite ? "with gaps of at most \(Self.durationText(maximumGap))" : "with gaps of any length"
        var note = "joined \(group.count) tracks (\(range)) into one workout, as one outing of one activity type \(limit)"
        if let shortestGap = gaps.min(), let longestGap = gaps.max() {
            let (shortest, longest) = (Self.durationText(shortestGap), Self.durationText(longestGap))
            let spread = shortest == longest ? shortest : "\(shortest) to \(longest)"
            note += ": the \(gaps.count) gap\(gaps.count == 1 ? "" : "s") between them (\(spread)) \(gaps.count == 1 ? "is a pause" : "are pauses")"
        } else {
            note += ": each starts where the one before it ends"
        }
        return (activity, note)
    }

    /// `45 s`, `7 min`, `2 h 5 min`.
    private static func durationText(_ seconds: TimeInterval) -> String {
        // A rule's maximum gap is any number a caller chose; past Int's range it is written as it is.
        guard let whole = Int(exactly: seconds.rounded()) else { return "\(seconds) s" }
        if whole < 60 { return "\(whole) s" }
        let minutes = (whole + 30) / 60
        if minutes < 60 { return "\(minutes) min" }
        return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }

    /// `track 'NAME'`, or `track N` (1-based, in file order) when it has no name.
    private static func label(_ activity: RecordedActivity, index: Int) -> String {
        if let name = activity.name, !name.isEmpty { return "track '\(name)'" }
        return "track \(index + 1)"
    }
}
