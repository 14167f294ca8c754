import Foundation
import PaceModel
import PaceRecorder
import Testing

@Suite("Session state machine")
struct SessionStateMachineTests {
    let t0 = Date(timeIntervalSinceReferenceDate: 800_000_000)

    static let userCommands: [SessionCommand] = [.prepare, .start, .pause, .resume, .lap, .marker("x"), .finish, .discard]

    /// Every state, reached by legal commands.
    func machine(in state: WorkoutSessionState) throws -> SessionStateMachine {
        var machine = SessionStateMachine()
        let paths: [WorkoutSessionState: [SessionCommand]] = [
            .idle: [], .preparing: [.prepare], .active: [.start], .paused(.user): [.start, .pause],
            .paused(.motion): [.start, .autoPause], .finishing: [.start, .finish], .discarded: [.discard],
        ]
        for (index, command) in (paths[state] ?? []).enumerated() {
            try machine.apply(command, at: t0.addingTimeInterval(Double(index)))
        }
        #expect(machine.state == state)
        return machine
    }

    @Test("every user command is legal exactly where allowedCommands says, and illegal ones change nothing",
          arguments: [WorkoutSessionState.idle, .preparing, .active, .paused(.user), .paused(.motion), .finishing, .discarded])
    func legality(state: WorkoutSessionState) throws {
        let allowed = SessionStateMachine.allowedCommands(in: state)
        for command in Self.userCommands {
            var machine = try machine(in: state)
            let before = machine
            do {
                try machine.apply(command, at: t0.addingTimeInterval(100))
                #expect(allowed.contains(command.name), "\(command.name) was accepted in \(state)")
            } catch {
                #expect(error.code == .illegalTransition)
                #expect(!allowed.contains(command.name), "\(command.name) was refused in \(state)")
                #expect(error.message.contains(command.name) && error.message.contains("\(state)"))
                #expect(machine == before)
            }
        }
    }

    @Test("the legal transitions lead where the diagram says")
    func targets() throws {
        let expectations: [(WorkoutSessionState, SessionCommand, WorkoutSessionState)] = [
            (.idle, .prepare, .preparing), (.idle, .start, .active), (.idle, .discard, .discarded),
            (.preparing, .start, .active), (.preparing, .discard, .discarded),
            (.active, .pause, .paused(.user)), (.active, .lap, .active), (.active, .marker(nil), .active),
            (.active, .finish, .finishing), (.active, .discard, .discarded), (.active, .autoPause, .paused(.motion)),
            (.paused(.user), .resume, .active), (.paused(.user), .finish, .finishing), (.paused(.user), .autoResume, .paused(.user)),
            (.paused(.motion), .autoResume, .active), (.paused(.motion), .pause, .paused(.user)), (.paused(.motion), .resume, .active),
        ]
        for (from, command, to) in expectations {
            var machine = try machine(in: from)
            try machine.apply(command, at: t0.addingTimeInterval(100))
            #expect(machine.state == to, "\(from) + \(command.name)")
        }
    }

    @Test("pauses, laps, markers and gaps become HealthKit workout events; duration excludes pauses")
    func events() throws {
        var machine = SessionStateMachine()
        try machine.apply(.start, at: t0)
        try machine.apply(.pause, at: t0 + 60)
        try machine.apply(.resume, at: t0 + 90)
        try machine.apply(.lap, at: t0 + 120)
        try machine.apply(.autoPause, at: t0 + 130)
        try machine.apply(.autoResume, at: t0 + 140)
        try machine.apply(.gpsLost, at: t0 + 150)
        try machine.apply(.gpsRegained, at: t0 + 170)
        try machine.apply(.sensorDisconnected(.heartRate), at: t0 + 175)
        try machine.apply(.marker("water"), at: t0 + 180)
        try machine.apply(.batteryLow, at: t0 + 185)
        try machine.apply(.finish, at: t0 + 200)
        let types = machine.events.map(\.type)
        // In time order of their start, as HealthKit keeps them: a lap event starts where its lap began.
        #expect(types == [.lap, .pause, .resume, .lap, .motionPaused, .motionResumed, .segment, .segment, .marker, .marker])
        let gps = machine.events.first { $0.metadata[SessionStateMachine.eventKindKey] == .string("gpsGap") }
        #expect(gps?.startDate == t0 + 150 && gps?.duration == 20)
        let strap = machine.events.first { $0.metadata[SessionStateMachine.eventKindKey] == .string("sensorGap.heartRate") }
        #expect(strap?.duration == 25, "an open sensor gap is closed at the finish")
        #expect(machine.events[0].startDate == t0 && machine.events[0].duration == 120)
        #expect(machine.events[3].startDate == t0 + 120 && machine.events[3].duration == 80, "the last lap is closed at the finish")
        #expect(machine.activeDuration(at: t0 + 500) == 200 - 30 - 10)
    }

    @Test("critical battery asks to finish; system events before the start are no-ops")
    func systemEvents() throws {
        var machine = SessionStateMachine()
        #expect(try machine.apply(.gpsLost, at: t0) == .none)
        #expect(try machine.apply(.autoPause, at: t0) == .none)
        #expect(machine.state == .idle && machine.events.isEmpty)
        try machine.apply(.start, at: t0)
        #expect(try machine.apply(.batteryCritical, at: t0 + 10) == .finishNow)
        #expect(machine.events.last?.type == .marker)
    }

    @Test("a reading stamped before the start, or before the command before it, counts from that moment: every event lies inside the workout")
    func earlierTimesAreTakenAsTheLatest() throws {
        // Given a session started at t0 (a receiver's buffered fixes may be stamped before it)
        let t0 = Date(timeIntervalSince1970: 1_800_000_000)
        var machine = SessionStateMachine()
        try machine.apply(.start, at: t0)

        // When motion stops on a fix stamped 3 s before the start, resumes on a fix at t0 + 20 s, and
        // the user ends a lap with a clock 2 s behind that fix, then finishes
        try machine.apply(.autoPause, at: t0.addingTimeInterval(-3))
        try machine.apply(.autoResume, at: t0.addingTimeInterval(20))
        try machine.apply(.lap, at: t0.addingTimeInterval(18))
        try machine.apply(.finish, at: t0.addingTimeInterval(30))

        // Then each event is taken at the latest time so far: in order, inside the workout
        let start = try #require(machine.startDate), end = try #require(machine.endDate)
        #expect(machine.events.map(\.type) == [.motionPaused, .lap, .motionResumed, .lap], "the finish closes the last lap")
        #expect(machine.events.map(\.startDate) == [t0, t0, t0.addingTimeInterval(20), t0.addingTimeInterval(20)])
        #expect(machine.events[1].endDate == t0.addingTimeInterval(20), "the lap ends at the latest time, not 2 s before it")
        #expect(machine.events.allSatisfy { $0.startDate >= start && $0.endDate <= end })
        #expect(machine.activeDuration(at: end) == 10, "paused from the start to t0 + 20 s")
    }
}
