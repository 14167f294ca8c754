/// One point of a processed track: the filter's estimate at a fix's time.
///
/// Live filtering produces these one at a time; the smoother rewrites a whole track of them.
public struct TrackPoint: Hashable, Sendable {
    /// Time in seconds since 1970-01-01 UTC.
    public var time: Double
    /// Estimated latitude in degrees, WGS-84.
    public var latitude: Double
    /// Estimated longitude in degrees, WGS-84.
    public var longitude: Double
    /// Estimated altitude in metres above mean sea level; NaN when unknown.
    public var altitude: Double
    /// Estimated east position in metres in the track's local tangent plane.
    public var east: Double
    /// Estimated north position in metres in the track's local tangent plane.
    public var north: Double
    /// Estimated east velocity in metres per second.
    public var velocityEast: Double
    /// Estimated north velocity in metres per second.
    public var velocityNorth: Double
    /// Estimated ground speed in metres per second (0 when stationary).
    public var speed: Double
    /// Variance of the estimated position, east plus north, in square metres.
    public var positionVariance: Double
    /// Whether the filter judged the athlete to be standing still at this point.
    public var isStationary: Bool
    /// Distance travelled since the previous point, in metres (0 for the first point).
    public var distanceIncrement: Double
    /// Variance of ``distanceIncrement`` in square metres.
    public var distanceVariance: Double

    /// Creates a point.
    public init(time: Double, latitude: Double, longitude: Double, altitude: Double, east: Double, north: Double,
                velocityEast: Double, velocityNorth: Double, speed: Double, positionVariance: Double,
                isStationary: Bool, distanceIncrement: Double, distanceVariance: Double) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.east = east
        self.north = north
        self.velocityEast = velocityEast
        self.velocityNorth = velocityNorth
        self.speed = speed
        self.positionVariance = positionVariance
        self.isStationary = isStationary
        self.distanceIncrement = distanceIncrement
        self.distanceVariance = distanceVariance
    }
}
