import Foundation
import PaceModel
import PaceRecorder
import PaceStore
import Testing

/// Samples, events and metadata a client adds to a recording (HealthKit's live builder): journaled,
/// kept by recovery, saved with the workout and associated with it; a client's session saves only
/// what the client may share.
@Suite("Session attachments")
struct SessionAttachmentTests {
    static let client = "org.example.runner"

    static func configuration(client: String? = Self.client) -> WorkoutSessionConfiguration {
        WorkoutSessionConfiguration(activityType: .running, sourceName: "Runner", sourceBundleIdentifier: client ?? "org.pace.recorder",
                                    client: client, savesRoute: false)
    }

    static func heartRate(_ value: Double, at time: Date) -> QuantitySample {
        QuantitySample(type: .heartRate, quantity: Quantity(value: value, unit: .countPerMinute), start: time, end: time,
                       source: Source(name: "Runner", bundleIdentifier: client))
    }

    /// A started session on `store`, fed `workout`'s readings, with one sample, one event and one metadata value attached.
    static func recordWithAttachments(_ workout: SyntheticWorkout, store: HealthStore, configuration: WorkoutSessionConfiguration)
        async throws -> (WorkoutSession, ManualSessionClock) {
        let clock = ManualSessionClock(workout.start)
        let session = try await WorkoutSession.begin(configuration: configuration, journal: RecordingJournal(store: store), clock: clock)
        try await session.start()
        try await session.attach(SessionAttachment(samples: [heartRate(171, at: workout.start.addingTimeInterval(30))],
                                                   events: [WorkoutEvent(type: .segment, start: workout.start.addingTimeInterval(10), duration: 20)],
                                                   metadata: ["org.example.plan": .string("tempo")]))
        for (arrival, reading) in workout.readings() {
            clock.set(arrival)
            try await session.ingest(reading)
        }
        clock.set(workout.start.addingTimeInterval(Double(workout.seconds)))
        return (session, clock)
    }

    @Test("attached samples, events and metadata survive recovery and are saved with the workout")
    func recoveredAndSaved() async throws {
        let store = try HealthStore.inMemory()
        try await store.authorization(for: Self.client).requestAuthorization(
            toShare: [.workout, .quantity(.heartRate), .quantity(.distanceWalkingRunning), .quantity(.activeEnergyBurned)], read: []) { _, _ in true }
        let workout = SyntheticWorkout()
        let (first, clock) = try await Self.recordWithAttachments(workout, store: store, configuration: Self.configuration())
        try await first.flush()
        // The process dies here: a new session is rebuilt from the journal alone.
        let (recovered, _) = try await WorkoutSession.recover(first.id, journal: RecordingJournal(store: store), clock: clock)
        let attachments = await recovered.attachments
        #expect(attachments.samples.map(\.quantity.value) == [171])
        #expect(attachments.events.map(\.type) == [.segment])
        #expect(attachments.metadata["org.example.plan"] == .string("tempo"))
        let live = try #require(await recovered.liveStatistics(for: .heartRate))
        #expect(live.maximum?.value == 171, "the attached sample counts in the live statistics")
        #expect(await recovered.collectedTypes().contains(.distanceWalkingRunning))

        let recorded = try await recovered.finish()
        let saved = try #require(try await store.workout(id: recorded.workout.id))
        #expect(saved.source.bundleIdentifier == Self.client)
        #expect(saved.metadata["org.example.plan"] == .string("tempo"))
        #expect(saved.events.contains { $0.type == .segment })
        let beats = try await store.quantitySamples(matching: .heartRate, predicate: .workout(saved.id))
        #expect(beats.contains { $0.quantity.value == 171 }, "the attached sample belongs to the workout")
        #expect(try await store.routes(forWorkout: saved.id).isEmpty, "savesRoute false: no route")
    }

    @Test("a client's session without sharing permission keeps recording and finishes once allowed")
    func notAuthorizedKeepsTheSession() async throws {
        let store = try HealthStore.inMemory()
        let workout = SyntheticWorkout()
        let (session, _) = try await Self.recordWithAttachments(workout, store: store, configuration: Self.configuration())
        await #expect {
            try await session.finish()
        } throws: { error in
            (error as? SessionError)?.code == .notAuthorized && (error as? SessionError)?.cause?.code == .notAuthorized
        }
        #expect(await session.state == .active, "a refusal changes nothing")
        #expect(try await store.workouts().isEmpty)
        try await store.authorization(for: Self.client).requestAuthorization(
            toShare: [.workout, .quantity(.heartRate), .quantity(.distanceWalkingRunning), .quantity(.activeEnergyBurned)], read: []) { _, _ in true }
        let recorded = try await session.finish()
        #expect(try await store.workout(id: recorded.workout.id) != nil)
    }

    @Test("an invalid sample is refused and nothing is attached")
    func invalidSample() async throws {
        let store = try HealthStore.inMemory()
        let session = try await WorkoutSession.begin(configuration: Self.configuration(client: nil), journal: RecordingJournal(store: store))
        let now = Date()
        let backwards = QuantitySample(type: .heartRate, quantity: Quantity(value: 150, unit: .countPerMinute),
                                       start: now, end: now.addingTimeInterval(-5), source: Source(name: "Runner", bundleIdentifier: Self.client))
        await #expect {
            try await session.attach(SessionAttachment(samples: [backwards]))
        } throws: { error in
            (error as? SessionError)?.code == .invalidAttachment
        }
        #expect(await session.attachments.samples.isEmpty)
    }
}

@Suite("Session start date")
struct SessionStartDateTests {
    @Test("a start dated earlier counts from that date; a later one starts now")
    func startAt() async throws {
        let store = try HealthStore.inMemory()
        let begin = Date(timeIntervalSince1970: 1_795_158_000)
        let clock = ManualSessionClock(begin.addingTimeInterval(3))
        let early = try await WorkoutSession.begin(configuration: WorkoutSessionConfiguration(activityType: .running),
                                                   journal: RecordingJournal(store: store), clock: clock)
        try await early.start(at: begin)
        #expect(await early.startDate == begin)
        let late = try await WorkoutSession.begin(configuration: WorkoutSessionConfiguration(activityType: .running),
                                                  journal: RecordingJournal(store: store), clock: clock)
        try await late.start(at: begin.addingTimeInterval(60))
        #expect(await late.startDate == begin.addingTimeInterval(3))
        await #expect(throws: SessionError.self) { try await late.start(at: begin) }
    }
}
