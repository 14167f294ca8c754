// Records a workout the way a watchOS app does: an HKWorkoutSession whose live builder collects
// what the sensors measure, a delegate that follows the session, and a relaunch that recovers the
// workout the app was recording when it died and finishes it. Written against Apple's HealthKit;
// on Linux, Pace provides it (the GPS from PACE_GPS, a heart-rate strap from PACE_HEART_RATE, the
// store from PACE_STORE; docs/HEALTHKIT.md).
//
//     swift run LiveWorkout [seconds]      (default: 10 seconds of recording, then the workout is saved)
import Foundation
import HealthKit

final class WorkoutManager: NSObject, HKWorkoutSessionDelegate, HKLiveWorkoutBuilderDelegate {
    let healthStore = HKHealthStore()
    let seconds: Double
    var session: HKWorkoutSession?
    var builder: HKLiveWorkoutBuilder?
    var reportedDistance = false

    init(seconds: Double) {
        self.seconds = seconds
    }

    func launch() {
        let share: Set<HKSampleType> = [HKObjectType.workoutType(), HKQuantityType(.heartRate),
                                        HKQuantityType(.activeEnergyBurned), HKQuantityType(.distanceWalkingRunning)]
        healthStore.requestAuthorization(toShare: share, read: share) { success, error in
            guard success else {
                print("authorization failed: \(error?.localizedDescription ?? "unknown")")
                exit(1)
            }
            // After a crash, the workout that was running comes back first.
            self.healthStore.recoverActiveWorkoutSession { session, error in
                DispatchQueue.main.async {
                    if let session {
                        print("recovered \(session.state == .paused ? "paused" : "running") workout")
                        self.follow(session)
                        if session.state == .paused { session.resume() }
                    } else {
                        self.startWorkout()
                    }
                    self.endAfterDelay()
                }
            }
        }
    }

    func startWorkout() {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        configuration.locationType = .outdoor
        do {
            let session = try HKWorkoutSession(healthStore: healthStore, configuration: configuration)
            follow(session)
            let start = Date()
            session.startActivity(with: start)
            builder?.beginCollection(withStart: start) { success, error in
                if !success { print("begin failed: \(error!)"); exit(1) }
                print("started")
                fflush(stdout)
            }
        } catch {
            print("cannot start a workout: \(error)")
            exit(1)
        }
    }

    func follow(_ session: HKWorkoutSession) {
        self.session = session
        let builder = session.associatedWorkoutBuilder()
        self.builder = builder
        session.delegate = self
        builder.delegate = self
        builder.dataSource = HKLiveWorkoutDataSource(healthStore: healthStore, workoutConfiguration: session.workoutConfiguration)
    }

    func endAfterDelay() {
        DispatchQueue.main.asyncAfter(deadline: .now() + seconds) {
            self.session?.end()
        }
    }

    // MARK: HKWorkoutSessionDelegate

    func workoutSession(_ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
                        from fromState: HKWorkoutSessionState, date: Date) {
        guard toState == .ended, let builder = builder else { return }
        builder.endCollection(withEnd: date) { success, error in
            guard success else { print("end failed: \(error!)"); exit(1) }
            builder.finishWorkout { workout, error in
                guard let workout = workout else { print("finish failed: \(error!)"); exit(1) }
                let meters = workout.totalDistance?.doubleValue(for: .meter()) ?? 0
                print("saved workout \(workout.uuid.uuidString) distance \(Int(meters.rounded())) m")
                exit(0)
            }
        }
    }

    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: Error) {
        print("session failed: \(error.localizedDescription)")
    }

    // MARK: HKLiveWorkoutBuilderDelegate

    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>) {
        let distanceType = HKQuantityType(.distanceWalkingRunning)
        guard collectedTypes.contains(distanceType), !reportedDistance,
              let meters = workoutBuilder.statistics(for: distanceType)?.sumQuantity()?.doubleValue(for: .meter()) else { return }
        reportedDistance = true
        print("collecting distance \(Int(meters.rounded())) m")
        fflush(stdout)
    }

    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {}
}

let seconds = CommandLine.arguments.dropFirst().first.flatMap(Double.init) ?? 10
let manager = WorkoutManager(seconds: seconds)
manager.launch()
dispatchMain()
