import Crypto
import Foundation
import Logging
import PaceModel
import PaceStore

extension SyncEngine {
    /// Pushes every local change of `types` after the saved push anchor, in batches, each batch's
    /// anchor saved once the server answered it. Changes this run pulled are left out (the server
    /// has them); after a kill between pull and push they are sent again and are harmless replays.
    func push(_ state: inout SyncState, _ run: inout Run, types: [HealthObjectType]) async throws(SyncError) {
        let storeID: UUID
        do { storeID = try await store.storeIdentifier() } catch { throw Self.storeError(error) }
        if let anchor = state.pushAnchor, anchor.storeID != storeID {
            logger.notice("The push anchor belongs to another store: pushing this store from the start")
            state.pushAnchor = nil
        }
        var limit = options.batchSize
        while true {
            let changes: AnchoredObjectResult
            do {
                changes = try await store.anchoredObjects(types.map { AnchoredObjectQuery(type: $0, anchor: state.pushAnchor) }, limit: limit)
            } catch { throw Self.storeError(error) }
            let objects = changes.added.filter { !run.pulledObjects.contains($0.id) }
            let deletions = changes.deleted.map(\.id).filter { !run.pulledDeletions.contains($0) }
            run.report.echoesSkipped += changes.added.count - objects.count + changes.deleted.count - deletions.count
            if !objects.isEmpty || !deletions.isEmpty {
                var wired: [SyncWire.Object] = []
                wired.reserveCapacity(objects.count)
                for object in objects {
                    // A series sample travels with its values (DECISIONS 172).
                    if case .quantitySample(let sample) = object, sample.count > 1 {
                        do { wired.append(SyncWire.Object(object, values: try await store.seriesValues(of: sample.id))) } catch {
                            throw Self.storeError(error)
                        }
                    } else {
                        wired.append(SyncWire.Object(object))
                    }
                }
                let body: Data
                do { body = try SyncWire.encoder.encode(SyncWire.Push(objects: wired, deleted: deletions)) } catch {
                    throw SyncError(.store, "A local object cannot be encoded for the server: \(error)")
                }
                if body.count > options.maximumBatchBytes && limit > 1 {
                    limit = max(1, limit / 2)
                    continue
                }
                let key = Self.idempotencyKey(objects: objects.map(\.id), deleted: deletions)
                let answer = try await retrying(&run, "POST /api/v1/sync/objects") { () throws(ClientError) -> SyncWire.PushResult in
                    let response = try await client.send(.post, "/api/v1/sync/objects", body: body, headers: ["Idempotency-Key": key])
                    try ServerClient.check(response, "POST /api/v1/sync/objects")
                    return try response.decode(SyncWire.PushResult.self, with: SyncWire.decoder, request: "POST /api/v1/sync/objects")
                }
                run.report.batches += 1
                run.report.pushed += answer.saved
                run.report.pushedAlreadyStored += answer.alreadyStored
                run.report.pushedDeleted += answer.deleted
                try await hook(hooks.batchPushed, run.report.batches)
            }
            state.pushAnchor = changes.anchor
            try await stateFile.save(state)
            limit = options.batchSize
            if !changes.hasMore { return }
        }
    }

    /// The `Idempotency-Key` of a batch: the SHA-256 of what names a push on the server — its
    /// objects' UUIDs, sorted, then its deleted UUIDs, sorted — so the same batch sent again after a
    /// kill gets the server's first answer, and any other batch another key.
    static func idempotencyKey(objects: [UUID], deleted: [UUID]) -> String {
        let saved = objects.map(\.uuidString).sorted().joined(separator: ",")
        let fingerprint = deleted.isEmpty ? saved : saved + ";deleted:" + deleted.map(\.uuidString).sorted().joined(separator: ",")
        return "pace-sync-" + SHA256.hash(data: Data(fingerprint.utf8)).lowercaseHex
    }
}
