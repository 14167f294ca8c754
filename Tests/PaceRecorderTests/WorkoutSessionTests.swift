import Foundation
import PaceModel
import PaceRecorder
import PaceStore
import Testing

@Suite("Workout session")
struct WorkoutSessionTests {
    /// A running session on `journal` with a manual clock at the workout's start, started.
    static func started(_ workout: SyntheticWorkout, journal: RecordingJournal,
                        activity: WorkoutActivityType = .running) async throws -> (WorkoutSession, ManualSessionClock) {
        let clock = ManualSessionClock(workout.start)
        let session = try await WorkoutSession.begin(configuration: WorkoutSessionConfiguration(activityType: activity), journal: journal, clock: clock)
        try await session.start()
        return (session, clock)
    }

    /// Feeds every reading of `workout` at its arrival time.
    static func feed(_ workout: SyntheticWorkout, to session: WorkoutSession, clock: ManualSessionClock) async throws {
        for (arrival, reading) in workout.readings() {
            clock.set(arrival)
            try await session.ingest(reading)
        }
    }

    /// Records `workout` into a fresh store with an injected clock and finishes it.
    static func record(_ workout: SyntheticWorkout, store: HealthStore,
                       configuration: WorkoutSessionConfiguration = WorkoutSessionConfiguration(activityType: .running))
        async throws -> (RecordedWorkout, WorkoutSession) {
        let clock = ManualSessionClock(workout.start)
        let session = try await WorkoutSession.begin(configuration: configuration, journal: RecordingJournal(store: store), clock: clock)
        try await session.start()
        for (arrival, reading) in workout.readings() {
            clock.set(arrival)
            try await session.ingest(reading)
        }
        clock.set(workout.start.addingTimeInterval(Double(workout.seconds)))
        return (try await session.finish(), session)
    }

