/// Processes a track live, one fix at a time: gate, Kalman filter, metrics.
///
/// This is what a recording shows while it runs. Each ``process(_:pressure:)`` is O(1) and
/// allocation-free in the common case.
///
/// ```swift
/// var processor = LiveTrackProcessor(configuration: .forActivity(.running))
/// for fix in fixes {
///     if let point = processor.process(fix) { show(point, processor.metrics.distance) }
/// }
/// let summary = processor.finish()
/// ```
public struct LiveTrackProcessor: Sendable {
    /// The thresholds in use.
    public let configuration: TrackConfiguration
    private var filter: TrackFilter
    /// The running totals: distance, moving time, splits, altitude.
    public private(set) var metrics: TrackMetricsAccumulator
    private var fixCount = 0
    private var pointCount = 0

    /// Creates a processor.
    public init(configuration: TrackConfiguration) {
        self.configuration = configuration
        filter = TrackFilter(configuration: configuration.filter)
        metrics = TrackMetricsAccumulator(configuration: configuration)
    }

    /// Feeds one raw fix.
    ///
    /// - Parameters:
    ///   - fix: The fix, in time order.
    ///   - pressure: A barometric pressure in pascals read since the previous fix, if any.
    /// - Returns: The filter's estimate at the fix's time, or `nil` when the fix was rejected.
    public mutating func process(_ fix: Fix, pressure: Double? = nil) -> TrackPoint? {
        fixCount += 1
        guard let point = filter.update(fix) else { return nil }
        pointCount += 1
        metrics.add(point, gpsAltitude: fix.altitude, gpsVerticalAccuracy: fix.verticalAccuracy, pressure: pressure)
        return point
    }

    /// Ends the track and returns its summary.
    public mutating func finish() -> TrackSummary {
        metrics.finish(fixCount: fixCount, acceptedFixCount: pointCount, rejections: filter.rejections,
                       outlierRejections: filter.innovationRejections)
    }
}

/// A whole track after processing: the points, the odometer, altitude and gain at each, and the summary.
public struct ProcessedTrack: Sendable {
    /// The filter's (or smoother's) estimate at each accepted fix, in time order.
    public var points: [TrackPoint]
    /// Cumulative distance in metres at each point.
    public var distances: [Double]
    /// Fused altitude in metres at each point; NaN where none is known yet.
    public var altitudes: [Double]
    /// Cumulative elevation gain in metres at each point (the summary's gain so far).
    public var gains: [Double]
    /// Cumulative elevation loss in metres at each point (the summary's loss so far).
    public var losses: [Double]
    /// The totals.
    public var summary: TrackSummary
}

