import Foundation
import PaceModel
import PaceRecorder
import PaceStore
import Testing

/// Sensor time and machine time disagreeing: readings ahead of the clock, and a session that takes
/// its time from the GPS.
@Suite("Session time base")
struct SessionTimeBaseTests {
    @Test("readings stamped up to 10 minutes ahead of the clock: finishing saves the workout, its events inside it")
    func readingsAheadOfTheClock() async throws {
        let store = try HealthStore.inMemory()
        let workout = SyntheticWorkout(seconds: 150, stationary: 60..<80)
        let lag = 600.0
        let clock = ManualSessionClock(workout.start.addingTimeInterval(-lag))
        let session = try await WorkoutSession.begin(configuration: WorkoutSessionConfiguration(activityType: .running),
                                               journal: RecordingJournal(store: store), clock: clock)
        try await session.start()
        for (arrival, reading) in workout.readings() {
            clock.set(arrival.addingTimeInterval(-lag))
            try await session.ingest(reading)
        }
        let recorded = try await session.finish()
        #expect(await session.state == .saved)
        let saved = try #require(try await store.workout(id: recorded.workout.id))
        let lastReading = try #require(workout.readings().map(\.reading.time).max())
        #expect(saved.endDate >= lastReading, "the collection ends at the last reading, not at the lagging clock")
        #expect(saved.events.map(\.type).contains(.motionResumed), "the stop auto-paused and resumed")
        #expect(saved.events.allSatisfy { $0.startDate >= saved.startDate && $0.endDate <= saved.endDate }, "\(saved.events)")
        let route = try #require(try await store.routes(forWorkout: saved.id).first)
        #expect(route.locations.count == 150, "every fix is in the route")
    }

    @Test("a new time base moves every recorded time, and later commands run on the corrected clock")
    func timeBaseShiftsTheSession() async throws {
        let store = try HealthStore.inMemory()
        let journal = RecordingJournal(store: store)
        let stale = Date(timeIntervalSince1970: 1_577_836_800)  // 2020-01-01: a board booted without its clock
        let offset = 6.0 * 365 * 86_400
        let clock = ManualSessionClock(stale)
        let session = try await WorkoutSession.begin(configuration: WorkoutSessionConfiguration(activityType: .running), journal: journal, clock: clock)
        try await session.start()
        clock.advance(by: 2)
        try await session.lap()
        try await session.command(.timeBase(offset: offset))
        #expect(await session.timeOffset == offset)
        let workout = SyntheticWorkout(start: stale.addingTimeInterval(offset + 5), seconds: 60)
        for (arrival, reading) in workout.readings() {
            clock.set(arrival.addingTimeInterval(-offset))
            try await session.ingest(reading)
        }
        try await session.flush()

        // A crash: the recovered session keeps the time base.
        clock.advance(by: 3)
        let (recovered, gap) = try await WorkoutSession.recover(session.id, journal: journal, clock: clock)
        #expect(await recovered.timeOffset == offset)
        #expect(gap < 10, "the gap is measured on the corrected clock: \(gap)")
        let result = try await recovered.finish()
        let saved = try #require(try await store.workout(id: result.workout.id))
        #expect(saved.startDate == stale.addingTimeInterval(offset), "the start moved onto the GPS's time")
        #expect(saved.endDate >= workout.start.addingTimeInterval(59))
        #expect(saved.endDate < workout.start.addingTimeInterval(80))
        let lap = try #require(saved.events.first { $0.type == .lap })
        #expect(lap.startDate == stale.addingTimeInterval(offset))
        #expect(try await store.routes(forWorkout: saved.id).first?.locations.count == 60)
    }

    @Test("the state machine moves its start, pause, lap and events by the offset")
    func stateMachineShift() throws {
        var machine = SessionStateMachine()
        let t0 = Date(timeIntervalSince1970: 1_000_000_000)
        try machine.apply(.start, at: t0)
        try machine.apply(.marker("a"), at: t0.addingTimeInterval(5))
        try machine.apply(.pause, at: t0.addingTimeInterval(10))
        try machine.apply(.timeBase(offset: 1000), at: t0.addingTimeInterval(1012))
        #expect(machine.startDate == t0.addingTimeInterval(1000))
        #expect(machine.pauseStart == t0.addingTimeInterval(1010))
        #expect(machine.events.map(\.startDate) == [t0.addingTimeInterval(1005), t0.addingTimeInterval(1010)])
        #expect(machine.activeDuration(at: t0.addingTimeInterval(1020)) == 10)
        #expect(machine.timeOffset == 1000)
        try machine.apply(.finish, at: t0.addingTimeInterval(1030))
        try machine.apply(.timeBase(offset: 50), at: t0.addingTimeInterval(1031))
        #expect(machine.timeOffset == 1000, "a finishing session's times no longer move")
    }
}
