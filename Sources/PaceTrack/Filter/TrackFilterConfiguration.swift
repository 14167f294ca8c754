public import PaceModel

/// Parameters of ``TrackFilter`` and ``TrackSmoother``: the motion model of the activity, the GPS
/// error model, the stillness detector and the distance integration.
///
/// The only per-activity values are physical: how hard the athlete accelerates along and across
/// the direction of travel, the slowest speed at which the activity is still "moving", how
/// quickly it starts and stops, and the gate's limits. Everything about the GPS (error
/// correlation, Doppler noise, over-confident accuracies) is the same for every activity, and
/// the Doppler noise and the accuracy calibration are estimated from the data as it comes.
///
/// ```swift
/// var filter = TrackFilter(configuration: .forActivity(.running))
/// ```
public struct TrackFilterConfiguration: Hashable, Sendable {
    /// The fix gate applied before filtering.
    public var gate: GateConfiguration

    // MARK: Motion model

    /// Acceleration noise spectral density along the direction of travel, in m²/s³: how fast the
    /// speed changes (pace changes; stops and starts are handled by the stillness detector).
    public var alongTrackAccelerationNoise: Double
    /// Acceleration noise spectral density across the direction of travel, in m²/s³: how fast
    /// the direction changes (corners, hairpins, track bends).
    public var crossTrackAccelerationNoise: Double
    /// Below this speed, in m/s, the direction of travel is uncertain and the acceleration noise
    /// blends to the cross-track value in every direction.
    public var headingSpeedScale: Double
    /// Typical acceleration when starting or stopping, in m/s²: the process noise of the step
    /// where stillness begins or ends, and the distance covered while speeding up or slowing down.
    public var startStopAcceleration: Double
    /// Standard deviation of the velocity, in m/s, before the first measurement of it.
    public var initialVelocityStandardDeviation: Double

    // MARK: Stillness

    /// Speeds below about this, in m/s, count as standing still when the Doppler noise is low.
    ///
    /// The stillness test weighs each Doppler speed as pure noise (Rayleigh: still) against
    /// motion at twice this speed (Rician); the two are equally likely near this speed, and the
    /// noisier the Doppler, the more fixes the test needs to decide.
    public var stillSpeed: Double
    /// Prior rate of stopping while moving, per second.
    public var stopRate: Double
    /// Prior rate of starting while still, per second.
    public var startRate: Double
    /// The live filter enters stillness when the probability of being still exceeds this…
    public var enterStillnessProbability: Double
    /// …and leaves it when the probability falls below this (hysteresis).
    public var leaveStillnessProbability: Double
    /// Standard deviation, in m/s, of the zero-velocity measurement applied while still.
    public var stillVelocityStandardDeviation: Double

    // MARK: Doppler

    /// Doppler velocity noise (per axis, 1σ, m/s) assumed before it has been estimated: on the
    /// noisy side (a phone in a street canyon), so that a workout starting with a long wait is not
    /// mistaken for motion; the estimate adapts within a minute.
    public var initialDopplerNoise: Double
    /// Floor of the estimated Doppler noise, in m/s.
    public var minimumDopplerNoise: Double
    /// Effective number of samples of the Doppler noise estimate (exponential window).
    public var dopplerNoiseWindow: Double
    /// Second differences of the Doppler velocity larger than this many estimated variances
    /// (turns, not noise) are clipped before they enter the estimate.
    public var dopplerOutlierFactor: Double
    /// Longest spacing, in seconds, between the three Doppler samples of a second difference.
    public var maxDopplerSampleSpacing: Double

    // MARK: GPS position error

    /// Per-axis standard deviation as a fraction of the reported 68 % horizontal radius:
    /// `1 / 1.5096` for a circular Gaussian error.
    public var accuracyToStandardDeviation: Double
    /// Fixed factor on the reported accuracy (1 = trust the receiver's calibration).
    public var accuracyInflation: Double
    /// Reported accuracies below this, in metres, are raised to it (a receiver claiming 0 m
    /// would otherwise pin the filter to its fixes).
    public var minimumHorizontalAccuracy: Double
    /// Fraction of the position error variance that is time-correlated (the bias state).
    public var correlatedErrorFraction: Double
    /// Correlation time of the GPS position error, in seconds.
    public var errorCorrelationTime: Double
    /// Effective number of fixes over which the accuracy calibration (normalised innovation
    /// squared) is averaged; 0 turns the calibration off.
    public var calibrationWindow: Double
    /// Largest factor by which the calibration may inflate the reported accuracy's variance.
    public var maxAccuracyScale: Double
    /// Innovation test on each position: χ² with 2 degrees of freedom (13.8 ⇔ p = 0.001).
    public var innovationGate: Double
    /// After this many consecutive positions fail the innovation test, the filter accepts the
    /// next one and re-anchors on it (the state, not the fix, was wrong).
    public var maxConsecutiveInnovationRejections: Int

    // MARK: Time and distance

