import Foundation

/// Fuses GPS altitude with barometric altitude: GPS gives the level, the barometer the changes.
///
/// Small Kalman filters, allocation-free and O(1) per update:
///
/// - **Barometric mode.** The state is the barometer's offset (GPS level minus barometric
///   altitude), its steady drift rate with the weather (``ElevationConfiguration/barometricTrendPerHour``,
///   persisting for ``ElevationConfiguration/barometricTrendCorrelationTime``) plus a small random
///   walk (``ElevationConfiguration/barometricDriftPerHour``), and the current GPS error. The fused
///   altitude is the barometric altitude plus the offset: it follows every barometric change at once,
///   while GPS only nudges the level. ``climbAltitude`` is the barometric altitude corrected by the
///   estimated drift rate alone, integrated over time: the weather's trend does not count as
///   climbing, and GPS's wander of the level does not either.
/// - **GPS-only mode**, when no barometer has reported (or it has been silent for
///   ``ElevationConfiguration/barometerTimeout``). The state is the altitude, the vertical speed
///   (mean-reverting over ``ElevationConfiguration/verticalSpeedCorrelationTime``, so long climbs are
///   followed without lag and long gaps do not extrapolate far) and the GPS error. A second,
///   harder-smoothed estimate (``ElevationConfiguration/gpsClimbVerticalSpeed``) feeds
///   ``climbAltitude``: GPS altitude wanders by metres over minutes, and counting that wander as
///   climbing is the classic cause of inflated elevation gain.
///
/// In both modes the GPS error is modelled as first-order Gauss–Markov noise with correlation time
/// ``ElevationConfiguration/gpsErrorCorrelationTime`` plus white noise, because GPS vertical errors
/// are large and persist for minutes: averaging sixty 1 Hz fixes does not divide the error by
/// √60. Outlying GPS altitudes have bounded influence; when they persist for
/// ``ElevationConfiguration/gpsOutlierResetTime`` (the level really moved, say during a long gap),
/// the level is released to follow them.
///
/// ```swift
/// var fusion = AltitudeFusion(configuration: .forActivity(.running))
/// var gain = ElevationGainTracker(configuration: .forActivity(.running))
/// let altitude = fusion.update(time: fix.time, gpsAltitude: fix.altitude,
///                              gpsVerticalAccuracy: fix.verticalAccuracy, barometricPressure: pressure)
/// _ = gain.update(altitude: fusion.climbAltitude, isBarometric: fusion.isBarometric)
/// ```
public struct AltitudeFusion: Sendable {
    private enum Mode: Hashable, Sendable {
        /// Nothing known yet.
        case empty
        /// `main` estimates the altitude, `climb` a smoother altitude.
        case gps
        /// `main` estimates the barometer's offset; `climb` is unused.
        case barometric
    }

    /// Standard deviation, in metres, of a level nobody has measured yet.
    public static let initialLevelUncertainty = 1000.0
    /// Seconds in an hour.
    private static let secondsPerHour = 3600.0

    /// The noise model and thresholds in use.
    public let configuration: ElevationConfiguration
    /// The altimeter turning pressure into altitude (standard sea-level pressure by default; the
    /// fusion's offset absorbs any difference).
    public let altimeter: BarometricAltimeter

    /// The latest fused altitude in metres above sea level; NaN until a GPS altitude or a pressure
    /// has arrived.
    public private(set) var altitude = Double.nan
    /// An altitude in metres whose *changes* are the best measure of climbing: the barometric
    /// altitude corrected for the weather's estimated trend in barometric mode (GPS corrections of
    /// the level left out, so they never count as climbing), a harder-smoothed GPS altitude in GPS-only mode; continuous across mode changes.
    /// Its level is arbitrary (it starts at the first altitude known, the pressure altitude when the
    /// barometer reports before GPS): only differences mean anything. NaN until anything is known.
    public private(set) var climbAltitude = Double.nan

    private var mode = Mode.empty
    private var main = Estimator(levelVariance: 0, rateVariance: 0, errorVariance: 0)
    private var climb = Estimator(levelVariance: 0, rateVariance: 0, errorVariance: 0)
    private var lastTime = -Double.infinity
    private var lastBarometricAltitude = Double.nan
    /// ``ElevationConfiguration/barometricSmoothingTime``'s low-pass of the barometric altitude, m.
    private var smoothedBarometricAltitude = Double.nan
    private var lastBarometricTime = -Double.infinity
    /// Latest GPS standard deviation used, m.
    private var gpsSigma: Double
    /// `climbAltitude` minus the mode's own climb signal.
    private var climbShift = 0.0

