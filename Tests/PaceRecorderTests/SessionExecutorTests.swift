import Foundation
import PaceModel
import PaceStore
import Testing
@testable import PaceRecorder

/// The session's journal writes are synchronous fsyncs: they run on the session's own queue, never
/// on a thread of Swift's cooperative pool (issue 15).
@Suite struct SessionExecutorTests {
    @Test func aSessionRunsOnItsOwnQueueAndStillRecords() async throws {
        let store = try HealthStore.inMemory()
        let workout = SyntheticWorkout(seconds: 20)
        let clock = ManualSessionClock(workout.start)
        let session = try WorkoutSession.begin(configuration: WorkoutSessionConfiguration(activityType: .running),
                                               journal: RecordingJournal(store: store), clock: clock)
        #expect(await session.isOnOwnQueue, "actor methods run on the session's queue")
        let two = try WorkoutSession.begin(configuration: WorkoutSessionConfiguration(activityType: .running),
                                           journal: RecordingJournal(store: store), clock: clock)
        #expect(await two.isOnOwnQueue, "each session has its own")
        try await session.start()
        for (arrival, reading) in workout.readings() {
            clock.set(arrival)
            try await session.ingest(reading)
        }
        let acknowledged = try await session.flush()
        #expect(acknowledged > 0, "readings journaled from the session's queue")
        #expect(try await session.finish().summary.distance > 0)
    }
}
