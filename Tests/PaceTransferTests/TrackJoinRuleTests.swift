import Foundation
import PaceFormats
import PaceModel
import PaceStore
import PaceTestSupport
import PaceTransfer
import Testing

/// Issue 13, item 3: the tracks of one GPX file that are one outing become one workout, and an
/// empty track is a note, not a rejection (DECISIONS 91).
@Suite("Tracks of one GPX file joined into one workout")
struct TrackJoinRuleTests {
    static let activeLog = ActivityFileReaderTests.fixture("gpx/garmin-active-log-8trk-first-empty.gpx")

    @Test("a Garmin active log split into 7 tracks minutes apart, the first one empty, is one workout with 6 pauses")
    func activeLogIsOneWorkout() async throws {
        let file = try ActivityFileReader.read(Self.activeLog)

        let activity = try #require(file.activities.first)
        #expect(file.activities.count == 1)
        #expect(activity.name == "ACTIVE LOG #2")
        #expect(activity.laps.count == 7)
        #expect(activity.records.count == 7 * 24)
        #expect(file.notes.contains("track 'ACTIVE LOG' is empty (no points), so there is nothing in it to import"), "\(file.notes)")
        #expect(file.notes.contains { $0.hasPrefix("joined 7 tracks (track 'ACTIVE LOG #2' to track 'ACTIVE LOG #8') into one workout")
            && $0.hasSuffix("the 6 gaps between them (3 min to 9 min) are pauses") }, "\(file.notes)")

        let store = try HealthStore.inMemory()
        let report = await ActivityImporter(store: store).import(file.activities, fileIdentifier: file.contentIdentifier)
        #expect(report.rejected.isEmpty, "\(report.rejected)")
        #expect(report.imported.count == 1)
        let workout = try #require(try await store.workouts().first)
        let pauses = workout.events.filter { $0.type == .pause }
        let resumes = workout.events.filter { $0.type == .resume }
        #expect(pauses.count == 6)
        #expect(resumes.count == 6)
        // Each pause at a track's last point, each resume at the next track's first.
        let paused = zip(pauses, resumes).map { $1.startDate.timeIntervalSince($0.startDate) }
        #expect(paused == [4, 7, 3, 9, 5, 6].map { Double($0) * 60 })
        // 13:02:00–14:56:30 is 6870 s, of which the 34 min of gaps are not active.
        #expect(workout.endDate.timeIntervalSince(workout.startDate) == 6870)
        #expect(workout.duration == 6870 - 34 * 60)
        #expect(try await store.routes(forWorkout: workout.id).first?.locations.count == 7 * 24)
    }

    @Test("tracks on three different days stay three workouts")
    func differentDaysStaySeparate() throws {
        let file = try ActivityFileReader.read(ActivityFileReaderTests.fixture("gpx/mapsource-3trk.gpx"))
        #expect(file.activities.map(\.name) == ["Tag 1", "Tag 2", "Tag 3"])
        #expect(file.notes.isEmpty, "\(file.notes)")
    }

    @Test("tracks of different sports, more than the gap apart, overlapping or without times stay apart")
    func separateTracks() {
        let rule = TrackJoinRule()
        let run = Self.track("run", sport: "running", from: 0, to: 1800)
        let rideAfter = Self.track("ride", sport: "cycling", from: 2000, to: 3000)
        let runLater = Self.track("evening run", sport: "running", from: 1800 + 2 * 3600 + 1, to: 12_000)
        let overlapping = Self.track("overlap", sport: "running", from: 1700, to: 2500)
        let timeless = RecordedActivity(sport: "running", name: "planned", laps: [ActivityLap(records: [ActivityRecord(time: nil, latitude: 45, longitude: 7)])])

        for pair in [[run, rideAfter], [run, runLater], [run, overlapping], [run, timeless]] {
            let (activities, notes) = rule.join(pair)
            #expect(activities.count == 2, "\(pair.map(\.name))")
            #expect(notes.isEmpty)
        }
        let justInside = Self.track("after lunch", sport: "Run", from: 1800 + 2 * 3600, to: 10_000)
        let (joined, notes) = rule.join([run, justInside])
        #expect(joined.count == 1, "two hours apart, and 'Run' is 'running'")
        #expect(joined.first?.timerEvents == [ActivityTimerEvent(kind: .pause, time: Self.time(1800)),
                                              ActivityTimerEvent(kind: .resume, time: Self.time(1800 + 2 * 3600))])
        #expect(notes == ["joined 2 tracks (track 'run' and track 'after lunch') into one workout, as one outing of one activity type "
            + "with gaps of at most 2 h: the 1 gap between them (2 h) is a pause"])
    }

    @Test("tracks written out of time order (sorted by name) are joined in time order; touching tracks need no pause")
    func timeOrder() {
        let morning = Self.track("A ride home", sport: "cycling", from: 3600, to: 5400)
        let lapTwo = Self.track("LAP 2", sport: "running", from: 1200, to: 2400)
        let lapOne = Self.track("LAP 1", sport: "running", from: 0, to: 1200)
        let (activities, notes) = TrackJoinRule().join([morning, lapTwo, lapOne])
        #expect(activities.map(\.name) == ["A ride home", "LAP 1"], "the joined run stands where its first track in the file stood")
        #expect(activities.last?.records.first?.time == Self.time(0))
        #expect(activities.last?.records.count == 42)
        #expect(activities.last?.timerEvents.isEmpty == true)
        #expect(notes == ["joined 2 tracks (track 'LAP 1' and track 'LAP 2') into one workout, as one outing of one activity type "
            + "with gaps of at most 2 h: each starts where the one before it ends"])
    }

    @Test("a rule without a limit, or with one past any clock, joins and says so")
    func unboundedRule() {
        // Given two runs a day apart
        let run = Self.track("run", sport: "running", from: 0, to: 600)
        let nextDay = Self.track("next day", sport: "running", from: 86_400, to: 87_000)

        // Then a rule with no limit joins them and its note says it had none; one whose limit does
        // not fit a whole number of seconds writes the limit as it is
        let unbounded = TrackJoinRule(maximumGap: .infinity).join([run, nextDay])
        #expect(unbounded.activities.count == 1)
        #expect(unbounded.notes == ["joined 2 tracks (track 'run' and track 'next day') into one workout, as one outing of one activity type "
            + "with gaps of any length: the 1 gap between them (23 h 50 min) is a pause"])
        let huge = TrackJoinRule(maximumGap: 1e300).join([run, nextDay])
        #expect(huge.activities.count == 1)
        #expect(huge.notes.first?.contains("with gaps of at most 1e+300 s:") == true, "\(huge.notes)")
    }

    @Test("an empty track is a note, and a file with only one imports nothing and rejects nothing")
    func emptyTrackIsANote() async throws {
        let file = try ActivityFileReader.read(ActivityFileReaderTests.fixture("gpx/empty-trk-no-points.gpx"))
        #expect(file.activities.isEmpty)
        #expect(file.notes == ["track 1 is empty (no points), so there is nothing in it to import"])
        let report = await ActivityImporter(store: try HealthStore.inMemory()).import(file.activities, fileIdentifier: file.contentIdentifier)
        #expect(report.rejected.isEmpty && report.imported.isEmpty)
    }

    static func time(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: 1_750_000_000 + seconds) }

    /// A track of points every 60 s from `from` to `to` seconds.
    static func track(_ name: String, sport: String, from: TimeInterval, to: TimeInterval) -> RecordedActivity {
        let records = stride(from: from, through: to, by: 60).map { ActivityRecord(time: time($0), latitude: 45 + $0 * 1e-6, longitude: 7) }
        return RecordedActivity(sport: sport, name: name, laps: [ActivityLap(startTime: time(from), records: records)])
    }
}
