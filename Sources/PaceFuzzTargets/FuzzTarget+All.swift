/// The targets, in the order `Scripts/fuzz.sh all` runs them.
extension FuzzTarget {
    /// Every fuzz target.
    public static let all: [FuzzTarget] = [
        .gpx, .tcx, .fit, .appleHealth, .gzip, .zip, .nmea, .gpsd, .gatt, .dbus, .unit, .sync, .query, .live, .importInvariant,
    ]

    /// The target with this name, or `nil`.
    /// - Parameter name: A target's ``name``, e.g. `fit`.
    public static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}
