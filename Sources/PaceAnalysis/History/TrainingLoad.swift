public import Foundation

/// Training load: an impulse per workout, and its acute and chronic exponentially weighted means.
///
/// **Impulse** (Banister's TRIMP): with `x = (HRavg − HRrest) / (HRmax − HRrest)` clamped to 0…1,
/// `TRIMP = minutes × x × a × e^(b·x)`, where `minutes` is the moving time and `a = 0.64`,
/// `b = 1.92` (Banister's male coefficients; `a = 0.86`, `b = 1.67` for women, ``female``).
/// Without heart rate the workout's intensity is estimated as ``assumedIntensity`` (`x = 0.6`,
/// about an easy aerobic effort) and the same formula is used, so both kinds are on one scale.
///
/// **Acute and chronic load**: the daily impulses (a workout counts on the local day it started)
/// are averaged with exponential weights, `load(d) = load(d−1) + (impulse(d) − load(d−1)) / τ`,
/// with `τ = 7` days (acute, "fatigue") and `τ = 42` days (chronic, "fitness"), both starting at 0
/// on the first day considered. Their ratio is acute over chronic.
///
/// ```swift
/// let days = TrainingLoad(restingHeartRate: 50, maximumHeartRate: 190)
///     .days(of: digests, from: start, to: end, calendar: .history(timeZone: .current))
/// days.last?.ratio
/// ```
public struct TrainingLoad: Hashable, Sendable {
    /// Resting heart rate in beats per minute.
    public var restingHeartRate: Double
    /// Maximum heart rate in beats per minute.
    public var maximumHeartRate: Double
    /// The TRIMP weighting factor `a`.
    public var a: Double
    /// The TRIMP exponent `b`.
    public var b: Double
    /// The fraction of heart-rate reserve assumed for a workout without heart rate (0.6).
    public var assumedIntensity: Double
    /// The acute time constant in days (7).
    public var acuteDays: Double
    /// The chronic time constant in days (42).
    public var chronicDays: Double

    /// Creates a model; the defaults are Banister's male coefficients, 0.6 assumed intensity, 7 and 42 days.
    public init(restingHeartRate: Double = 60, maximumHeartRate: Double = 190, a: Double = 0.64, b: Double = 1.92,
                assumedIntensity: Double = 0.6, acuteDays: Double = 7, chronicDays: Double = 42) {
        self.restingHeartRate = restingHeartRate
        self.maximumHeartRate = maximumHeartRate
        self.a = a
        self.b = b
        self.assumedIntensity = assumedIntensity
        self.acuteDays = acuteDays
        self.chronicDays = chronicDays
    }

    /// The same model with Banister's female coefficients (`a = 0.86`, `b = 1.67`).
    public var female: TrainingLoad {
        var model = self
        (model.a, model.b) = (0.86, 1.67)
        return model
    }

    /// The impulse (TRIMP, arbitrary units) of one workout.
    public func impulse(of workout: WorkoutDigest) -> Double {
        let minutes = max(0, workout.movingTime) / 60
        var intensity = assumedIntensity
        if let heartRate = workout.averageHeartRate, maximumHeartRate > restingHeartRate {
            intensity = min(1, max(0, (heartRate - restingHeartRate) / (maximumHeartRate - restingHeartRate)))
        }
        return minutes * intensity * a * exp(b * intensity)
    }

    /// One day of training load.
    public struct Day: Hashable, Sendable {
        /// The local day.
        public var interval: DateInterval
        /// The sum of the impulses of the workouts started that day.
        public var impulse: Double
        /// The acute (7-day) load after that day.
        public var acute: Double
        /// The chronic (42-day) load after that day.
        public var chronic: Double
        /// Acute over chronic; `nil` while the chronic load is 0.
        public var ratio: Double? { chronic > 0 ? acute / chronic : nil }
    }

    /// The load of every local day from `start` to `end` (excluded).
    ///
    /// The weighted means start at 0 on the day of the earliest workout (or on `start`, if earlier),
    /// so workouts before the range warm them up.
    ///
    /// - Parameters:
    ///   - workouts: The workouts, in any order.
    ///   - start: The first day (any instant in it).
    ///   - end: The end of the range, excluded.
    ///   - calendar: The user's calendar.
    public func days(of workouts: [WorkoutDigest], from start: Date, to end: Date, calendar: Calendar) -> [Day] {
        var impulses: [Date: Double] = [:]
        for workout in workouts {
            let day = calendar.startOfDay(for: workout.startDate)
            impulses[day, default: 0] += impulse(of: workout)
        }
        let rangeStart = calendar.startOfDay(for: start)
        var day = min(rangeStart, impulses.keys.min() ?? rangeStart)
        var (acute, chronic) = (0.0, 0.0)
        var result: [Day] = []
        while day < end {
            guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { break }
            let load = impulses[day] ?? 0
            acute += (load - acute) / acuteDays
            chronic += (load - chronic) / chronicDays
            if day >= rangeStart {
                result.append(Day(interval: DateInterval(start: day, end: next), impulse: load, acute: acute, chronic: chronic))
            }
            day = next
        }
        return result
    }
}
