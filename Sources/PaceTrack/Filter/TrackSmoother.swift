public import PaceModel

/// A finished workout's filtered track: every point re-estimated from all the fixes.
///
/// Same shape as the live filter's output, so it can replace the live route.
public struct SmoothedTrack: Hashable, Sendable {
    /// The smoothed points, in time order (one per fix the filter used).
    public var points: [TrackPoint]
    /// Total distance in metres: the sum of the points' ``TrackPoint/distanceIncrement``.
    public var distance: Double
    /// Variance of ``distance`` in m².
    public var distanceVariance: Double
    /// Fixes refused by the gate, by reason.
    public var rejections: [RejectionReason: Int]
    /// Positions skipped by the innovation test.
    public var innovationRejections: Int

    /// Creates a smoothed track.
    ///
    /// - Parameters:
    ///   - points: The smoothed points in time order.
    ///   - distance: Total distance in m.
    ///   - distanceVariance: Its variance in m².
    ///   - rejections: Gate rejections by reason.
    ///   - innovationRejections: Positions skipped by the innovation test.
    public init(points: [TrackPoint], distance: Double, distanceVariance: Double,
                rejections: [RejectionReason: Int], innovationRejections: Int) {
        self.points = points
        self.distance = distance
        self.distanceVariance = distanceVariance
        self.rejections = rejections
        self.innovationRejections = innovationRejections
    }
}

/// Fixed-interval smoother for a finished workout: the live filter's model run forwards, then a
/// Rauch–Tung–Striebel pass backwards, so every estimate uses the fixes before *and after* it.
///
/// Stillness is decided by the same detector run forwards and backwards (so a stop is found
/// where it began, not a few seconds later), and the odometer integrates the smoothed speed.
/// Unlike the live filter, the motion model splits the acceleration noise along and across the
/// direction of travel (speed changes slowly, direction quickly), which smooths the speed much
/// more without lagging in turns; run causally, the split lets each turn lengthen the velocity
/// vector faster than the small along-track gain shortens it, so the live filter does without.
/// The plane is centred on the track (its Earth-centred centroid), which keeps the tangent-plane
/// approximation below 0.1 % for tracks within 250 km of their centre.
///
/// ```swift
/// let track = TrackSmoother.smooth(fixes, configuration: .forActivity(.running))
/// print(track.distance, track.points.count)
/// ```
public enum TrackSmoother {
    /// Smooths a whole track.
    ///
    /// - Parameters:
    ///   - fixes: The raw fixes in recording order.
    ///   - configuration: The filter parameters (``TrackFilterConfiguration/forActivity(_:)``).
    /// - Returns: The smoothed track; empty when no fix was usable.
    public static func smooth(_ fixes: [Fix], configuration: TrackFilterConfiguration) -> SmoothedTrack {
        var builder = ObservationBuilder(configuration: configuration, frame: centreFrame(of: fixes))
        var detector = StillnessDetector(configuration: configuration)
        var observations: [Observation] = [], filtered: [Double] = [], intervals: [Double] = []
        observations.reserveCapacity(fixes.count)
        filtered.reserveCapacity(fixes.count)
        intervals.reserveCapacity(fixes.count)
        for fix in fixes {
            guard let o = builder.observe(fix, isStill: detector.isStill) else { continue }
            guard o.time > (observations.last?.time ?? -.infinity), o.isPositionUsable || !observations.isEmpty else { continue }
            let dt = observations.last.map { o.time - $0.time } ?? 0
            detector.update(dt: dt, evidence: o.stillnessEvidence)
            observations.append(o)
            filtered.append(detector.logOdds)
            intervals.append(dt)
        }
        let still = StillnessDetector.smooth(filtered: filtered, evidence: observations.map(\.stillnessEvidence),
                                             intervals: intervals, configuration: configuration).map { $0 > 0 }

        // Forward pass, storing the filtered estimates.
        var core = FilterCore(configuration: configuration, anisotropic: true)
        var vertical = VerticalFilter(configuration: configuration)
        var forward: [ForwardRecord] = []
        forward.reserveCapacity(observations.count)
        var heights: [VerticalFilter.Record] = []
        heights.reserveCapacity(observations.count)
        for (index, o) in observations.enumerated() {
            guard let step = core.step(o, still: still[index]) else { continue }
            forward.append(ForwardRecord(observation: index, state: core.state, covariance: core.covariance,
                                         prediction: step.prediction, measurementVariance: step.velocityMeasurementVariance))
            heights.append(vertical.update(time: o.time, altitude: o.altitude, variance: o.altitudeVariance))
        }
        guard let last = forward.last else {
            return SmoothedTrack(points: [], distance: 0, distanceVariance: 0, rejections: builder.gate.rejections,
                                 innovationRejections: core.innovationRejections)
        }
        VerticalFilter.smooth(&heights, noise: configuration.verticalAccelerationNoise)

        // Backward pass (Rauch–Tung–Striebel), producing the points from the last to the first;
        // each point's distance increment is set once the point before it is known.
        let frame = builder.frame ?? PlaneFrame(latitude: 0, longitude: 0)
        var reversed: [TrackPoint] = []
        reversed.reserveCapacity(forward.count)
        var next = (state: last.state, covariance: last.covariance)
        var nextEndpoint: Odometer.Endpoint?
        for k in stride(from: forward.count - 1, through: 0, by: -1) {
            let r = forward[k], o = observations[r.observation], isStill = still[r.observation]
            var smoothed = (state: r.state, covariance: r.covariance)
            if k + 1 < forward.count, let prediction = forward[k + 1].prediction {
                smoothed = smoothingStep(state: r.state, covariance: r.covariance, step: prediction,
                                         next: next.state, nextCovariance: next.covariance)
            }
            let endpoint = Self.endpoint(o, record: r, smoothed: smoothed, isStill: isStill)
            if let nextEndpoint {
                var increment = forward[k + 1].prediction == nil
                    ? TrackFilter.restartIncrement(from: endpoint, to: nextEndpoint, maxSpeed: configuration.gate.maxSpeed)
                    : Odometer.increment(from: endpoint, to: nextEndpoint, configuration: configuration)
                if !(increment.distance.isFinite && increment.variance.isFinite) { increment = (0, 0) }
                reversed[reversed.count - 1].distanceIncrement = increment.distance
                reversed[reversed.count - 1].distanceVariance = increment.variance
            }
            let state = smoothed.state, covariance = smoothed.covariance
            let geodetic = frame.geodetic(of: state.position, near: o.point, fixPosition: o.position, toPlane: o.toPlane)
            reversed.append(TrackPoint(
                time: o.time, latitude: geodetic.latitude, longitude: geodetic.longitude, altitude: heights[k].altitude,
                east: state.position.x, north: state.position.y, velocityEast: endpoint.velocity.x,
                velocityNorth: endpoint.velocity.y, speed: endpoint.speed, positionVariance: covariance.pp.trace,
                isStationary: isStill, distanceIncrement: 0, distanceVariance: 0))
            next = smoothed
            nextEndpoint = endpoint
        }
        let points = Array(reversed.reversed())
        let total = points.reduce(0) { $0 + $1.distanceIncrement }
        let totalVariance = points.reduce(0) { $0 + $1.distanceVariance }
        return SmoothedTrack(points: points, distance: total, distanceVariance: totalVariance,
                             rejections: builder.gate.rejections, innovationRejections: core.innovationRejections)
    }

