/// Turns filtered track points into the workout's numbers, one point at a time.
///
/// Owns the auto-pause detector, the speed statistics, the kilometre and mile split
/// calculators, the altitude fusion and the elevation gain tracker, and keeps the odometer
/// and its variance. Each ``add(_:gpsAltitude:gpsVerticalAccuracy:pressure:terrainAltitude:)`` is O(1) and
/// allocation-free except when a split completes.
public struct TrackMetricsAccumulator: Sendable {
    private var autoPause: AutoPauseDetector
    private var speeds: SpeedStatistics
    private var kilometers = SplitCalculator(unit: .kilometer)
    private var miles = SplitCalculator(unit: .mile)
    private var fusion: AltitudeFusion
    private var elevation: ElevationGainTracker
    private var hasAltitude = false

    /// Distance so far in metres.
    public private(set) var distance = 0.0
    /// Variance of ``distance`` in square metres.
    public private(set) var distanceVariance = 0.0
    /// Kilometre splits completed so far.
    public private(set) var kilometerSplits: [Split] = []
    /// Mile splits completed so far.
    public private(set) var mileSplits: [Split] = []
    /// The best altitude at the latest point, in metres; NaN until any altitude is known.
    ///
    /// With a barometer it is the fused altitude (the barometer gives the changes); without one it
    /// is the filter's (or smoother's) own vertical estimate, which is smoother than GPS alone.
    public private(set) var altitude = Double.nan
    private var firstTime = Double.nan
    private var lastTime = Double.nan

    /// Creates an accumulator with the configuration's thresholds.
    public init(configuration: TrackConfiguration) {
        autoPause = AutoPauseDetector(configuration: configuration.autoPause)
        speeds = SpeedStatistics(configuration: configuration.speedStatistics)
        fusion = AltitudeFusion(configuration: configuration.elevation)
        elevation = ElevationGainTracker(configuration: configuration.elevation)
    }

    /// Whether auto-pause currently holds the timer.
    public var isPaused: Bool { autoPause.isPaused }
    /// Moving time so far in seconds.
    public var movingTime: Double { autoPause.movingTime }
    /// Elapsed time so far in seconds.
    public var elapsedTime: Double { lastTime.isFinite ? lastTime - firstTime : 0 }
    /// Fastest sustained speed so far in m/s.
    public var maximumSpeed: Double { speeds.maximumSpeed }
    /// Elevation gained so far in metres, after the hysteresis that keeps noise out.
    public var elevationGain: Double { elevation.gain }
    /// Elevation lost so far in metres, after the same hysteresis.
    public var elevationLoss: Double { elevation.loss }
    /// The weather's trend the altitude fusion has estimated so far, in m/s of the barometer's
    /// offset; NaN without a barometer.
    public var barometricTrend: Double { fusion.barometricTrend }

    /// Adds one filtered point.
    ///
    /// - Parameters:
    ///   - point: The filter's estimate.
    ///   - gpsAltitude: The raw fix's altitude in metres, NaN when none.
    ///   - gpsVerticalAccuracy: Its accuracy in metres, negative when not reported.
    ///   - pressure: A barometric pressure in pascals read since the previous point, if any.
    ///   - terrainAltitude: The GPS-only altitude whose changes count as gain and loss, in metres, when
    ///     it is already known for the whole track (``TerrainAltitudeSmoother``); NaN to use the live
    ///     fusion's. Ignored while a barometer drives the fusion.
    public mutating func add(_ point: TrackPoint, gpsAltitude: Double, gpsVerticalAccuracy: Double, pressure: Double? = nil,
                             terrainAltitude: Double = .nan) {
        guard point.time.isFinite, !(point.time < lastTime) else { return }
        if firstTime.isNaN { firstTime = point.time }
        lastTime = point.time
        if point.distanceIncrement.isFinite, point.distanceIncrement > 0 { distance += point.distanceIncrement }
        if point.distanceVariance.isFinite, point.distanceVariance > 0 { distanceVariance += point.distanceVariance }
        _ = autoPause.update(time: point.time, speed: point.speed, isStationary: point.isStationary,
                             distanceIncrement: point.distanceIncrement)
        _ = speeds.update(time: point.time, speed: point.isStationary ? 0 : point.speed)
        if case .completed(let done) = kilometers.update(time: point.time, distance: distance, movingTime: autoPause.settledMovingTime) {
            kilometerSplits += done
        }
        if case .completed(let done) = miles.update(time: point.time, distance: distance, movingTime: autoPause.settledMovingTime) {
            mileSplits += done
        }
        let fused = fusion.update(time: point.time, gpsAltitude: gpsAltitude, gpsVerticalAccuracy: gpsVerticalAccuracy,
                                  barometricPressure: pressure)
        altitude = fusion.isBarometric || !point.altitude.isFinite ? fused : point.altitude
        if fused.isFinite {
            hasAltitude = true
            if !fusion.isBarometric && terrainAltitude.isFinite {
                _ = elevation.update(altitude: terrainAltitude, threshold: elevation.configuration.gpsTerrainGainThreshold)
            } else {
                _ = elevation.update(altitude: fusion.climbAltitude, isBarometric: fusion.isBarometric)
            }
        }
    }

    /// Closes the open spells and splits and returns the summary.
    ///
    /// - Parameters:
    ///   - fixCount: Fixes given to the processor.
    ///   - acceptedFixCount: Fixes the gate accepted.
    ///   - rejections: Gate rejections by reason.
    ///   - outlierRejections: Positions the filter's innovation gate refused.
    public mutating func finish(fixCount: Int, acceptedFixCount: Int, rejections: [RejectionReason: Int],
                                outlierRejections: Int) -> TrackSummary {
        _ = autoPause.finish()
        if case .completed(let done) = kilometers.finish() { kilometerSplits += done }
        if case .completed(let done) = miles.finish() { mileSplits += done }
        let moving = autoPause.movingTime
        return TrackSummary(
            distance: distance,
            distanceUncertainty: distanceVariance.squareRoot(),
            elapsedTime: elapsedTime,
            movingTime: moving,
            averageSpeed: SpeedStatistics.averageSpeed(distance: distance, movingTime: moving),
            maximumSpeed: speeds.maximumSpeed,
            elevationGain: hasAltitude ? elevation.gain : nil,
            elevationLoss: hasAltitude ? elevation.loss : nil,
            kilometerSplits: kilometerSplits,
            mileSplits: mileSplits,
            fixCount: fixCount,
            acceptedFixCount: acceptedFixCount,
            rejections: rejections,
            outlierRejections: outlierRejections)
    }
}
