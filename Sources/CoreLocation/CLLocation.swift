public import Foundation

/// A position on the WGS-84 ellipsoid with its altitude, accuracies, course, speed and time
/// (Apple's `CLLocation`): what ``CLLocationManager`` delivers and what a workout route stores.
///
/// Every numeric value uses Apple's units and conventions: degrees, metres, metres per second,
/// degrees clockwise from true north; a negative accuracy, speed or course means "not available".
/// A location never changes once made.
///
/// ```swift
/// let start = CLLocation(latitude: 52.5200, longitude: 13.4050)
/// let end = CLLocation(coordinate: CLLocationCoordinate2D(latitude: 48.8566, longitude: 2.3522),
///                      altitude: 35, horizontalAccuracy: 5, verticalAccuracy: 8, timestamp: Date())
/// start.distance(from: end)   // 878 km, on the ellipsoid
/// ```
open class CLLocation: NSObject, NSCopying, @unchecked Sendable {
    /// What a location holds.
    struct Storage: Sendable {
        var coordinate: CLLocationCoordinate2D
        var altitude: CLLocationDistance = 0
        var horizontalAccuracy: CLLocationAccuracy = 0
        var verticalAccuracy: CLLocationAccuracy = -1
        var course: CLLocationDirection = -1
        var courseAccuracy: CLLocationDirectionAccuracy = -1
        var speed: CLLocationSpeed = -1
        var speedAccuracy: CLLocationSpeedAccuracy = -1
        var timestamp: Date
        var sourceInformation: CLLocationSourceInformation? = nil
    }

    let storage: Storage

