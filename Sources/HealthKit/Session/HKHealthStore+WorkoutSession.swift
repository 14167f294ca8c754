import Foundation
import PaceModel
import PaceRecorder
import PaceStore

extension HKHealthStore {
    /// Gives back this app's workout session that was recording when the app died (the newest, if
    /// several), or `nil`; `completion` runs on a background queue. Set the session's delegate, and
    /// the builder's delegate and data source, again: collection goes on from where the journal
    /// ends, with everything recorded before.
    @preconcurrency
    public func recoverActiveWorkoutSession(completion: @escaping @Sendable (HKWorkoutSession?, (any Error)?) -> Void) {
        HKCallbacks.deliver({ try await self.recoverSession() }) { result in
            switch result {
            case .success(let session): completion(session, nil)
            case .failure(let error): completion(nil, error)
            }
        }
    }

    /// Gives back this app's workout session that was recording when the app died, or `nil`.
    public func recoverActiveWorkoutSession() async throws -> HKWorkoutSession? {
        try await recoverSession()
    }

    private func recoverSession() async throws -> HKWorkoutSession? {
        let app = try appStore()
        let journal = RecordingJournal(store: app.store)
        let origin = HKLiveSession.origin(for: app.client)
        let open: [JournalSession]
        do { open = try await journal.sessions(openOnly: true) } catch { throw HKStoreConnection.error(error) }
        for candidate in open {
            guard let configuration = try? JSONDecoder().decode(WorkoutSessionConfiguration.self, from: candidate.configuration),
                  configuration.client == app.client, configuration.origin == origin else { continue }
            let session: WorkoutSession
            do throws(SessionError) { session = try await WorkoutSession.recover(candidate.id, journal: journal).session } catch {
                throw HKLiveSession.error(error)
            }
            let metadata = await session.attachments.metadata
            let workoutConfiguration = HKWorkoutConfiguration()
            workoutConfiguration.activityType = HKWorkoutActivityType(rawValue: configuration.activityType.rawValue) ?? .other
            if case .bool(let indoor)? = metadata[.indoorWorkout] { workoutConfiguration.locationType = indoor ? .indoor : .outdoor }
            if case .quantity(let lap)? = metadata[.lapLength] { workoutConfiguration.lapLength = HKQuantity(lap) }
            let start = await session.startDate
            var status = HKLiveSessionStatus()
            status.startDate = start
            let live = HKLiveSession(app: app, environment: environment, configuration: configuration, recovered: session, status: status)
            let recovered = HKWorkoutSession(healthStore: self, configuration: workoutConfiguration, live: live)
            recovered.associatedWorkoutBuilder().resumeCollecting(since: start)
            await recovered.refresh(session, date: Date())
            recovered.startMonitor()
            return recovered
        }
        return nil
    }
}
