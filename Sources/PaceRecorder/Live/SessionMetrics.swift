public import Foundation
public import PaceModel
public import PaceTrack
public import PaceAnalysis

/// The session's numbers, built from readings in time order: the GPS track through
/// `LiveTrackProcessor`, heart rate and its zones, cadence, power, pressure.
///
/// A value type, deterministic: feeding the same readings gives the same numbers, which is how
/// recovery rebuilds a session exactly. Readings while the timer is held are kept (route,
/// series) but their distance is not counted.
public struct SessionMetrics: Sendable {
    /// The activity.
    public let activityType: WorkoutActivityType
    /// The heart-rate zones.
    public let zones: HeartRateZones
    /// The GPS pipeline.
    public private(set) var track: LiveTrackProcessor
    private var pendingPressure: Double?
    private var steps = StepDetector()
    private var lastFixTime: Date?
    private var distanceWhileHeld = 0.0
    private var lastTrackDistance = 0.0

    /// Locations for the saved route: every fix the filter accepted, in time order (the route
    /// builder applies HealthKit's accuracy and spacing rules when the workout is finished).
    public private(set) var route: [RouteLocation] = []
    /// The barometric pressure, in pascals, that arrived with each of ``route``'s locations (NaN
    /// where none did), so that the finished recording can be re-processed with it.
    public private(set) var routePressures: [Double] = []
    /// Heart rate series (time, bpm), every reading.
    public private(set) var heartRates: [(time: Date, value: Double)] = []
    /// Cadence series (time, per minute) from a cadence sensor.
    public private(set) var cadences: [(time: Date, value: Double)] = []
    /// Power series (time, W).
    public private(set) var powers: [(time: Date, value: Double)] = []
    /// Distance at each accepted fix (time, metres counted so far).
    public private(set) var distances: [(time: Date, value: Double)] = []
    /// Seconds spent in each heart-rate zone 0…5 while the timer ran.
    public private(set) var timeInZones = [Double](repeating: 0, count: 6)
    private var heartRateSum = 0.0
    private var heartRateCount = 0
    /// Latest values.
    public private(set) var latestHeartRate: Double?
    /// Latest cadence from a sensor or the step detector.
    public private(set) var latestCadence: Double?
    /// Latest power.
    public private(set) var latestPower: Double?
    /// Latest horizontal accuracy in metres.
    public private(set) var latestAccuracy: Double?
    /// Latest filtered speed in m/s.
    public private(set) var latestSpeed: Double?
    /// Latest filtered position.
    public private(set) var latestPosition: (latitude: Double, longitude: Double)?
    /// The last reading's time.
    public private(set) var latestTime: Date?
    /// Fixes the late-reading rule dropped (older than one already processed).
    public private(set) var lateFixes = 0

    /// Creates metrics for an activity.
    public init(activityType: WorkoutActivityType, zones: HeartRateZones) {
        self.activityType = activityType
        self.zones = zones
        track = LiveTrackProcessor(configuration: .forActivity(activityType))
    }

    /// Distance in metres counted while the timer ran.
    public var distance: Double { max(0, track.metrics.distance - distanceWhileHeld) }

    /// Average heart rate while the timer ran.
    public var averageHeartRate: Double? { heartRateCount > 0 ? heartRateSum / Double(heartRateCount) : nil }

    /// Maximum heart rate seen.
    public var maximumHeartRate: Double? { heartRates.map(\.value).max() }

    /// Adds one reading, in timeline order.
    /// - Parameters:
    ///   - reading: The reading.
    ///   - timerRunning: Whether the timer runs (Active) — distance and zone time count only then.
    public mutating func add(_ reading: SensorReading, timerRunning: Bool) {
        let time = reading.time
        latestTime = max(latestTime ?? time, time)
        switch reading.value {
        case .location(let location):
            if let lastFixTime, time <= lastFixTime {
                lateFixes += 1
                return
            }
            lastFixTime = time
            latestAccuracy = location.horizontalAccuracy >= 0 ? location.horizontalAccuracy : nil
            let pressure = pendingPressure
            pendingPressure = nil
            guard let point = track.process(Fix(location), pressure: pressure) else { return }
            let total = track.metrics.distance
            if !timerRunning { distanceWhileHeld += total - lastTrackDistance }
            lastTrackDistance = total
            latestSpeed = point.speed
            latestPosition = (point.latitude, point.longitude)
            distances.append((time, distance))
            if location.hasValidCoordinate {
                route.append(location)
                routePressures.append(pressure ?? .nan)
            }
        case .heartRate(let heartRate):
            guard heartRate.beatsPerMinute.isFinite, heartRate.beatsPerMinute > 0 else { return }
            if timerRunning, let last = heartRates.last, let current = latestHeartRate {
                let span = min(5, max(0, time.timeIntervalSince(last.time)))
                timeInZones[zones.zone(of: current)] += span
            }
            heartRates.append((time, heartRate.beatsPerMinute))
            latestHeartRate = heartRate.beatsPerMinute
            if timerRunning {
                heartRateSum += heartRate.beatsPerMinute
                heartRateCount += 1
            }
        case .motion(let motion):
            let a = motion.acceleration
            steps.add(magnitude: (a * a).sum().squareRoot(), at: time.timeIntervalSinceReferenceDate)
            if cadences.isEmpty { latestCadence = steps.cadence(at: time.timeIntervalSinceReferenceDate) }
        case .pressure(let pascals):
            if pascals.isFinite, pascals > 0 { pendingPressure = pascals }
        case .cadence(let perMinute):
            guard perMinute.isFinite, perMinute >= 0 else { return }
            cadences.append((time, perMinute))
            latestCadence = perMinute
        case .power(let watts):
            guard watts.isFinite, watts >= 0 else { return }
            powers.append((time, watts))
            latestPower = watts
        case .battery:
            break
        }
    }

    /// The GPS signal at `now`: lost after `timeout` seconds without a fix.
    public func gpsSignal(at now: Date, timeout: Double) -> WorkoutSnapshot.GPSSignal {
        guard let lastFixTime else { return .searching }
        if now.timeIntervalSince(lastFixTime) > timeout { return .lost }
        return (latestAccuracy ?? .infinity) <= 20 ? .good : .weak
    }

    /// Whether the GPS has been silent for more than `seconds` at `now`.
    public func gpsSilent(for seconds: Double, at now: Date) -> Bool {
        guard let lastFixTime else { return false }
        return now.timeIntervalSince(lastFixTime) > seconds
    }
}
