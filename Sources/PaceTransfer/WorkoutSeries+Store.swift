public import PaceAnalysis
public import PaceModel
public import PaceStore

extension WorkoutSeries {
    /// Reads the series of a workout's interval from a store.
    ///
    /// Cadence is `cyclingCadence` for cycling and hand cycling only (HealthKit has no running-cadence
    /// type); power is `cyclingPower` for those and `runningPower` otherwise.
    ///
    /// - Throws: ``StoreError`` if the store fails.
    public init(store: HealthStore, workout: Workout) async throws(StoreError) {
        let (start, end) = (workout.startDate, workout.endDate)
        let cycling = [.cycling, .handCycling].contains(workout.activityType)
        self.init(heartRate: try await store.quantitySeries(of: .heartRate, from: start, to: end),
                  cadence: cycling ? try await store.quantitySeries(of: .cyclingCadence, from: start, to: end) : [],
                  power: try await store.quantitySeries(of: cycling ? .cyclingPower : .runningPower, from: start, to: end))
    }
}
