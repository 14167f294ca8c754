public import PaceModel

/// The heart-rate, cadence and power samples stored over a workout's interval, as time series in
/// canonical units: beats per minute, per minute (cycling cadence), watts.
///
/// Samples are found by time, not by a link to the workout: imported and Apple Health samples
/// carry none, and HealthKit itself relates a workout's samples by its interval.
public struct WorkoutSeries: Sendable {
    /// Heart rate, count/min.
    public var heartRate: [TimedQuantity]
    /// Cadence, count/min: `cyclingCadence` for cycling (HealthKit has no running-cadence type).
    public var cadence: [TimedQuantity]
    /// Power, W: `cyclingPower` for cycling, `runningPower` otherwise.
    public var power: [TimedQuantity]

    /// Creates series from values already at hand.
    public init(heartRate: [TimedQuantity] = [], cadence: [TimedQuantity] = [], power: [TimedQuantity] = []) {
        self.heartRate = heartRate
        self.cadence = cadence
        self.power = power
    }
}
