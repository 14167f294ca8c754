public import Foundation
import PaceModel

/// Anything the store keeps (Apple's `HKObject`): a UUID, the source that saved it, the device
/// that made it, and metadata. Objects are immutable; equal when their UUIDs are.
public class HKObject: NSObject, @unchecked Sendable {
    /// The Pace object underneath.
    let object: HealthObject
    /// Metadata the app gave that Pace cannot keep, refused when the object is saved.
    let metadataProblem: HKError?

    init(_ object: HealthObject, metadataProblem: HKError? = nil) {
        self.object = object
        self.metadataProblem = metadataProblem
    }

    /// The object's unique identifier.
    public var uuid: UUID { object.id }

    /// The object's metadata: strings, `NSNumber`s, dates and ``HKQuantity`` values by key, or `nil`.
    public var metadata: [String: Any]? { HKMetadata.dictionary(object.metadata) }

    /// The app (and its version) that saved the object; for an object not saved yet, this app.
    public var sourceRevision: HKSourceRevision { HKSourceRevision(object.source) }

    /// The source that saved the object.
    @available(*, deprecated, message: "Use sourceRevision")
    public var source: HKSource { HKSource(object.source) }

    /// The device that made the data, when known.
    public var device: HKDevice? {
        let device: Device? = switch object {
        case .quantitySample(let sample): sample.device
        case .categorySample(let sample): sample.device
        case .workout(let workout): workout.device
        case .workoutRoute(let route): route.device
        }
        return device.map(HKDevice.init)
    }

    /// Objects are equal when their UUIDs are.
    public override func isEqual(_ other: Any?) -> Bool { (other as? HKObject)?.uuid == uuid }
    /// A hash consistent with ``isEqual(_:)``.
    public override var hash: Int { uuid.hashValue }

    /// The Pace object with the app's source, for saving.
    func checkedForSaving() throws -> HealthObject {
        if let metadataProblem { throw metadataProblem }
        return object
    }

    /// The HealthKit object for a stored Pace object.
    static func make(_ object: HealthObject) -> HKObject {
        switch object {
        case .quantitySample(let sample): HKQuantitySample(sample)
        case .categorySample(let sample): HKCategorySample(sample)
        case .workout(let workout): HKWorkout(workout)
        case .workoutRoute(let route): HKWorkoutRoute(route)
        }
    }

    /// Pace metadata from an app's dictionary, and the problem to report at save when a value cannot be kept.
    static func metadata(_ dictionary: [String: Any]?) -> (Metadata, HKError?) {
        do { return (try HKMetadata.pace(dictionary), nil) } catch let error as HKError {
            return (Metadata(), error)
        } catch {
            return (Metadata(), HKError(.errorInvalidArgument, message: "\(error)"))
        }
    }
}

/// An object with a start and an end (Apple's `HKSample`).
public class HKSample: HKObject, @unchecked Sendable {
    /// The sample's type.
    public var sampleType: HKSampleType {
        switch object {
        case .quantitySample(let sample): HKQuantityType(pace: sample.type)
        case .categorySample(let sample): HKCategoryType(pace: sample.type)
        case .workout: HKObjectType.workoutType()
        case .workoutRoute: HKSeriesType.workoutRoute()
        }
    }

    /// When the sample starts.
    public var startDate: Date {
        switch object {
        case .quantitySample(let sample): sample.startDate
        case .categorySample(let sample): sample.startDate
        case .workout(let workout): workout.startDate
        case .workoutRoute(let route): route.locations.first?.timestamp ?? .distantPast
        }
    }

    /// When the sample ends.
    public var endDate: Date {
        switch object {
        case .quantitySample(let sample): sample.endDate
        case .categorySample(let sample): sample.endDate
        case .workout(let workout): workout.endDate
        case .workoutRoute(let route): route.locations.last?.timestamp ?? .distantPast
        }
    }

    /// Whether the sample has no end yet (its end is `Date.distantFuture`).
    public var hasUndeterminedDuration: Bool { endDate == .distantFuture }
}