    /// Creates a fusion with nothing known.
    public init(configuration: ElevationConfiguration, altimeter: BarometricAltimeter = BarometricAltimeter()) {
        self.configuration = configuration
        self.altimeter = altimeter
        gpsSigma = configuration.assumedGPSVerticalAccuracy
    }

    /// Whether the fusion is currently driven by the barometer.
    public var isBarometric: Bool { mode == .barometric }

    /// The weather's trend estimated so far, in metres per second of the barometer's offset
    /// (``ElevationConfiguration/knownBarometricTrend`` when given); NaN outside barometric mode.
    public var barometricTrend: Double {
        guard mode == .barometric else { return .nan }
        return configuration.knownBarometricTrend ?? main.rate
    }

    /// 1-σ uncertainty in metres of ``altitude``'s level (infinite until anything is known).
    public var altitudeUncertainty: Double { mode == .empty ? .infinity : main.pLL.squareRoot() }

    /// Feeds one instant's measurements and returns the fused altitude.
    ///
    /// Updates with a non-finite time or a time before the previous update are ignored (the
    /// previous altitude is returned).
    ///
    /// - Parameters:
    ///   - time: Unix time in seconds.
    ///   - gpsAltitude: Raw GPS altitude in metres above sea level (`Fix.altitude`); NaN if none.
    ///   - gpsVerticalAccuracy: Its 1-σ accuracy in metres; negative or NaN when not reported
    ///     (``ElevationConfiguration/assumedGPSVerticalAccuracy`` is used).
    ///   - barometricPressure: Pressure in pascals read since the previous update, nil if none.
    /// - Returns: The fused altitude in metres; NaN until anything is known.
    public mutating func update(time: Double, gpsAltitude: Double, gpsVerticalAccuracy: Double,
                                barometricPressure: Double?) -> Double {
        guard time.isFinite, time >= lastTime else { return altitude }
        if mode != .empty { predict(over: time - lastTime) }
        lastTime = time

        if configuration.usesBarometer, let pressure = barometricPressure {
            let barometric = altimeter.altitude(pressure: pressure)
            if barometric.isFinite { observeBarometer(barometric, at: time) }
        }
        if mode == .barometric && time - lastBarometricTime > configuration.barometerTimeout {
            leaveBarometer()
        }
        if gpsAltitude.isFinite {
            let accuracy = gpsVerticalAccuracy > 0 && gpsVerticalAccuracy.isFinite
                ? gpsVerticalAccuracy : configuration.assumedGPSVerticalAccuracy
            gpsSigma = max(accuracy, configuration.minimumGPSVerticalAccuracy)
            observeGPS(gpsAltitude, at: time)
        }

        switch mode {
        case .empty:
            break
        case .gps:
            altitude = main.level
            climbAltitude = climb.level + climbShift
        case .barometric:
            altitude = smoothedBarometricAltitude + main.level
            climbAltitude = smoothedBarometricAltitude + climbShift
        }
        return altitude
    }

    /// Stationary variance of the GPS error's correlated part, m².
    private var correlatedVariance: Double {
        let sigma = configuration.gpsCorrelatedFraction * gpsSigma
        return sigma * sigma
    }

    /// Variance of the GPS error's white part, m².
    private var whiteVariance: Double {
        let fraction = configuration.gpsCorrelatedFraction
        return max(0, 1 - fraction * fraction) * gpsSigma * gpsSigma
    }

    private var mainRateVariance: Double { configuration.gpsVerticalSpeed * configuration.gpsVerticalSpeed }
    private var climbRateVariance: Double {
        configuration.gpsClimbVerticalSpeed * configuration.gpsClimbVerticalSpeed
    }
    private var initialLevelVariance: Double { Self.initialLevelUncertainty * Self.initialLevelUncertainty }
    /// Variance of the barometric offset's drift rate, (m/s)².
    private var trendVariance: Double {
        if configuration.knownBarometricTrend != nil { return 0 }
        let rate = configuration.barometricTrendPerHour / Self.secondsPerHour
        return rate * rate
    }

