public import Foundation
import PaceModel

/// The user's sex as recorded (Apple's `HKBiologicalSex`), with Apple's raw values.
public enum HKBiologicalSex: Int, Sendable {
    /// Not set.
    case notSet = 0
    /// Female.
    case female = 1
    /// Male.
    case male = 2
    /// Other.
    case other = 3
}

/// The user's blood type (Apple's `HKBloodType`), with Apple's raw values.
public enum HKBloodType: Int, Sendable {
    /// Not set.
    case notSet = 0
    /// A+.
    case aPositive = 1
    /// A−.
    case aNegative = 2
    /// B+.
    case bPositive = 3
    /// B−.
    case bNegative = 4
    /// AB+.
    case abPositive = 5
    /// AB−.
    case abNegative = 6
    /// O+.
    case oPositive = 7
    /// O−.
    case oNegative = 8
}

/// The user's skin type on the Fitzpatrick scale (Apple's `HKFitzpatrickSkinType`).
public enum HKFitzpatrickSkinType: Int, Sendable {
    /// Not set.
    case notSet = 0
    /// Type I.
    case I = 1
    /// Type II.
    case II = 2
    /// Type III.
    case III = 3
    /// Type IV.
    case IV = 4
    /// Type V.
    case V = 5
    /// Type VI.
    case VI = 6
}

/// Whether the user uses a wheelchair (Apple's `HKWheelchairUse`).
public enum HKWheelchairUse: Int, Sendable {
    /// Not set.
    case notSet = 0
    /// No.
    case no = 1
    /// Yes.
    case yes = 2
}

/// What the Move ring counts (Apple's `HKActivityMoveMode`).
public enum HKActivityMoveMode: Int, Sendable {
    /// Active energy, in kilocalories.
    case activeEnergy = 1
    /// Move time, in minutes.
    case appleMoveTime = 2
}

/// The user's biological sex (Apple's `HKBiologicalSexObject`).
public final class HKBiologicalSexObject: NSObject, @unchecked Sendable {
    /// The value.
    public let biologicalSex: HKBiologicalSex
    init(_ value: HKBiologicalSex) { biologicalSex = value }
}

/// The user's blood type (Apple's `HKBloodTypeObject`).
public final class HKBloodTypeObject: NSObject, @unchecked Sendable {
    /// The value.
    public let bloodType: HKBloodType
    init(_ value: HKBloodType) { bloodType = value }
}

/// The user's skin type (Apple's `HKFitzpatrickSkinTypeObject`).
public final class HKFitzpatrickSkinTypeObject: NSObject, @unchecked Sendable {
    /// The value.
    public let skinType: HKFitzpatrickSkinType
    init(_ value: HKFitzpatrickSkinType) { skinType = value }
}

/// The user's wheelchair use (Apple's `HKWheelchairUseObject`).
public final class HKWheelchairUseObject: NSObject, @unchecked Sendable {
    /// The value.
    public let wheelchairUse: HKWheelchairUse
    init(_ value: HKWheelchairUse) { wheelchairUse = value }
}

/// The user's Move ring mode (Apple's `HKActivityMoveModeObject`).
public final class HKActivityMoveModeObject: NSObject, @unchecked Sendable {
    /// The value.
    public let activityMoveMode: HKActivityMoveMode
    init(_ value: HKActivityMoveMode) { activityMoveMode = value }
}
