public import Foundation

/// The floor of a building a location is on (Apple's `CLFloor`).
///
/// Pace knows no buildings: ``CLLocation/floor`` is always `nil`, and nothing outside this module
/// can make a floor, as on Apple's platforms.
open class CLFloor: NSObject, NSCopying, @unchecked Sendable {
    /// The floor's level, relative to the ground floor (0); negative below it.
    open private(set) var level: Int

    init(level: Int) {
        self.level = level
        super.init()
    }

    /// The floor itself: a floor never changes.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}
