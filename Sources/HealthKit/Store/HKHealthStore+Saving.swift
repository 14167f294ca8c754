public import Foundation
import PaceModel
import PaceStore

extension HKHealthStore {
    /// Saves an object as this app; `completion` is called on a background queue.
    ///
    /// Fails with ``HKError/Code/errorAuthorizationDenied`` for a type the app may not share, and
    /// ``HKError/Code/errorInvalidArgument`` for an object the store refuses (saved before, a
    /// route without its workout, metadata it cannot keep).
    @preconcurrency
    public func save(_ object: HKObject, withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        save([object], withCompletion: completion)
    }

    /// Saves objects as this app, all or none; `completion` is called on a background queue.
    @preconcurrency
    public func save(_ objects: [HKObject], withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        HKCallbacks.deliver({ try await self.save(objects) }) { result in
            switch result {
            case .success: completion(true, nil)
            case .failure(let error): completion(false, error)
            }
        }
    }

    /// Saves an object (the async form of ``save(_:withCompletion:)-(HKObject,_)``).
    public func save(_ object: HKObject) async throws {
        try await save([object])
    }

    /// Saves objects, all or none (the async form).
    public func save(_ objects: [HKObject]) async throws {
        do {
            let app = try appStore()
            try await app.save(try objects.map { try $0.checkedForSaving() })
        } catch {
            throw HKStoreConnection.error(error)
        }
    }

    /// Deletes an object the app saved; `completion` is called on a background queue.
    @preconcurrency
    public func delete(_ object: HKObject, withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        delete([object], withCompletion: completion)
    }

    /// Deletes objects the app saved; `completion` is called on a background queue.
    @preconcurrency
    public func delete(_ objects: [HKObject], withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        HKCallbacks.deliver({ try await self.delete(objects) }) { result in
            switch result {
            case .success: completion(true, nil)
            case .failure(let error): completion(false, error)
            }
        }
    }

    /// Deletes an object (the async form).
    public func delete(_ object: HKObject) async throws {
        try await delete([object])
    }

    /// Deletes objects the app saved (the async form). An app may delete only its own objects of
    /// types it may share: ``HKError/Code/errorAuthorizationDenied`` otherwise.
    public func delete(_ objects: [HKObject]) async throws {
        do {
            let app = try appStore()
            for object in objects { _ = try await app.delete(id: object.uuid) }
        } catch {
            throw HKStoreConnection.error(error)
        }
    }

    /// Deletes the app's objects of `objectType` that match `predicate`; `completion` gets how many.
    @preconcurrency
    public func deleteObjects(of objectType: HKObjectType, predicate: NSPredicate,
                              withCompletion completion: @escaping @Sendable (Bool, Int, (any Error)?) -> Void) {
        let matching: Result<SamplePredicate, HKError> = Result { () throws(HKError) in try HKPredicate.pace(predicate) }
        HKCallbacks.deliver({ try await self.deleteObjects(of: objectType, matching: matching.get()) }) { result in
            switch result {
            case .success(let count): completion(true, count, nil)
            case .failure(let error): completion(false, 0, error)
            }
        }
    }

    /// The async form of ``deleteObjects(of:predicate:withCompletion:)``: returns how many were deleted.
    public func deleteObjects(of objectType: HKObjectType, predicate: NSPredicate) async throws -> Int {
        try await deleteObjects(of: objectType, matching: HKPredicate.pace(predicate))
    }

    /// Deletes the app's objects of `objectType` matching a Pace predicate.
    private func deleteObjects(of objectType: HKObjectType, matching predicate: SamplePredicate) async throws -> Int {
        do {
            let app = try appStore()
            guard let paceType = objectType.paceType else {
                throw HKError(.errorInvalidArgument, message: "Pace does not store \(objectType.identifier) (docs/HEALTHKIT.md).")
            }
            // Only the app's own objects can be deleted: the scope is narrowed in the query.
            let own = predicate && .source(app.client)
            var count = 0
            for object in try await app.samples(matching: paceType, predicate: own) where try await app.delete(id: object.id) {
                count += 1
            }
            return count
        } catch {
            throw HKStoreConnection.error(error)
        }
    }
}
