public import Foundation

/// Where a location came from (Apple's `CLLocationSourceInformation`): simulated by software, or
/// produced by an external accessory.
///
/// Locations from Pace's sensors carry none (``CLLocation/sourceInformation`` is `nil`); a
/// location made with `init(…, sourceInfo:)` keeps the one it was given.
///
/// ```swift
/// let info = CLLocationSourceInformation(softwareSimulationState: true, andExternalAccessoryState: false)
/// ```
open class CLLocationSourceInformation: NSObject, NSCopying, @unchecked Sendable {
    /// Whether software simulated the location.
    open private(set) var isSimulatedBySoftware: Bool
    /// Whether an external accessory, such as a GPS receiver, produced the location.
    open private(set) var isProducedByAccessory: Bool

    /// Source information.
    /// - Parameters:
    ///   - isSoftware: Whether software simulated the location.
    ///   - isAccessory: Whether an external accessory produced it.
    public init(softwareSimulationState isSoftware: Bool, andExternalAccessoryState isAccessory: Bool) {
        isSimulatedBySoftware = isSoftware
        isProducedByAccessory = isAccessory
        super.init()
    }

    /// The information itself: it never changes.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}
