public import PaceModel
import Foundation

/// One raw GPS fix, as a receiver reports it.
///
/// Plain `Double`s in named units keep the hot path free of allocation and conversion;
/// negative accuracies, speeds and courses mean "not available", as in Core Location.
///
/// ```swift
/// let fix = Fix(time: 1_795_158_000, latitude: 48.8584, longitude: 2.2945,
///               altitude: 35, horizontalAccuracy: 4, speed: 3.2, course: 90)
/// ```
public struct Fix: Hashable, Sendable {
    /// When the fix was taken, in seconds since 1970-01-01 UTC (Unix time).
    public var time: Double
    /// Latitude in degrees, WGS-84.
    public var latitude: Double
    /// Longitude in degrees, WGS-84.
    public var longitude: Double
    /// Altitude in metres above mean sea level; NaN when not available.
    public var altitude: Double
    /// Radius of the 68 % horizontal confidence circle in metres; negative when the fix is invalid.
    public var horizontalAccuracy: Double
    /// Vertical accuracy (68 %) in metres; negative when the altitude is not to be trusted.
    public var verticalAccuracy: Double
    /// Doppler ground speed in metres per second; negative when not available.
    public var speed: Double
    /// Course over ground in degrees clockwise from true north; negative when not available.
    public var course: Double
    /// Speed accuracy in metres per second; negative when not reported.
    public var speedAccuracy: Double

    /// Creates a fix; unknown values default to "not available".
    public init(
        time: Double,
        latitude: Double,
        longitude: Double,
        altitude: Double = .nan,
        horizontalAccuracy: Double,
        verticalAccuracy: Double = -1,
        speed: Double = -1,
        course: Double = -1,
        speedAccuracy: Double = -1
    ) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.speed = speed
        self.course = course
        self.speedAccuracy = speedAccuracy
    }

    /// Creates a fix from a stored route location.
    public init(_ location: RouteLocation) {
        self.init(time: location.timestamp.timeIntervalSince1970, latitude: location.latitude,
                  longitude: location.longitude,
                  altitude: location.verticalAccuracy < 0 ? .nan : location.altitude,
                  horizontalAccuracy: location.horizontalAccuracy, verticalAccuracy: location.verticalAccuracy,
                  speed: location.speed, course: location.course, speedAccuracy: location.speedAccuracy)
    }

    /// Whether the receiver reported a usable Doppler speed (finite and ≥ 0).
    public var hasSpeed: Bool { speed >= 0 && speed.isFinite }
    /// Whether the receiver reported a usable course (finite, 0…360).
    public var hasCourse: Bool { course >= 0 && course <= 360 && course.isFinite }
    /// Whether the altitude is usable (finite).
    public var hasAltitude: Bool { altitude.isFinite }
}
