extension CLLocationUpdate {
    /// What the live updates are for (Apple's `CLLocationUpdate.LiveConfiguration`). Pace reads
    /// the same GPS for every configuration.
    public enum LiveConfiguration: Sendable, Hashable {
        /// General use.
        case `default`
        /// Navigation in a car.
        case automotiveNavigation
        /// Other navigation: boats, trains, off-road.
        case otherNavigation
        /// A workout.
        case fitness
        /// In the air.
        case airborne
    }
}
