package import PaceModel

extension CLLocation {
    /// A location with the values of a Pace route location or sensor fix (same units: degrees,
    /// metres, metres per second, degrees from true north; negative = not available).
    /// - Parameter location: The route location.
    package convenience init(_ location: RouteLocation) {
        self.init(coordinate: CLLocationCoordinate2D(latitude: location.latitude, longitude: location.longitude),
                  altitude: location.altitude, horizontalAccuracy: location.horizontalAccuracy,
                  verticalAccuracy: location.verticalAccuracy, course: location.course,
                  courseAccuracy: location.courseAccuracy, speed: location.speed,
                  speedAccuracy: location.speedAccuracy, timestamp: location.timestamp)
    }

    /// The location as a Pace route location (what HealthKit's route builder stores). The
    /// ellipsoidal altitude, floor and source information have no place there and are left out.
    package var routeLocation: RouteLocation {
        RouteLocation(timestamp: timestamp, latitude: coordinate.latitude, longitude: coordinate.longitude,
                      altitude: altitude, speed: speed, course: course, horizontalAccuracy: horizontalAccuracy,
                      verticalAccuracy: verticalAccuracy, speedAccuracy: speedAccuracy, courseAccuracy: courseAccuracy)
    }
}
