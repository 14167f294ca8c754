import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import PaceModel
import PaceStore

/// Device sync's push: a batch of objects with their UUIDs, sources, sync identifiers and versions,
/// and the UUIDs of objects deleted on the device, applied in one transaction with HealthKit's
/// rules, within the token's share scope.
///
/// - A new object is saved; one with a sync identifier and a higher version replaces the stored one.
/// - An object the store holds already, identical, counts as a replay (`alreadyStored`), so a push
///   retried after a dropped connection succeeds; with an `Idempotency-Key` header the first
///   answer is given again without touching the store.
/// - A deleted UUID is deleted after the objects are saved; one the store does not hold (unknown,
///   already deleted, or of a type the token may neither read nor write) is skipped, so a retried
///   deletion is harmless. One of a type the token reads but may not write is refused (`scope.share`).
/// - Anything else that collides — the same UUID with other content, the same sync identifier and
///   version with other content, a deleted UUID — refuses the whole batch with `409 sync.conflict`
///   naming the object.
struct SyncPush: Sendable {
    /// A push's body is read up to this many bytes (100,000 samples fit).
    static let maximumBytes = 64 << 20

    let gate: Gate
    let replies: SyncReplies
    /// Told of each account whose store a push changed (the kept answers catch up in the background).
    var changed: @Sendable (_ account: UUID) async -> Void = { _ in }

    @Sendable func push(_ request: Request, context: ServerRequestContext) async throws -> SyncPushResultJSON {
        let caller = try await gate.caller(request, context)
        let body = try await request.collectBody(upTo: Self.maximumBytes, advice: "send the objects in several pushes.")
        let batch: SyncPushJSON
        do { batch = try SyncPushBatch.decode(Data(body.readableBytesView)) } catch {
            throw ServerError(.badRequest, code: "sync.invalid",
                              message: "Send {\"objects\": [{\"kind\": …, \"object\": …}], \"deleted\": [UUID, …]} in the form the pull gives: \(Self.describe(error))")
        }
        let deletions = batch.deleted ?? []
        // A repeat carries the same objects: their UUIDs (objects never change) name the push. The JSON
        // itself is no fingerprint: dictionaries keyed by types encode in no fixed order.
        let key = request.headers[SyncReplies.header]
        let bodyHash = key.map { _ in AccountDirectory.hash(Self.fingerprint(objects: batch.objects.map(\.object.id), deleted: deletions)) }
        if let key, let bodyHash, let earlier = try await replies.reply(token: caller.token.id, key: key) {
            guard earlier.bodyHash == bodyHash else {
                throw ServerError(.unprocessableContent, code: "sync.keyReused",
                                  message: "This Idempotency-Key was used for another push; give each push its own key.")
            }
            return earlier.result
        }
        for type in Set(batch.objects.map(\.object.objectType)) { try caller.requireShare(type) }
        var objects: [HealthObject] = []
        var series: [QuantitySeriesSample] = []
        for (index, kinded) in batch.objects.enumerated() {
            if let (field, time) = Self.timeTheAPICannotCarry(in: kinded.object) {
                throw ServerError(.badRequest, code: "sync.invalid", message: "objects[\(index)]: \(field) is \(time.timeIntervalSince1970) s "
                    + "from 1970, outside the years 0000–9999 this API's times are written in; send times in those years. Nothing of the push was saved.")
            }
            do {
                if let made = try kinded.seriesSample() { series.append(made) } else { objects.append(kinded.object) }
            } catch {
                throw ServerError(.badRequest, code: "sync.invalid", message: "objects[\(index)]: \(error.description)")
            }
        }
        let store = try await gate.stores.store(for: caller.token.account)
        var result = try await Self.apply(series, caller: caller, store: store)
        let rest = try await Self.apply(objects, deleting: deletions, caller: caller, store: store)
        result.saved += rest.saved
        result.alreadyStored += rest.alreadyStored
        result.deleted = rest.deleted
        if result.saved > 0 || result.deleted > 0 { await changed(caller.token.account) }
        if let key, let bodyHash { try await replies.record(result, bodyHash: bodyHash, token: caller.token.id, key: key) }
        return result
    }

    /// Saves a push's objects and deletions in one transaction.
    ///
    /// A push of new objects only — what a device sends but for retries — is saved at once: the
    /// save refuses a stored UUID as a whole (nothing written), and only then are the stored objects
    /// read to tell replays from conflicts. A push with deletions reads them first, as it must know
    /// what each deleted UUID is.
    /// Saves series samples one by one, each with its values in one transaction (DECISIONS 172); one
    /// stored already, identical, is a replay.
    static func apply(_ series: [QuantitySeriesSample], caller: Gate.TokenCaller, store: HealthStore) async throws -> SyncPushResultJSON {
        var result = SyncPushResultJSON(saved: 0, alreadyStored: 0, deleted: 0)
        guard !series.isEmpty else { return result }
        let stored = Dictionary(try await store.objects(ids: series.map(\.sample.id)).map { ($0.id, $0) },
                                uniquingKeysWith: { first, _ in first })
        for sample in series {
            if let stored = stored[sample.sample.id] {
                guard stored == .quantitySample(sample.sample),
                      try await store.seriesValues(of: sample.sample.id) == sample.values else {
                    throw ServerError(.conflict, code: "sync.conflict",
                                      message: "\(sample.sample.type.rawValue) \(sample.sample.id.uuidString) is stored with other content; objects never change — give the new content a new UUID and a higher sync version. Nothing of it was saved.")
                }
                result.alreadyStored += 1
                continue
            }
            do throws(StoreError) { try await store.save(sample) } catch { throw storeError(error) }
            result.saved += 1
        }
        return result
    }

