public import PaceModel
public import PaceStore
public import PaceAnalysis

extension WorkoutSeries {
    /// Reads the series of a workout's interval as one client of a store sees them: samples of a
    /// type the client may not read are only its own (the server's token view).
    ///
    /// - Throws: ``StoreError`` if the store fails.
    public init(store: AuthorizedStore, workout: Workout) async throws(StoreError) {
        let (start, end) = (workout.startDate, workout.endDate)
        let cycling = [.cycling, .handCycling].contains(workout.activityType)
        self.init(heartRate: try await store.quantitySeries(of: .heartRate, from: start, to: end),
                  cadence: cycling ? try await store.quantitySeries(of: .cyclingCadence, from: start, to: end) : [],
                  power: try await store.quantitySeries(of: cycling ? .cyclingPower : .runningPower, from: start, to: end))
    }
}
