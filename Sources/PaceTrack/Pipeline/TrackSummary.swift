/// What a processed track adds up to: distance with its uncertainty, times, speeds,
/// elevation, splits and the fixes the gate rejected.
///
/// Every number is finite: quantities that cannot be known (the pace of a track that never
/// moved) are `nil`, never NaN or infinity.
public struct TrackSummary: Hashable, Sendable {
    /// Distance travelled in metres (horizontal, on the ellipsoid).
    public var distance: Double
    /// One standard deviation of ``distance`` in metres, from the filter's covariance.
    public var distanceUncertainty: Double
    /// Time from the first to the last accepted fix, in seconds.
    public var elapsedTime: Double
    /// Time spent moving (auto-pause excluded), in seconds.
    public var movingTime: Double
    /// Distance over moving time in m/s; `nil` when there was no moving time.
    public var averageSpeed: Double?
    /// Fastest speed sustained over the configured window, in m/s (outliers cannot reach it).
    public var maximumSpeed: Double
    /// Elevation gained in metres, with hysteresis; `nil` without any altitude.
    public var elevationGain: Double?
    /// Elevation lost in metres, with hysteresis; `nil` without any altitude.
    public var elevationLoss: Double?
    /// Kilometre splits, the last one partial.
    public var kilometerSplits: [Split]
    /// Mile splits, the last one partial.
    public var mileSplits: [Split]
    /// Fixes given to the processor.
    public var fixCount: Int
    /// Fixes the gate accepted (including those whose position the outlier gate then refused).
    public var acceptedFixCount: Int
    /// Fixes the gate rejected, by reason.
    public var rejections: [RejectionReason: Int]
    /// Accepted fixes whose position the filter's innovation gate refused as outliers
    /// (their time and Doppler velocity may still have been used).
    public var outlierRejections: Int

    /// Average pace in seconds per kilometre over the moving time; `nil` without movement.
    public var averagePacePerKilometer: Double? { averageSpeed.flatMap { Pace.secondsPerKilometer(speed: $0) } }
    /// Average pace in seconds per mile over the moving time; `nil` without movement.
    public var averagePacePerMile: Double? { averageSpeed.flatMap { Pace.secondsPerMile(speed: $0) } }
}