    @Test("a four-stream recording saves the workout, route, samples and summary in the store")
    func recordsEverything() async throws {
        let store = try HealthStore.inMemory()
        let workout = SyntheticWorkout()
        let (recorded, session) = try await Self.record(workout, store: store)
        #expect(await session.state == .saved)
        let saved = try #require(try await store.workout(id: recorded.workout.id))
        #expect(saved.duration == 120)
        let gain = try #require(recorded.summary.elevationGain)
        let loss = try #require(recorded.summary.elevationLoss)
        #expect(saved.metadata[.elevationAscended] == .quantity(Quantity(value: gain, unit: .meter)), "the summary's gain, as HealthKit keeps it")
        #expect(saved.metadata[.elevationDescended] == .quantity(Quantity(value: loss, unit: .meter)))
        #expect(abs(recorded.summary.distance - 357) < 12, "119 s at 3 m/s; got \(recorded.summary.distance)")
        #expect(abs((saved.totalDistance?.value ?? 0) - recorded.summary.distance) < 1e-6)
        #expect(recorded.summary.heartRateCount == 120, "heart rate is kept at its own rate")
        #expect(recorded.summary.averageCadence == nil)
        #expect(saved.statistics[.heartRate]?.maximum?.value == 159)
        let routes = try await store.routes(forWorkout: recorded.workout.id)
        #expect(routes.count == 1 && routes[0].locations.count == 120)
        let heartRates = try await store.quantitySamples(of: .heartRate)
        #expect(heartRates.count == 120)
        let ofWorkout = try await store.quantitySamples(matching: .heartRate, predicate: .workout(recorded.workout.id))
        #expect(Set(ofWorkout.map(\.id)) == Set(heartRates.map(\.id)), "every heart rate belongs to the workout")
        #expect(try await store.samples(matching: .quantity(.distanceWalkingRunning), predicate: .workout(recorded.workout.id)).count
                == store.quantitySamples(of: .distanceWalkingRunning).count)
        let distanceSum = try await store.quantitySamples(of: .distanceWalkingRunning).map(\.quantity.value).reduce(0, +)
        #expect(abs(distanceSum - recorded.summary.distance) < 0.1, "distance samples add up to the total")
        let energy = recorded.summary.activeEnergy
        #expect(abs(energy - 70 * recorded.summary.distance / 1000) < 1e-6)
        let summary = try await #require(try RecordingJournal(store: store).summary(ofWorkout: recorded.workout.id))
        #expect(try JSONDecoder().decode(WorkoutSummary.self, from: summary) == recorded.summary)
        let points = try await RecordingJournal(store: store).points(of: session.id)
        #expect((23...25).contains(points.count), "a workout point every 5 s; got \(points.count)")
        #expect(points.last.map { $0.distance > 300 } == true)
    }

    @Test("a barometer's climb is stored as HealthKit's elevation totals and the route's fused altitudes")
    func barometricElevation() async throws {
        let store = try HealthStore.inMemory()
        // 20 minutes: 30 m up, then 20 m down. GPS altitude wanders ±8 m; the barometer reads 3 hPa high
        // and drifts 0.5 hPa an hour with the weather.
        var workout = SyntheticWorkout(seconds: 1_200, pressureHz: 1, motionHz: 0)
        workout.climb = { second in 0.05 * Double(min(second, 600)) - 0.0333 * Double(max(0, second - 600)) }
        workout.gpsAltitudeError = { 8 * sin(2 * Double.pi * Double($0) / 120) }
        workout.pressureError = { 300 + 50 * Double($0) / 3_600 }
        let (recorded, _) = try await Self.record(workout, store: store)
        let saved = try #require(try await store.workout(id: recorded.workout.id))
        let gain = try #require(recorded.summary.elevationGain)
        let loss = try #require(recorded.summary.elevationLoss)
        #expect(abs(gain - 30) <= 3 && abs(loss - 20) <= 3, "gain \(gain), loss \(loss)")
        #expect(saved.metadata[.elevationAscended] == .quantity(Quantity(value: gain, unit: .meter)))
        #expect(saved.metadata[.elevationDescended] == .quantity(Quantity(value: loss, unit: .meter)))
        // The stored route carries the fused altitude: within 3 m of the truth once the level has
        // settled, where the GPS altitudes were up to 8 m off.
        let route = try #require(try await store.routes(forWorkout: recorded.workout.id).first)
        let errors = route.locations.dropFirst(300).map { location in
            abs(location.altitude - workout.altitude(at: Int(location.timestamp.timeIntervalSince(workout.start).rounded())))
        }
        #expect(errors.count > 800 && (errors.max() ?? .infinity) < 3, "largest error \(errors.max() ?? .nan) m")
    }

    @Test("everything ingested is journaled and acknowledged by the flush policy")
    func journalsEveryReading() async throws {
        let store = try HealthStore.inMemory()
        let workout = SyntheticWorkout(seconds: 30)
        let clock = ManualSessionClock(workout.start)
        let session = try await WorkoutSession.begin(configuration: WorkoutSessionConfiguration(activityType: .running),
                                               journal: RecordingJournal(store: store), clock: clock)
        try await session.start()
        var last: Int64 = 0
        for (arrival, reading) in workout.readings() {
            clock.set(arrival)
            last = try await session.ingest(reading)
            let acknowledged = await session.acknowledgedSequence
            #expect(last - acknowledged <= 80, "at most one flush interval (1 s ≈ 77 readings) unacknowledged")
        }
        #expect(try await session.flush() == last)
        let contents = try await RecordingJournal(store: store).contents(of: session.id)
        #expect(contents.entries.count == Int(last))
        #expect(contents.entries.map(\.sequence) == Array(1...last))
    }

    @Test("a session recovered from its journal mid-way finishes exactly like one never interrupted")
    func recoveryRebuildsExactly() async throws {
        let workout = SyntheticWorkout(seconds: 150, stationary: 60..<80)
        let reference = try await Self.record(workout, store: HealthStore.inMemory()).0

        let store = try HealthStore.inMemory()
        let journal = RecordingJournal(store: store)
        let clock = ManualSessionClock(workout.start)
        var session = try await WorkoutSession.begin(configuration: WorkoutSessionConfiguration(activityType: .running), journal: journal, clock: clock)
        try await session.start()
        let readings = workout.readings()
        var next = 0
        for (index, (arrival, reading)) in readings.enumerated() {
            clock.set(arrival)
            try await session.ingest(reading)
            if index == readings.count / 2 {
                try await session.lap()
                next = index + 1
                break
            }
        }
        // The process dies here: the session object is gone, only the journal remains.
        let before = await session.snapshot()
        let (recovered, gap) = try await WorkoutSession.recover(session.id, journal: journal, clock: clock)
        session = recovered
        #expect(gap < 2)
        let after = await session.snapshot()
        #expect(after.distance == before.distance && after.state == before.state && after.elapsedTime == before.elapsedTime)
        for (arrival, reading) in readings[next...] {
            clock.set(arrival)
            try await session.ingest(reading)
        }
        clock.set(workout.start.addingTimeInterval(Double(workout.seconds)))
        let resumed = try await session.finish()
        #expect(resumed.summary.distance == reference.summary.distance)
        #expect(resumed.summary.duration == reference.summary.duration)
        #expect(resumed.summary.movingTime == reference.summary.movingTime)
        #expect(resumed.summary.heartRateCount == reference.summary.heartRateCount)
        #expect(resumed.workout.events.filter { $0.type != .lap }.map(\.type) == reference.workout.events.map(\.type))
        #expect(reference.workout.events.map(\.type).contains(.motionPaused), "the 20 s stop auto-pauses")
    }

    @Test("recovery after a long outage marks the gap as a segment")
    func recoveryMarksGap() async throws {
        let store = try HealthStore.inMemory()
        let journal = RecordingJournal(store: store)
        let workout = SyntheticWorkout(seconds: 20)
        let (session, clock) = try await Self.started(workout, journal: journal)
        try await Self.feed(workout, to: session, clock: clock)
        try await session.flush()
        clock.advance(by: 300)
        let (recovered, gap) = try await WorkoutSession.recover(session.id, journal: journal, clock: clock)
        #expect(gap > 299)
        let events = await recovered.events
        #expect(events.last?.type == .segment)
        #expect(events.last?.metadata[SessionStateMachine.eventKindKey] == .string("recordingGap"))
        await #expect(try journal.sessions(openOnly: true).count == 1)
        _ = try await recovered.finish()
        await #expect(try journal.sessions(openOnly: true).isEmpty)
    }

    @Test("GPS silence while other streams run is marked as a GPS gap and bridged")
    func gpsGap() async throws {
        let store = try HealthStore.inMemory()
        let (recorded, _) = try await Self.record(SyntheticWorkout(seconds: 90, gpsOutage: 30..<60), store: store)
        let gaps = recorded.workout.events.filter { $0.metadata[SessionStateMachine.eventKindKey] == .string("gpsGap") }
        #expect(gaps.count == 1)
        #expect(gaps.first.map { abs($0.duration - 20) < 1.5 } == true, "lost after 10 s of silence, regained at the next fix")
        #expect(abs(recorded.summary.distance - 267) < 12, "the gap is bridged; got \(recorded.summary.distance)")
    }

    @Test("a GPS loss the source reports is one GPS gap, even when a reading after it is late enough to derive a loss too")
    func reportedGPSLossIsOneGap() async throws {
        let store = try HealthStore.inMemory()
        let t0 = Date(timeIntervalSinceReferenceDate: 800_000_000)
        let clock = ManualSessionClock(t0)
        let session = try await WorkoutSession.begin(configuration: WorkoutSessionConfiguration(activityType: .running),
                                                     journal: RecordingJournal(store: store), clock: clock)
        try await session.start()
        func fix(_ second: Double) -> SensorReading {
            let time = t0.addingTimeInterval(second)
            return SensorReading(time: time, value: .location(RouteLocation(timestamp: time, latitude: 48.8584 + second * 1e-5,
                                                                            longitude: 2.2945, altitude: 35, speed: 2.5, horizontalAccuracy: 4)))
        }
        func beat(_ second: Double) -> SensorReading {
            SensorReading(time: t0.addingTimeInterval(second), value: .heartRate(HeartRateReading(beatsPerMinute: 120)))
        }
        for (second, reading) in [(1.0, fix(1)), (2, beat(2))] {
            clock.set(t0.addingTimeInterval(second))
            try await session.ingest(reading)
        }
        clock.set(t0.addingTimeInterval(3))
        try await session.command(.gpsLost)
        clock.set(t0.addingTimeInterval(5))
        try await session.command(.gpsRegained)
        // More than the 10 s loss timeout after the last fix, but only 7 s after the source's regain.
        for (second, reading) in [(12.0, beat(12)), (13, fix(13)), (14, beat(14))] {
            clock.set(t0.addingTimeInterval(second))
            try await session.ingest(reading)
        }
        clock.set(t0.addingTimeInterval(20))
        let recorded = try await session.finish()
        let gaps = recorded.workout.events.filter { $0.metadata[SessionStateMachine.eventKindKey] == .string("gpsGap") }
        #expect(gaps.count == 1, "\(gaps)")
        #expect(gaps.first.map { abs($0.duration - 2) < 1e-6 } == true, "from the reported loss to the reported regain")
    }

    @Test("readings outside Preparing/Active/Paused are refused; discard closes the journal without a workout")
    func refusesAndDiscards() async throws {
        let store = try HealthStore.inMemory()
        let journal = RecordingJournal(store: store)
        let t0 = Date(timeIntervalSinceReferenceDate: 800_000_000)
        let session = try await WorkoutSession.begin(configuration: WorkoutSessionConfiguration(activityType: .walking), journal: journal,
                                               clock: ManualSessionClock(t0))
        let error = await #expect(throws: SessionError.self) {
            try await session.ingest(SensorReading(time: t0, value: .heartRate(HeartRateReading(beatsPerMinute: 90))))
        }
        #expect(error?.code == .notRecording)
        await #expect(throws: SessionError.self) { try await session.pause() }
        try await session.prepare()
        try await session.ingest(SensorReading(time: t0, value: .heartRate(HeartRateReading(beatsPerMinute: 90))))
        try await session.discard()
        #expect(await session.state == .discarded)
        await #expect(try journal.session(session.id).status == .discarded)
        #expect(try await store.workouts().isEmpty)
    }

    @Test("a slow snapshot subscriber gets the newest snapshot and never holds the recording up")
    func snapshots() async throws {
        let store = try HealthStore.inMemory()
        let workout = SyntheticWorkout(seconds: 60)
        let (session, clock) = try await Self.started(workout, journal: RecordingJournal(store: store))
        var iterator = session.snapshots.makeAsyncIterator()
        try await Self.feed(workout, to: session, clock: clock)
        let newest = await iterator.next()
        #expect(newest.map { $0.distance > 150 && $0.heartRate != nil && $0.gpsSignal == .good } == true,
                "the buffered snapshot is the latest, not the first")
        _ = try await session.finish()
        var count = 0
        while let snapshot = await iterator.next() {
            count += 1
            #expect(snapshot.state == .saved)
        }
        #expect(count <= 1, "the sequence ends when the session ends")
    }

    @Test("a low battery is marked and a critical one finishes and saves the workout")
    func battery() async throws {
        let store = try HealthStore.inMemory()
        let workout = SyntheticWorkout(seconds: 60)
        let (session, clock) = try await Self.started(workout, journal: RecordingJournal(store: store))
        for (arrival, reading) in workout.readings() {
            clock.set(arrival)
            let second = reading.time.timeIntervalSince(workout.start)
            if await session.state.isEnded { break }
            try await session.ingest(reading)
            if second == 20 || second == 40 {
                let level = second == 20 ? 0.12 : 0.04
                try await session.ingest(SensorReading(time: reading.time, value: .battery(BatteryReading(level: level, isCharging: false))))
            }
        }
        #expect(await session.state == .saved, "critical battery finished the session")
        let saved = try #require(try await store.workouts().first)
        let kinds = saved.events.compactMap { $0.metadata[SessionStateMachine.eventKindKey] }
        #expect(kinds.contains(.string("batteryLow")) && kinds.contains(.string("batteryCritical")))
        #expect(saved.endDate.timeIntervalSince(workout.start) < 45)
    }
}