    /// Propagates the state over `step` seconds.
    private mutating func predict(over step: Double) {
        guard step > 0 else { return }
        let errorTime = configuration.gpsErrorCorrelationTime
        let errorDecay = errorTime > 0 ? exp(-step / errorTime) : 0
        let correlated = correlatedVariance
        if mode == .barometric, let trend = configuration.knownBarometricTrend {
            let drift = configuration.barometricDriftPerHour
            climbShift += trend * step
            main.level += trend * step
            main.predict(over: step, errorDecay: errorDecay, correlatedVariance: correlated,
                         levelDiffusion: drift * drift / Self.secondsPerHour, rateDecay: 0, rateTime: 0,
                         rateVariance: 0)
        } else if mode == .barometric {
            let drift = configuration.barometricDriftPerHour
            let trendTime = configuration.barometricTrendCorrelationTime
            let trendDecay = trendTime > 0 ? exp(-step / trendTime) : 0
            // The offset's predicted change from the weather's trend, as Estimator.predict adds it.
            climbShift += (trendTime > 0 ? trendTime * (1 - trendDecay) : 0) * main.rate
            main.predict(over: step, errorDecay: errorDecay, correlatedVariance: correlated,
                         levelDiffusion: drift * drift / Self.secondsPerHour, rateDecay: trendDecay,
                         rateTime: trendTime, rateVariance: trendVariance)
        } else {
            let rateTime = configuration.verticalSpeedCorrelationTime
            let rateDecay = rateTime > 0 ? exp(-step / rateTime) : 0
            main.predict(over: step, errorDecay: errorDecay, correlatedVariance: correlated, levelDiffusion: 0,
                         rateDecay: rateDecay, rateTime: rateTime, rateVariance: mainRateVariance)
            climb.predict(over: step, errorDecay: errorDecay, correlatedVariance: correlated, levelDiffusion: 0,
                          rateDecay: rateDecay, rateTime: rateTime, rateVariance: climbRateVariance)
            climb.capLevelVariance(at: initialLevelVariance)
        }
        main.capLevelVariance(at: initialLevelVariance)
    }

    private mutating func observeBarometer(_ barometric: Double, at time: Double) {
        switch mode {
        case .empty:
            // Pressure altitude until GPS gives the level.
            main = Estimator(levelVariance: initialLevelVariance, rateVariance: trendVariance,
                             errorVariance: correlatedVariance)
            climbShift = 0
        case .gps:
            // Keep the altitude and its climb series continuous; the barometer measures changes
            // directly, so the rate estimated from now on is the weather's trend.
            climbShift += climb.level - barometric
            main.level -= barometric
            main.restartRate(variance: trendVariance)
        case .barometric:
            break
        }
        let smoothing = configuration.barometricSmoothingTime
        if mode == .barometric && smoothing > 0 && smoothedBarometricAltitude.isFinite {
            let weight = 1 - exp(-(time - lastBarometricTime) / smoothing)
            smoothedBarometricAltitude += weight * (barometric - smoothedBarometricAltitude)
        } else {
            smoothedBarometricAltitude = barometric
        }
        mode = .barometric
        lastBarometricAltitude = barometric
        lastBarometricTime = time
    }

    /// The barometer fell silent: carry on from the current altitude with GPS alone.
    private mutating func leaveBarometer() {
        main.level += smoothedBarometricAltitude
        main.restartRate(variance: mainRateVariance)
        climb = main
        climb.restartRate(variance: climbRateVariance)
        climbShift = climbAltitude - main.level
        mode = .gps
    }

    private mutating func observeGPS(_ gpsAltitude: Double, at time: Double) {
        let white = whiteVariance, gate = configuration.gpsInnovationGate
        let resetTime = configuration.gpsOutlierResetTime
        switch mode {
        case .empty:
            mode = .gps
            main = Estimator(levelVariance: initialLevelVariance, rateVariance: mainRateVariance,
                             errorVariance: correlatedVariance)
            climb = Estimator(levelVariance: initialLevelVariance, rateVariance: climbRateVariance,
                              errorVariance: correlatedVariance)
            climbShift = 0
            fallthrough
        case .gps:
            main.observe(gpsAltitude, whiteVariance: white, gate: gate, resetTime: resetTime, at: time)
            climb.observe(gpsAltitude, whiteVariance: white, gate: gate, resetTime: resetTime, at: time)
        case .barometric:
            main.observe(gpsAltitude - lastBarometricAltitude, whiteVariance: white, gate: gate,
                         resetTime: resetTime, at: time)
        }
    }
}
