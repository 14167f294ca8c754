public import Foundation

/// One location of a workout route, with exactly the fields HealthKit keeps for a
/// `CLLocation` in an `HKWorkoutRoute`.
///
/// Negative accuracies, speeds and courses mean "not available", as in Core Location.
///
/// ```swift
/// let fix = RouteLocation(timestamp: t, latitude: 48.8584, longitude: 2.2945,
///                         altitude: 35, horizontalAccuracy: 4.5)
/// ```
public struct RouteLocation: Hashable, Sendable, Codable {
    /// When the fix was taken (UTC).
    public var timestamp: Date
    /// Latitude in degrees, WGS-84, −90…90.
    public var latitude: Double
    /// Longitude in degrees, WGS-84, −180…180.
    public var longitude: Double
    /// Altitude in metres above mean sea level.
    public var altitude: Double
    /// Ground speed in metres per second; negative when not available.
    public var speed: Double
    /// Course over ground in degrees clockwise from true north, 0…360; negative when not available.
    public var course: Double
    /// Radius of the 68 % horizontal confidence circle in metres; negative when the fix is invalid.
    public var horizontalAccuracy: Double
    /// Vertical accuracy in metres; negative when ``altitude`` is not available, 0 when the
    /// altitude is valid but its accuracy was not reported (files without accuracy fields).
    public var verticalAccuracy: Double
    /// Speed accuracy in metres per second; negative when not available.
    public var speedAccuracy: Double
    /// Course accuracy in degrees; negative when not available.
    public var courseAccuracy: Double

    /// Creates a location; unknown values default to −1 ("not available") and altitude to 0.
    public init(
        timestamp: Date,
        latitude: Double,
        longitude: Double,
        altitude: Double = 0,
        speed: Double = -1,
        course: Double = -1,
        horizontalAccuracy: Double = -1,
        verticalAccuracy: Double = -1,
        speedAccuracy: Double = -1,
        courseAccuracy: Double = -1
    ) {
        self.timestamp = timestamp
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.speed = speed
        self.course = course
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.speedAccuracy = speedAccuracy
        self.courseAccuracy = courseAccuracy
    }

    /// Whether the coordinate is a real point on Earth: finite, latitude within ±90°,
    /// longitude within ±180°.
    public var hasValidCoordinate: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }
}
