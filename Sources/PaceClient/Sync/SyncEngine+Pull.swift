import Foundation
import Logging
import PaceModel
import PaceStore

extension SyncEngine {
    /// Pulls every page after the saved anchor: each saved in one transaction, then its anchor saved.
    func pull(_ state: inout SyncState, _ run: inout Run) async throws(SyncError) {
        while true {
            var query = ["limit": String(options.pageSize)]
            if let anchor = state.pullAnchor { query["anchor"] = anchor }
            let page = try await retrying(&run, "GET /api/v1/sync/changes") { () throws(ClientError) -> SyncWire.Page in
                let response = try await client.send(.get, "/api/v1/sync/changes", query: query)
                try ServerClient.check(response, "GET /api/v1/sync/changes")
                return try response.decode(SyncWire.Page.self, with: SyncWire.decoder, request: "GET /api/v1/sync/changes")
            }
            try await apply(page, &run)
            run.report.pages += 1
            try await hook(hooks.pageSaved, run.report.pages)
            state.pullAnchor = page.anchor
            try await stateFile.save(state)
            logger.debug("Pulled a page", metadata: ["objects": "\(page.objects.count)", "deleted": "\(page.deleted.count)"])
            if !page.hasMore { return }
        }
    }

    /// Saves a page's objects and deletions in the local store in one transaction.
    ///
    /// An object stored already, identical, is skipped (the page was pulled before a kill); the same
    /// UUID with other content is a conflict. An object this device deleted, or holds a newer (or the
    /// same) sync version of, is left out: the device's own change is pushed next.
    func apply(_ page: SyncWire.Page, _ run: inout Run) async throws(SyncError) {
        var fresh: [HealthObject] = []
        var series: [QuantitySeriesSample] = []
        for kinded in page.objects {
            let object = kinded.object
            run.pulledObjects.insert(object.id)
            let stored: HealthObject?
            do { stored = try await store.object(id: object.id) } catch { throw Self.storeError(error) }
            if let stored {
                guard stored == object else {
                    throw SyncError(.conflict, "The server's \(object.objectType.identifier) \(object.id.uuidString) differs from the one "
                                    + "stored on this device with the same UUID; objects never change. Nothing of this page was saved; "
                                    + "delete the object on this device (or on the server) and sync again.")
                }
                run.report.pulledAlreadyStored += 1
            } else {
                do {
                    if let made = try kinded.seriesSample() { series.append(made) } else { fresh.append(object) }
                } catch {
                    throw SyncError(.conflict, "The server sent \(object.id.uuidString) in a form this device cannot save: \(error.description) "
                                    + "Nothing of this page was saved.")
                }
            }
        }
        // Series samples first, each with its values in one transaction (DECISIONS 172): should the
        // page stop later, pulling it again finds them stored.
        for sample in series {
            try await saveOne(sample.sample.id, &run) { () async throws(StoreError) in try await store.save(sample) }
        }
        let deletions = page.deleted.map(\.id)
        run.pulledDeletions.formUnion(deletions)
        do {
            run.report.pulledDeleted += try await store.save(fresh, deleting: deletions)
            run.report.pulled += fresh.count
        } catch where [.deletedObject, .syncVersionNotHigher].contains(error.code) {
            // Some objects lose to this device's own changes: save the others one by one.
            try await applyOneByOne(fresh, deleting: deletions, &run)
        } catch {
            throw Self.storeError(error, conflict: Self.conflictCodes.contains(error.code))
        }
    }

    private func applyOneByOne(_ objects: [HealthObject], deleting deletions: [UUID], _ run: inout Run) async throws(SyncError) {
        for object in objects {
            try await saveOne(object.id, &run) { () async throws(StoreError) in try await store.save([object]) }
        }
        do { run.report.pulledDeleted += try await store.delete(ids: deletions) } catch { throw Self.storeError(error) }
    }

    /// Saves one pulled object with `save`; one that loses to this device's own change (deleted here,
    /// or replaced by a higher sync version) is kept local and counted, any other refusal stops the page.
    private func saveOne(_ id: UUID, _ run: inout Run, _ save: () async throws(StoreError) -> Void) async throws(SyncError) {
        do {
            try await save()
            run.report.pulled += 1
        } catch where [.deletedObject, .syncVersionNotHigher].contains(error.code) {
            logger.info("A pulled object loses to this device's change", metadata: ["id": "\(id)", "rule": "\(error.code)"])
            run.report.keptLocal += 1
        } catch {
            throw Self.storeError(error, conflict: Self.conflictCodes.contains(error.code))
        }
    }

    /// The store's refusals of a pulled object that no retry changes.
    static let conflictCodes: [StoreError.Code] = [.duplicateObject, .syncIdentifierConflict, .routeAlreadyAttached, .workoutNotFound,
                                                   .invalidObject]

    /// The ``SyncError`` of a local store failure.
    static func storeError(_ error: StoreError, conflict: Bool = false) -> SyncError {
        conflict
            ? SyncError(.conflict, "A pulled change cannot be saved on this device: \(error.message) Nothing of this page was saved; "
                        + "resolve the conflict and sync again.")
            : SyncError(.store, "The local store failed: \(error.message)")
    }

    /// Runs a test hook; its error stops the run as a store failure would.
    func hook(_ hook: (@Sendable (Int) async throws -> Void)?, _ number: Int) async throws(SyncError) {
        guard let hook else { return }
        do { try await hook(number) } catch {
            throw SyncError(.store, "Stopped by a test hook: \(error)")
        }
    }
}