    /// A gap longer than this, in seconds, re-initialises the filter instead of predicting across.
    public var maxPredictionInterval: Double
    /// Steps up to this long, in seconds, integrate the speed (trapezoid); longer steps measure
    /// the path along a cubic through both ends' positions and velocities.
    public var maxIntegrationInterval: Double
    /// A long step's path is at most this many times the straight line between its ends.
    public var maxGapPathRatio: Double
    /// The live filter moves its tangent plane to the current position beyond this distance, in
    /// metres, from the plane's origin.
    public var reanchorDistance: Double

    // MARK: Altitude

    /// Vertical acceleration noise spectral density, in m²/s³, of the altitude filter.
    public var verticalAccelerationNoise: Double
    /// Vertical accuracy, in metres, assumed when a fix has an altitude but reports none (0).
    public var defaultVerticalAccuracy: Double
    /// Innovation test on altitudes, χ² with 1 degree of freedom.
    public var verticalInnovationGate: Double

    /// The configuration for `activity`; see the type's documentation for what varies.
    ///
    /// - Parameter activity: The workout's activity type.
    /// - Returns: The configuration.
    public static func forActivity(_ activity: WorkoutActivityType) -> TrackFilterConfiguration {
        let m = MotionClass(activity)
        return TrackFilterConfiguration(
            gate: .forActivity(activity),
            alongTrackAccelerationNoise: m.along, crossTrackAccelerationNoise: m.cross, headingSpeedScale: 0.5,
            startStopAcceleration: m.startStop, initialVelocityStandardDeviation: m.initialSpeed,
            stillSpeed: m.stillSpeed, stopRate: 1.0 / 120, startRate: 1.0 / 60,
            enterStillnessProbability: 0.6, leaveStillnessProbability: 0.4, stillVelocityStandardDeviation: 0.05,
            initialDopplerNoise: 0.3, minimumDopplerNoise: 0.03, dopplerNoiseWindow: 40, dopplerOutlierFactor: 9,
            maxDopplerSampleSpacing: 2,
            accuracyToStandardDeviation: 1 / 1.5096, accuracyInflation: 1, minimumHorizontalAccuracy: 1,
            correlatedErrorFraction: 0.85,
            errorCorrelationTime: 60, calibrationWindow: 50, maxAccuracyScale: 9, innovationGate: 13.8,
            maxConsecutiveInnovationRejections: 4,
            maxPredictionInterval: 120, maxIntegrationInterval: 3, maxGapPathRatio: 1.5, reanchorDistance: 20_000,
            verticalAccelerationNoise: m.vertical, defaultVerticalAccuracy: 15, verticalInnovationGate: 16)
    }
}

/// Groups of activities that move alike, with their motion parameters.
///
/// Accelerations (m²/s³ spectral densities): a hiker's pace drifts by a few tenths of a m/s over
/// minutes (along 0.001: ±0.25 m/s in a minute, one standard deviation) but a hairpin turns the
/// velocity in 15 s (across 0.05); stops and starts are the stillness model's, not this drift's. A runner changes
/// pace faster and corners at ~0.5–1 m/s² (0.05 / 0.5); a rider holds speed but turns at junctions
/// at ~2 m/s² (0.1 / 1).
private struct MotionClass {
    var along: Double, cross: Double, startStop: Double, initialSpeed: Double, stillSpeed: Double
    var vertical: Double

    init(_ activity: WorkoutActivityType) {
        switch activity {
        case .running, .trackAndField, .wheelchairRunPace, .crossCountrySkiing:
            self.init(along: 0.05, cross: 0.5, startStop: 1.5, initialSpeed: 4, stillSpeed: 0.5, vertical: 2e-5)
        case .walking, .wheelchairWalkPace, .golf:
            self.init(along: 0.01, cross: 0.1, startStop: 0.8, initialSpeed: 1.5, stillSpeed: 0.4, vertical: 1e-5)
        case .hiking, .climbing, .hunting:
            self.init(along: 0.001, cross: 0.05, startStop: 0.5, initialSpeed: 1.5, stillSpeed: 0.3, vertical: 1e-5)
        case .cycling, .handCycling, .skatingSports:
            self.init(along: 0.1, cross: 1.0, startStop: 1.0, initialSpeed: 8, stillSpeed: 1.0, vertical: 5e-5)
        case .downhillSkiing, .snowboarding, .snowSports:
            self.init(along: 0.5, cross: 2.0, startStop: 2.0, initialSpeed: 10, stillSpeed: 0.5, vertical: 1e-3)
        case .swimming, .paddleSports, .rowing, .sailing, .surfingSports, .waterSports, .waterFitness, .waterPolo,
             .underwaterDiving:
            self.init(along: 0.01, cross: 0.05, startStop: 0.5, initialSpeed: 1, stillSpeed: 0.2, vertical: 1e-5)
        default:
            self.init(along: 0.05, cross: 0.5, startStop: 1.0, initialSpeed: 3, stillSpeed: 0.4, vertical: 5e-5)
        }
    }

    init(along: Double, cross: Double, startStop: Double, initialSpeed: Double, stillSpeed: Double, vertical: Double) {
        self.along = along
        self.cross = cross
        self.startStop = startStop
        self.initialSpeed = initialSpeed
        self.stillSpeed = stillSpeed
        self.vertical = vertical
    }
}
