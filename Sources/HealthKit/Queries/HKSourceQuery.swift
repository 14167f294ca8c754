public import Foundation
import PaceModel
import PaceStore

/// The sources that saved samples of a type matching a predicate (Apple's `HKSourceQuery`).
/// Without read permission the app learns only of itself, and only if it saved some.
public final class HKSourceQuery: HKQuery, @unchecked Sendable {
    private let completionHandler: @Sendable (HKSourceQuery, Set<HKSource>?, (any Error)?) -> Void

    /// A query of the sources of `sampleType`'s samples matching `objectPredicate`.
    @preconcurrency
    public init(sampleType: HKSampleType, samplePredicate objectPredicate: NSPredicate?,
                completionHandler: @escaping @Sendable (HKSourceQuery, Set<HKSource>?, (any Error)?) -> Void) {
        self.completionHandler = completionHandler
        super.init(objectType: sampleType, predicate: objectPredicate)
    }

    override func run(on app: AuthorizedStore) async {
        let result: Result<Set<HKSource>, HKError>
        do {
            guard let type = objectType, let paceType = type.paceType else {
                throw HKError(.errorInvalidArgument, message: "Pace does not store \(objectType?.identifier ?? "this type").")
            }
            result = .success(Set(try await app.sources(of: paceType, predicate: pacePredicate()).map(HKSource.init)))
        } catch {
            result = .failure(HKStoreConnection.error(error))
        }
        deliver { [self] in
            switch result {
            case .success(let sources): completionHandler(self, sources, nil)
            case .failure(let error): completionHandler(self, nil, error)
            }
        }
    }

    override func fail(_ error: HKError) {
        completionHandler(self, nil, error)
    }
}