/// Processes a whole recorded track, live or smoothed.
public enum TrackProcessor {
    /// Runs a finished track through the live filter or the fixed-interval smoother, then the metrics.
    ///
    /// The smoothed result is the best estimate of a finished workout and may replace the live
    /// route; the input is never changed.
    ///
    /// - Parameters:
    ///   - fixes: Raw fixes in the order they were recorded.
    ///   - pressures: Barometric pressure in pascals at each fix (NaN where none), or `nil` without a
    ///     barometer; the fused altitude then takes its changes from the barometer.
    ///   - configuration: The thresholds.
    ///   - smoothed: `true` for the RTS smoother, `false` for the causal live filter.
    public static func process(_ fixes: [Fix], pressures: [Double]? = nil, configuration: TrackConfiguration,
                               smoothed: Bool) -> ProcessedTrack {
        var metrics = TrackMetricsAccumulator(configuration: configuration)
        var distances: [Double] = [], altitudes: [Double] = [], gains: [Double] = [], losses: [Double] = []
        func pressure(at index: Int) -> Double? {
            guard let pressures, pressures.indices.contains(index), pressures[index].isFinite else { return nil }
            return pressures[index]
        }
        if !smoothed {
            var processor = LiveTrackProcessor(configuration: configuration)
            var points: [TrackPoint] = []
            points.reserveCapacity(fixes.count)
            distances.reserveCapacity(fixes.count)
            altitudes.reserveCapacity(fixes.count)
            gains.reserveCapacity(fixes.count)
            losses.reserveCapacity(fixes.count)
            for (index, fix) in fixes.enumerated() {
                guard let point = processor.process(fix, pressure: pressure(at: index)) else { continue }
                points.append(point)
                distances.append(processor.metrics.distance)
                altitudes.append(processor.metrics.altitude)
                gains.append(processor.metrics.elevationGain)
                losses.append(processor.metrics.elevationLoss)
            }
            return ProcessedTrack(points: points, distances: distances, altitudes: altitudes, gains: gains,
                                  losses: losses, summary: processor.finish())
        }
        let track = TrackSmoother.smooth(fixes, configuration: configuration.filter)
        // The smoother keeps the accepted fixes' times; walk the raw fixes alongside for their altitudes.
        let fixIndices = Self.fixIndices(of: track.points, in: fixes)
        // Without a barometer, the whole track's GPS altitudes choose the terrain model and are smoothed
        // both ways before any gain is counted (DECISIONS 100).
        let hasPressure = pressures?.contains(where: \.isFinite) ?? false
        var configuration = configuration
        var terrain: [Double]?
        if !hasPressure, let (altitudes, threshold) = terrainAltitudes(track.points, fixes: fixes, fixIndices: fixIndices,
                                                                       configuration: configuration.elevation) {
            terrain = altitudes
            configuration.elevation.gpsTerrainGainThreshold = threshold
            metrics = TrackMetricsAccumulator(configuration: configuration)
        }
        func accumulate(_ metrics: inout TrackMetricsAccumulator, recording: Bool) {
            for (index, point) in track.points.enumerated() {
                let next = fixIndices[index]
                let fix = next < fixes.endIndex ? fixes[next] : nil
                metrics.add(point, gpsAltitude: fix?.altitude ?? .nan, gpsVerticalAccuracy: fix?.verticalAccuracy ?? -1,
                            pressure: pressure(at: next), terrainAltitude: terrain?[index] ?? .nan)
                guard recording else { continue }
                distances.append(metrics.distance)
                altitudes.append(metrics.altitude)
                gains.append(metrics.elevationGain)
                losses.append(metrics.elevationLoss)
            }
        }
        if pressures != nil {
            // A finished workout knows the whole track: estimate the weather's trend from all of it,
            // then count every metre with that trend known from the start.
            var estimate = TrackMetricsAccumulator(configuration: configuration)
            accumulate(&estimate, recording: false)
            if estimate.barometricTrend.isFinite {
                var known = configuration
                known.elevation.knownBarometricTrend = estimate.barometricTrend
                metrics = TrackMetricsAccumulator(configuration: known)
            }
        }
        distances.reserveCapacity(track.points.count)
        altitudes.reserveCapacity(track.points.count)
        gains.reserveCapacity(track.points.count)
        losses.reserveCapacity(track.points.count)
        accumulate(&metrics, recording: true)
        let summary = metrics.finish(fixCount: fixes.count, acceptedFixCount: track.points.count,
                                     rejections: track.rejections, outlierRejections: track.innovationRejections)
        return ProcessedTrack(points: track.points, distances: distances, altitudes: altitudes, gains: gains,
                              losses: losses, summary: summary)
    }

    /// The index in `fixes` of each point's fix (the smoother keeps the accepted fixes' times);
    /// `fixes.endIndex` where none matches.
    static func fixIndices(of points: [TrackPoint], in fixes: [Fix]) -> [Int] {
        var indices: [Int] = []
        indices.reserveCapacity(points.count)
        var next = fixes.startIndex
        for point in points {
            while next < fixes.endIndex, fixes[next].time != point.time { next += 1 }
            indices.append(next)
        }
        return indices
    }

    /// The GPS-only terrain altitude at each point, smoothed under the likeliest of the configuration's
    /// terrain models, and the hysteresis its gain is counted with; nil when it has no models.
    private static func terrainAltitudes(_ points: [TrackPoint], fixes: [Fix], fixIndices: [Int],
                                         configuration: ElevationConfiguration) -> ([Double], threshold: Double)? {
        guard !configuration.gpsTerrainModels.isEmpty else { return nil }
        var samples: [TerrainAltitudeSmoother.Sample] = []
        samples.reserveCapacity(points.count)
        var distance = 0.0
        for (index, point) in points.enumerated() {
            if point.distanceIncrement.isFinite, point.distanceIncrement > 0 { distance += point.distanceIncrement }
            let fix = fixIndices[index] < fixes.endIndex ? fixes[fixIndices[index]] : nil
            samples.append(.init(time: point.time, distance: distance, altitude: fix?.altitude ?? .nan,
                                 verticalAccuracy: fix?.verticalAccuracy ?? -1))
        }
        // A file that reports no vertical accuracy leaves the altitudes' noise to be estimated too.
        let reportsAccuracy = samples.contains { $0.altitude.isFinite && $0.verticalAccuracy > 0 }
        let candidates = reportsAccuracy ? configuration.gpsTerrainModels
            : TerrainAltitudeModel.withUnreportedAccuracies(configuration.gpsTerrainModels)
        let altitudes = TerrainAltitudeSmoother.smooth(samples, candidates: candidates, configuration: configuration)
        return (altitudes, TerrainAltitudeSmoother.gainThreshold(for: samples, configuration: configuration))
    }
}