    static func apply(_ objects: [HealthObject], deleting deletions: [UUID], caller: Gate.TokenCaller,
                      store: HealthStore) async throws -> SyncPushResultJSON {
        if objects.isEmpty && deletions.isEmpty { return SyncPushResultJSON(saved: 0, alreadyStored: 0, deleted: 0) }
        if deletions.isEmpty {
            do throws(StoreError) {
                _ = try await store.save(objects, deleting: [])
                return SyncPushResultJSON(saved: objects.count, alreadyStored: 0, deleted: 0)
            } catch where error.code == .duplicateObject || error.code == .routeAlreadyAttached {
                // Some objects are stored already: sort replays from conflicts below.
            } catch {
                throw storeError(error)
            }
        }
        // Replays: objects stored already, identical, are not saved again.
        var fresh: [HealthObject] = []
        var replayed = 0
        // One read for the whole batch: the objects stored already, by UUID.
        let stored = Dictionary(try await store.objects(ids: objects.map(\.id) + deletions).map { ($0.id, $0) },
                                uniquingKeysWith: { first, _ in first })
        for object in objects {
            if let stored = stored[object.id] {
                guard stored == object else {
                    throw ServerError(.conflict, code: "sync.conflict",
                                      message: "\(object.objectType.identifier) \(object.id.uuidString) is stored with other content; objects never change — give the new content a new UUID and a higher sync version. Nothing was saved.")
                }
                replayed += 1
            } else {
                fresh.append(object)
            }
        }
        // Deletions within the share scope; an object the token may not even read answers like an unknown one.
        var doomed: [UUID] = []
        for id in deletions {
            guard let stored = stored[id] else { continue }
            if caller.token.share.contains(stored.objectType) {
                doomed.append(id)
            } else if caller.token.read.contains(stored.objectType) {
                try caller.requireShare(stored.objectType)
            }
        }
        let deleted: Int
        do throws(StoreError) {
            deleted = try await store.save(fresh, deleting: doomed)
        } catch {
            throw storeError(error)
        }
        return SyncPushResultJSON(saved: fresh.count, alreadyStored: replayed, deleted: deleted)
    }

    /// A store's refusal of a push as the HTTP error the API promises.
    private static func storeError(_ error: StoreError) -> any Error {
        switch error.code {
        case .invalidObject, .workoutNotFound:
            ServerError(.badRequest, code: "sync.invalid", message: error.message)
        case .duplicateObject, .deletedObject, .syncVersionNotHigher, .syncIdentifierConflict, .routeAlreadyAttached:
            ServerError(.conflict, code: "sync.conflict", message: error.message)
        default:
            error
        }
    }

    /// What names a push for its `Idempotency-Key`: its objects' UUIDs, sorted, then (when there are
    /// any) its deleted UUIDs, sorted — a push without deletions hashes as before deletions existed.
    static func fingerprint(objects: [UUID], deleted: [UUID]) -> String {
        let saved = objects.map(\.uuidString).sorted().joined(separator: ",")
        return deleted.isEmpty ? saved : saved + ";deleted:" + deleted.map(\.uuidString).sorted().joined(separator: ",")
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "the body is not JSON." }
        switch error {
        case .keyNotFound(let key, let context): return "'\(key.stringValue)' is missing at \(path(context))."
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(context.debugDescription) at \(path(context))."
        @unknown default: return "the body cannot be read."
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        context.codingPath.isEmpty ? "the top" : context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}

/// The answers to pushes made with an `Idempotency-Key`, kept a day in the server database.
struct SyncReplies: Sendable {
    /// The header naming a push.
    static let header = HTTPField.Name("Idempotency-Key")!
    let directory: AccountDirectory

    /// The answer given to the token's push with this key within a day, and the hash of that push's body.
    func reply(token: UUID, key: String) async throws -> (result: SyncPushResultJSON, bodyHash: String)? {
        try await directory.pool.read { db in
            try Row.fetchOne(db, sql: """
                SELECT saved, alreadyStored, deleted, bodyHash FROM syncReply WHERE token = ? AND key = ? AND at > ?
                """, arguments: [token.uuidString, key, Date().timeIntervalSince1970 - 86_400])
                .map { (SyncPushResultJSON(saved: $0["saved"], alreadyStored: $0["alreadyStored"], deleted: $0["deleted"]), $0["bodyHash"]) }
        }
    }

    func record(_ result: SyncPushResultJSON, bodyHash: String, token: UUID, key: String) async throws {
        try await directory.pool.write { db in
            try db.execute(sql: "DELETE FROM syncReply WHERE at <= ?", arguments: [Date().timeIntervalSince1970 - 86_400])
            try db.execute(sql: """
                INSERT OR REPLACE INTO syncReply (token, key, saved, alreadyStored, deleted, bodyHash, at) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [token.uuidString, key, result.saved, result.alreadyStored, result.deleted, bodyHash,
                                 Date().timeIntervalSince1970])
        }
    }
}
