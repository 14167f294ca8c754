extension Workout {
    /// The distance types a workout's total distance is read from, in order of preference.
    public static let distanceTypes: [QuantityTypeIdentifier] = [
        .distanceWalkingRunning, .distanceCycling, .distanceSwimming, .distanceWheelchair, .distanceDownhillSnowSports,
        .distanceCrossCountrySkiing, .distancePaddleSports, .distanceRowing, .distanceSkatingSports,
    ]

    /// The totals a workout's statistics imply, as HealthKit reports them since iOS 16 (where the
    /// totals moved from the workout into its statistics): the sum of the first distance type in
    /// ``distanceTypes`` that has one, and the sum of active energy.
    ///
    /// - Parameter statistics: A workout's statistics by type.
    /// - Returns: The total distance and active energy, each `nil` when no statistic gives it.
    public static func totals(from statistics: [QuantityTypeIdentifier: WorkoutStatistics]) -> (distance: Quantity?, energy: Quantity?) {
        (distanceTypes.lazy.compactMap { statistics[$0]?.sum }.first, statistics[.activeEnergyBurned]?.sum)
    }
}