    /// A location at a latitude and longitude, in degrees, made now: horizontal accuracy 0 m,
    /// altitude 0 m with vertical accuracy −1 (invalid), no course or speed.
    /// - Parameters:
    ///   - latitude: Degrees north, −90…90.
    ///   - longitude: Degrees east, −180…180.
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        storage = Storage(coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), timestamp: Date())
        super.init()
    }

    /// A location with a coordinate, an altitude and their accuracies, at a time; no course or speed.
    /// - Parameters:
    ///   - coordinate: The coordinate, in degrees.
    ///   - altitude: Metres above mean sea level.
    ///   - hAccuracy: The coordinate's radius of uncertainty, in metres; negative if invalid.
    ///   - vAccuracy: The altitude's accuracy, in metres; negative if invalid.
    ///   - timestamp: When the location was measured.
    public init(coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy hAccuracy: CLLocationAccuracy,
                verticalAccuracy vAccuracy: CLLocationAccuracy, timestamp: Date) {
        storage = Storage(coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy,
                          verticalAccuracy: vAccuracy, timestamp: timestamp)
        super.init()
    }

    /// A location with a coordinate, an altitude, their accuracies, a course and a speed, at a time.
    /// - Parameters:
    ///   - coordinate: The coordinate, in degrees.
    ///   - altitude: Metres above mean sea level.
    ///   - hAccuracy: The coordinate's radius of uncertainty, in metres; negative if invalid.
    ///   - vAccuracy: The altitude's accuracy, in metres; negative if invalid.
    ///   - course: Degrees clockwise from true north; negative if invalid.
    ///   - speed: Metres per second; negative if invalid.
    ///   - timestamp: When the location was measured.
    public init(coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy hAccuracy: CLLocationAccuracy,
                verticalAccuracy vAccuracy: CLLocationAccuracy, course: CLLocationDirection, speed: CLLocationSpeed, timestamp: Date) {
        storage = Storage(coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy,
                          verticalAccuracy: vAccuracy, course: course, speed: speed, timestamp: timestamp)
        super.init()
    }

    /// A location with every value and its accuracy (iOS 13.4).
    /// - Parameters:
    ///   - coordinate: The coordinate, in degrees.
    ///   - altitude: Metres above mean sea level.
    ///   - hAccuracy: The coordinate's radius of uncertainty, in metres; negative if invalid.
    ///   - vAccuracy: The altitude's accuracy, in metres; negative if invalid.
    ///   - course: Degrees clockwise from true north; negative if invalid.
    ///   - courseAccuracy: The course's accuracy, in degrees; negative if invalid.
    ///   - speed: Metres per second; negative if invalid.
    ///   - speedAccuracy: The speed's accuracy, in metres per second; negative if invalid.
    ///   - timestamp: When the location was measured.
    public init(coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy hAccuracy: CLLocationAccuracy,
                verticalAccuracy vAccuracy: CLLocationAccuracy, course: CLLocationDirection, courseAccuracy: CLLocationDirectionAccuracy,
                speed: CLLocationSpeed, speedAccuracy: CLLocationSpeedAccuracy, timestamp: Date) {
        storage = Storage(coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy,
                          verticalAccuracy: vAccuracy, course: course, courseAccuracy: courseAccuracy, speed: speed,
                          speedAccuracy: speedAccuracy, timestamp: timestamp)
        super.init()
    }

    /// A location with every value, its accuracy and where it came from (iOS 15).
    /// - Parameters:
    ///   - coordinate: The coordinate, in degrees.
    ///   - altitude: Metres above mean sea level.
    ///   - hAccuracy: The coordinate's radius of uncertainty, in metres; negative if invalid.
    ///   - vAccuracy: The altitude's accuracy, in metres; negative if invalid.
    ///   - course: Degrees clockwise from true north; negative if invalid.
    ///   - courseAccuracy: The course's accuracy, in degrees; negative if invalid.
    ///   - speed: Metres per second; negative if invalid.
    ///   - speedAccuracy: The speed's accuracy, in metres per second; negative if invalid.
    ///   - timestamp: When the location was measured.
    ///   - sourceInfo: Whether it was simulated or came from an accessory.
    public init(coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy hAccuracy: CLLocationAccuracy,
                verticalAccuracy vAccuracy: CLLocationAccuracy, course: CLLocationDirection, courseAccuracy: CLLocationDirectionAccuracy,
                speed: CLLocationSpeed, speedAccuracy: CLLocationSpeedAccuracy, timestamp: Date, sourceInfo: CLLocationSourceInformation) {
        storage = Storage(coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy,
                          verticalAccuracy: vAccuracy, course: course, courseAccuracy: courseAccuracy, speed: speed,
                          speedAccuracy: speedAccuracy, timestamp: timestamp, sourceInformation: sourceInfo)
        super.init()
    }

    /// A location at 0° N, 0° E, made now (NSObject's `init()`).
    public override convenience init() {
        self.init(latitude: 0, longitude: 0)
    }

    /// The coordinate, in degrees on WGS-84.
    open var coordinate: CLLocationCoordinate2D { storage.coordinate }
    /// The altitude, in metres above mean sea level; valid when ``verticalAccuracy`` is not negative.
    open var altitude: CLLocationDistance { storage.altitude }
    /// The altitude, in metres above the WGS-84 ellipsoid (iOS 15). Pace's sensors report no geoid
    /// separation, so this is ``altitude``.
    open var ellipsoidalAltitude: CLLocationDistance { storage.altitude }
    /// The coordinate's radius of uncertainty, in metres; negative when the coordinate is invalid.
    open var horizontalAccuracy: CLLocationAccuracy { storage.horizontalAccuracy }
    /// The altitude's accuracy, in metres; negative when the altitude is invalid.
    open var verticalAccuracy: CLLocationAccuracy { storage.verticalAccuracy }
    /// The direction of travel, in degrees clockwise from true north, 0…359.9; negative when unknown.
    open var course: CLLocationDirection { storage.course }
    /// The course's accuracy, in degrees; negative when unknown.
    open var courseAccuracy: CLLocationDirectionAccuracy { storage.courseAccuracy }
    /// The speed over ground, in metres per second; negative when unknown.
    open var speed: CLLocationSpeed { storage.speed }
    /// The speed's accuracy, in metres per second; negative when unknown.
    open var speedAccuracy: CLLocationSpeedAccuracy { storage.speedAccuracy }
    /// When the location was measured.
    open var timestamp: Date { storage.timestamp }
    /// The floor of a building; always `nil` on Pace.
    open var floor: CLFloor? { nil }
    /// Where the location came from; `nil` for locations from Pace's sensors.
    open var sourceInformation: CLLocationSourceInformation? { storage.sourceInformation }

    /// One line in the shape of Apple's: `<+52.52000000,+13.40500000> +/- 5.00m (speed 3.10 mps /
    /// course 87.00) @ 2026-11-26 08:21:56 +0000`, with the altitude when it is valid.
    ///
    /// Like Apple's, it shows the coordinate: do not log it where a position must stay private.
    open override var description: String {
        let position = String(format: "<%+.8f,%+.8f> +/- %.2fm", coordinate.latitude, coordinate.longitude, horizontalAccuracy)
        let altitude = verticalAccuracy < 0 ? "" : String(format: " alt %.2fm +/- %.2fm", altitude, verticalAccuracy)
        let motion = String(format: " (speed %.2f mps / course %.2f)", speed, course)
        return position + altitude + motion + " @ \(timestamp)"
    }

    /// The location itself: a location never changes.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}
