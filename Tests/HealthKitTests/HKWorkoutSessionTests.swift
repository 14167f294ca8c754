import Foundation
@testable import HealthKit
import PaceModel
import PaceTestSupport
import Testing

/// A live workout recorded through HKWorkoutSession and HKLiveWorkoutBuilder on Pace's recorder:
/// the sensors' data collected live, the delegates told, the workout saved as the app; refused
/// without permission; recovered after the app died.
@Suite(.serialized, .timeLimit(.minutes(2 * TestTime.scale))) struct HKWorkoutSessionTests {
    static let types: Set<HKSampleType> = [HKObjectType.workoutType(), HKQuantityType(.heartRate), HKQuantityType(.distanceWalkingRunning),
                                           HKQuantityType(.activeEnergyBurned)]
    let bpm = HKUnit.count().unitDivided(by: .minute())

    /// A store in `directory` whose GPS is a minute of recent fixes, with `authorization` as the policy.
    func store(_ directory: TemporaryDirectory, authorization: String = "grant") async throws -> HKHealthStore {
        let log = URL(fileURLWithPath: directory.path("run.nmea"))
        try LiveNMEALog.write(to: log, seconds: 60)
        let store = HKHealthStore(environment: ["PACE_STORE": directory.path("health.sqlite"), "PACE_AUTHORIZATION": authorization,
                                                "PACE_GPS": "nmea-file:" + log.path])
        try await store.requestAuthorization(toShare: Self.types, read: Self.types)
        return store
    }

    func running() -> HKWorkoutConfiguration {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        configuration.locationType = .outdoor
        return configuration
    }

    /// Waits until `condition` holds (a bound of 30 s guards against a hang).
    func eventually(_ what: String, _ condition: () -> Bool) async throws {
        for _ in 0..<300 {
            if condition() { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("never: \(what)")
    }

    /// A started session whose builder collects from the environment's sensors.
    func started(_ store: HKHealthStore, observer: SessionObserver) async throws -> (HKWorkoutSession, HKLiveWorkoutBuilder, Date) {
        let session = try HKWorkoutSession(healthStore: store, configuration: running())
        let builder = session.associatedWorkoutBuilder()
        session.delegate = observer
        builder.delegate = observer
        builder.dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: session.workoutConfiguration)
        let start = Date()
        session.startActivity(with: start)
        try await builder.beginCollection(at: start)
        return (session, builder, start)
    }

    @Test func aLiveWorkoutCollectsTheSensorsAndIsSavedAsTheApp() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await store(directory)
        let observer = SessionObserver()
        let (session, builder, start) = try await started(store, observer: observer)
        let distance = HKQuantityType(.distanceWalkingRunning)
        #expect(builder.dataSource?.typesToCollect.contains(distance) == true)
        try await eventually("distance collected") { (builder.statistics(for: distance)?.sumQuantity()?.doubleValue(for: .meter()) ?? 0) > 50 }
        #expect(session.state == .running && session.startDate == start)
        #expect(builder.statistics(for: HKQuantityType(.activeEnergyBurned)) != nil, "energy follows from the distance")

        session.pause()
        try await eventually("paused") { session.state == .paused }
        session.resume()
        try await eventually("running again") { session.state == .running }
        try await builder.addSamples([HKQuantitySample.heartRate(152, at: 1, after: start)])
        try await builder.addMetadata(["org.example.plan": "tempo"])
        #expect(builder.statistics(for: HKQuantityType(.heartRate))?.averageQuantity()?.doubleValue(for: bpm) == 152)
        #expect(builder.elapsedTime > 0)

        session.end()
        try await eventually("ended") { session.state == .ended }
        try await builder.endCollection(at: Date())
        let workout = try #require(try await builder.finishWorkout())
        #expect(workout.workoutActivityType == .running)
        #expect(workout.sourceRevision.source.bundleIdentifier == HKSource.default().bundleIdentifier, "saved as the app")
        #expect(workout.metadata?["org.example.plan"] as? String == "tempo")
        #expect(workout.metadata?[HKMetadataKeyIndoorWorkout] as? Bool == false)
        let events = (workout.workoutEvents ?? []).map(\.type)
        #expect(events.contains(.pause) && events.contains(.resume), "the session's events: \(events)")
        let beats: [HKSample] = try await HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: HKQuantityType(.heartRate), predicate: HKQuery.predicateForObjects(from: workout))],
            sortDescriptors: []).result(for: store)
        #expect(beats.count == 1, "the sample the app added belongs to the workout")
        let covered: [HKSample] = try await HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: distance, predicate: HKQuery.predicateForObjects(from: workout))],
            sortDescriptors: []).result(for: store)
        let metres = covered.compactMap { ($0 as? HKQuantitySample)?.quantity.doubleValue(for: .meter()) }.reduce(0, +)
        #expect(metres > 50, "the sensors' distance is saved with the workout: \(metres) m")
        #expect(try await store.recoverActiveWorkoutSession() == nil, "a finished session is not recovered")

        try await eventually("the delegates were told") { observer.log.withLock { $0.contains("state 6->3") } }
        let log = observer.log.withLock { $0 }
        for line in ["state 1->2", "state 2->4", "state 4->2", "state 6->3", "event 1", "event 2"] {
            #expect(log.contains(line), "\(line) in \(log)")
        }
        // Stopped from running or, when the recorder's own auto-pause came first (fixes late on a
        // loaded machine), from paused: both are HealthKit's way to end.
        #expect(log.contains("state 2->6") || log.contains("state 4->6"), "stopped: \(log)")
        #expect(log.contains { $0.hasPrefix("data ") && $0.contains(distance.identifier) }, "\(log)")
        #expect(log.contains("builder event"), "\(log)")
        #expect(!log.contains { $0.hasPrefix("error") }, "\(log)")
    }

    @Test func withoutPermissionTheWorkoutIsRefusedAndTheRecordingKept() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await store(directory, authorization: "deny")
        let (session, builder, _) = try await started(store, observer: SessionObserver())
        session.end()
        try await eventually("ended") { session.state == .ended }
        await #expect {
            try await builder.finishWorkout()
        } throws: { error in
            (error as? HKError)?.code == .errorAuthorizationDenied
        }
        let recovered = try await store.recoverActiveWorkoutSession()
        #expect(recovered != nil, "the journal keeps the refused recording, to finish once allowed")
    }

    @Test func aSessionIsRecoveredWithWhatItCollected() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await store(directory)
        let (session, builder, start) = try await started(store, observer: SessionObserver())
        let distance = HKQuantityType(.distanceWalkingRunning)
        try await eventually("distance collected") { builder.statistics(for: distance) != nil }
        try await builder.addSamples([HKQuantitySample.heartRate(148, at: 2, after: start)])
        session.pause()
        try await eventually("paused") { session.state == .paused }
        // The app dies: its sensors stop, and a new process opens the store.
        try await builder.endCollection(at: Date())
        let relaunched = HKHealthStore(environment: store.environment.merging(["PACE_GPS": "gpsd://127.0.0.1:9"]) { $1 })
        let recovered = try #require(try await relaunched.recoverActiveWorkoutSession())
        #expect(recovered.state == .paused && recovered.workoutConfiguration.activityType == .running)
        #expect(recovered.workoutConfiguration.locationType == .outdoor)
        let recoveredBuilder = recovered.associatedWorkoutBuilder()
        #expect(recoveredBuilder.statistics(for: HKQuantityType(.heartRate))?.mostRecentQuantity()?.doubleValue(for: bpm) == 148)
        #expect((recoveredBuilder.statistics(for: distance)?.sumQuantity()?.doubleValue(for: .meter()) ?? 0) > 0)
        recovered.resume()
        try await eventually("running") { recovered.state == .running }
        recovered.end()
        try await eventually("ended") { recovered.state == .ended }
        let workout = try #require(try await recoveredBuilder.finishWorkout())
        let beats: [HKSample] = try await HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: HKQuantityType(.heartRate), predicate: HKQuery.predicateForObjects(from: workout))],
            sortDescriptors: []).result(for: relaunched)
        #expect(beats.count == 1)
    }

    @Test func aPoolSwimNeedsItsLapLength() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .swimming
        configuration.swimmingLocationType = .pool
        #expect(throws: HKError.self) { try HKWorkoutSession(healthStore: HKHealthStore.granted(in: directory), configuration: configuration) }
    }
}

/// Writes down what the delegates are told.
final class SessionObserver: NSObject, HKWorkoutSessionDelegate, HKLiveWorkoutBuilderDelegate, @unchecked Sendable {
    let log = Locked<[String]>([])

    func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
                        from fromState: HKWorkoutSessionState, date: Date) {
        log.withLock { $0.append("state \(fromState.rawValue)->\(toState.rawValue)") }
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {
        log.withLock { $0.append("error \(error)") }
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didGenerate event: HKWorkoutEvent) {
        log.withLock { $0.append("event \(event.type.rawValue)") }
    }

    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>) {
        log.withLock { $0.append("data " + collectedTypes.map(\.identifier).sorted().joined(separator: ",")) }
    }

    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {
        log.withLock { $0.append("builder event") }
    }
}
