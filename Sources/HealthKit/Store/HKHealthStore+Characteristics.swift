public import Foundation
import PaceModel
import PaceStore

extension HKHealthStore {
    /// The user's date of birth (year, month, day), read synchronously as Apple's is.
    ///
    /// - Throws: ``HKError/Code/errorNoData`` when none is stored or the app may not read it (the
    ///   two are not told apart), ``HKError`` when the store cannot be read.
    public func dateOfBirthComponents() throws -> DateComponents {
        guard case .dateOfBirth(let components)? = try characteristic(.dateOfBirth) else {
            throw HKError(.errorNoData, message: "No date of birth is available to this app.")
        }
        return components
    }

    /// The user's biological sex; `notSet` when none is stored or the app may not read it.
    public func biologicalSex() throws -> HKBiologicalSexObject {
        guard case .biologicalSex(let value)? = try characteristic(.biologicalSex) else { return HKBiologicalSexObject(.notSet) }
        return HKBiologicalSexObject(HKBiologicalSex(rawValue: value.rawValue) ?? .notSet)
    }

    /// The user's blood type; `notSet` when none is stored or the app may not read it.
    public func bloodType() throws -> HKBloodTypeObject {
        guard case .bloodType(let value)? = try characteristic(.bloodType) else { return HKBloodTypeObject(.notSet) }
        return HKBloodTypeObject(HKBloodType(rawValue: value.rawValue) ?? .notSet)
    }

    /// The user's skin type; `notSet` when none is stored or the app may not read it.
    public func fitzpatrickSkinType() throws -> HKFitzpatrickSkinTypeObject {
        guard case .fitzpatrickSkinType(let value)? = try characteristic(.fitzpatrickSkinType) else {
            return HKFitzpatrickSkinTypeObject(.notSet)
        }
        return HKFitzpatrickSkinTypeObject(HKFitzpatrickSkinType(rawValue: value.rawValue) ?? .notSet)
    }

    /// The user's wheelchair use; `notSet` when none is stored or the app may not read it.
    public func wheelchairUse() throws -> HKWheelchairUseObject {
        guard case .wheelchairUse(let value)? = try characteristic(.wheelchairUse) else { return HKWheelchairUseObject(.notSet) }
        return HKWheelchairUseObject(HKWheelchairUse(rawValue: value.rawValue) ?? .notSet)
    }

    /// The user's Move ring mode; active energy when none is stored or the app may not read it.
    public func activityMoveMode() throws -> HKActivityMoveModeObject {
        guard case .activityMoveMode(let value)? = try characteristic(.activityMoveMode) else {
            return HKActivityMoveModeObject(.activeEnergy)
        }
        return HKActivityMoveModeObject(HKActivityMoveMode(rawValue: value.rawValue) ?? .activeEnergy)
    }

    private func characteristic(_ type: CharacteristicTypeIdentifier) throws -> CharacteristicValue? {
        do {
            return try appStore().characteristicBlocking(type)?.value
        } catch {
            throw HKStoreConnection.error(error)
        }
    }
}
