/// What the location updates are for (Apple's `CLActivityType`), with Apple's raw values.
///
/// Pace records it and ignores it: it never pauses updates on its own.
///
/// ```swift
/// manager.activityType = .fitness
/// ```
public enum CLActivityType: Int, Sendable, Hashable {
    /// Any other use: 1.
    case other = 1
    /// Navigation in a car: 2.
    case automotiveNavigation = 2
    /// A workout: walking, running, cycling: 3.
    case fitness = 3
    /// Other navigation, such as boats, trains, off-road: 4.
    case otherNavigation = 4
    /// In the air: 5.
    case airborne = 5
}
