import PaceTrack

extension CLLocation {
    /// The distance to another location, in metres, along the geodesic on the WGS-84 ellipsoid
    /// (Karney's method, PaceTrack's `Geodesic`); altitudes are ignored, as Apple's are.
    ///
    /// ```swift
    /// CLLocation(latitude: 0, longitude: 0).distance(from: CLLocation(latitude: 0, longitude: 90))  // 10 018 754.17 m
    /// ```
    /// - Parameter location: The other location.
    /// - Returns: The distance, in metres.
    public func distance(from location: CLLocation) -> CLLocationDistance {
        Geodesic.wgs84.distance(latitude1: coordinate.latitude, longitude1: coordinate.longitude,
                                latitude2: location.coordinate.latitude, longitude2: location.coordinate.longitude)
    }
}