    /// Smooths a whole track with the parameters of `activity`.
    ///
    /// - Parameters:
    ///   - fixes: The raw fixes in recording order.
    ///   - activity: The workout's activity type.
    /// - Returns: The smoothed track.
    public static func smooth(_ fixes: [Fix], activity: WorkoutActivityType) -> SmoothedTrack {
        smooth(fixes, configuration: .forActivity(activity))
    }

    /// One end of a distance step at a smoothed estimate: the speed is corrected for the noise in
    /// the smoothed velocity (the filtered noise variance, scaled by smoothed over filtered variance).
    private static func endpoint(_ o: Observation, record r: ForwardRecord,
                                 smoothed: (state: KinematicState, covariance: KinematicCovariance),
                                 isStill: Bool) -> Odometer.Endpoint {
        let (state, covariance) = smoothed
        let measurement = r.measurementVariance > 0 ? r.measurementVariance : o.dopplerVariance
        let filteredCross = Odometer.variance(r.covariance.vv, of: state.velocity, across: true)
        let smoothedCross = Odometer.variance(covariance.vv, of: state.velocity, across: true)
        let ratio = filteredCross > 0 ? min(max(smoothedCross / filteredCross, 0), 1) : 1
        let noise = Odometer.noiseVariance(posterior: filteredCross, measurement: measurement) * ratio
        return Odometer.Endpoint(
            time: o.time, position: state.position, velocity: isStill ? .zero : state.velocity,
            speed: isStill ? 0 : Odometer.correctedSpeed(state.velocity, crossNoiseVariance: noise), isStill: isStill,
            positionCovariance: covariance.pp,
            speedVariance: isStill ? 0 : Odometer.variance(covariance.vv, of: state.velocity, across: false))
    }

    private struct ForwardRecord {
        var observation: Int
        var state: KinematicState
        var covariance: KinematicCovariance
        var prediction: PredictionStep?
        var measurementVariance: Double
    }

    /// The plane at the Earth-centred centroid of the usable coordinates (nil when there are none).
    private static func centreFrame(of fixes: [Fix]) -> PlaneFrame? {
        var x = 0.0, y = 0.0, z = 0.0, n = 0.0
        var first: (Double, Double)?
        for fix in fixes where fix.latitude.isFinite && fix.longitude.isFinite && abs(fix.latitude) <= 90
            && abs(fix.longitude) <= 180 && fix.horizontalAccuracy >= 0 {
            let p = GeodeticPoint(latitude: fix.latitude, longitude: fix.longitude)
            x += p.x; y += p.y; z += p.z; n += 1
            if first == nil { first = (fix.latitude, fix.longitude) }
        }
        guard n > 0, let first else { return nil }
        let centre = LocalTangentPlane.geodetic(x: x / n, y: y / n, z: z / n)
        // A centroid deep inside the Earth (fixes scattered around the globe) has no useful plane.
        guard centre.altitude > -100_000, centre.latitude.isFinite, centre.longitude.isFinite else {
            return PlaneFrame(latitude: first.0, longitude: first.1)
        }
        return PlaneFrame(latitude: centre.latitude, longitude: centre.longitude)
    }
}
