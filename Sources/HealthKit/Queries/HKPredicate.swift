import Foundation
import PaceModel
import PaceStore

/// A HealthKit predicate: an `NSPredicate` that carries the Pace predicate it stands for, so the
/// facade runs it in the store's query instead of filtering after loading.
final class HKPredicate: NSPredicate {
    /// The Pace predicate, or the reason it cannot be run.
    let pace: Result<SamplePredicate, HKError>

    init(_ pace: SamplePredicate) {
        self.pace = .success(pace)
        super.init(value: true)
    }

    init(unsupported reason: String) {
        self.pace = .failure(HKError(.errorInvalidArgument, message: reason))
        super.init(value: true)
    }

    required init?(coder: NSCoder) {
        nil
    }

    /// The Pace predicate for an app's `NSPredicate`: HealthKit's own (``HKQuery``'s
    /// `predicateFor…`), `NSCompoundPredicate`s of them, and `NSPredicate(value:)`; `nil` is every object.
    ///
    /// - Throws: ``HKError`` ``HKError/Code/errorInvalidArgument`` for any other predicate.
    static func pace(_ predicate: NSPredicate?) throws(HKError) -> SamplePredicate {
        guard let predicate else { return .all }
        if let predicate = predicate as? HKPredicate { return try predicate.pace.get() }
        if let compound = predicate as? NSCompoundPredicate {
            let parts = try compound.subpredicates.map { (part: Any) throws(HKError) -> SamplePredicate in
                guard let part = part as? NSPredicate else {
                    throw HKError(.errorInvalidArgument, message: "A compound predicate holds \(type(of: part)), not a predicate.")
                }
                return try pace(part)
            }
            switch compound.compoundPredicateType {
            case .and: return parts.reduce(SamplePredicate.all) { $0 && $1 }
            case .or: return parts.dropFirst().reduce(parts.first ?? !SamplePredicate.all) { $0 || $1 }
            case .not: return !(parts.first ?? .all)
            @unknown default: break
            }
        }
        if predicate == NSPredicate(value: true) { return .all }
        if predicate == NSPredicate(value: false) { return !SamplePredicate.all }
        throw HKError(.errorInvalidArgument,
                      message: "Pace runs HealthKit's predicates (HKQuery.predicateFor…), NSCompoundPredicates of them and "
                          + "NSPredicate(value:), not \(type(of: predicate)) predicates (format strings and blocks need Objective-C).")
    }
}
