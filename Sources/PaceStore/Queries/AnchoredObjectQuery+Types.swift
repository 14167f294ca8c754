import PaceModel

/// Anchored queries over several types at once (HealthKit's anchored query of several query
/// descriptors): one result, in anchor order, from one anchor.
///
/// Each type is read by its own query (its own predicate and, for a client, its own read scope);
/// the results are merged below the lowest anchor every one of them reached, so a change written
/// between two of the reads is never skipped and never reported twice, and a limit keeps the
/// changes with the lowest anchors.
extension AnchoredObjectResult {
    /// The changes of `results` (answers to queries from the same anchor), merged in anchor order and
    /// cut at `limit` changes.
    package static func merged(_ results: [AnchoredObjectResult], limit: Int?) -> AnchoredObjectResult? {
        guard let first = results.first else { return nil }
        // Every result is complete up to its own anchor; together, up to the lowest.
        let reached = results.map(\.anchor.anchor.rawValue).min() ?? 0
        var additions: [(anchor: Int64, object: HealthObject)] = []
        var deletions: [Tombstone] = []
        var beyond = false
        for result in results {
            for (anchor, object) in zip(result.addedAnchors, result.added) {
                if anchor <= reached { additions.append((anchor, object)) } else { beyond = true }
            }
            for tombstone in result.deleted {
                if tombstone.anchor.rawValue <= reached { deletions.append(tombstone) } else { beyond = true }
            }
        }
        additions.sort { $0.anchor < $1.anchor }
        deletions.sort { $0.anchor.rawValue < $1.anchor.rawValue }
        let count = min(limit ?? Int.max, additions.count + deletions.count)
        var takenAdditions = 0, takenDeletions = 0
        while takenAdditions + takenDeletions < count {
            if takenAdditions < additions.count,
               takenDeletions == deletions.count || additions[takenAdditions].anchor < deletions[takenDeletions].anchor.rawValue {
                takenAdditions += 1
            } else {
                takenDeletions += 1
            }
        }
        let cut = takenAdditions < additions.count || takenDeletions < deletions.count
        let last = max(takenAdditions > 0 ? additions[takenAdditions - 1].anchor : 0,
                       takenDeletions > 0 ? deletions[takenDeletions - 1].anchor.rawValue : 0)
        var anchor = first.anchor
        anchor.anchor = Anchor(rawValue: cut ? last : reached)
        let taken = additions.prefix(takenAdditions)
        return AnchoredObjectResult(added: taken.map(\.object), deleted: Array(deletions.prefix(takenDeletions)), anchor: anchor,
                                    hasMore: cut || beyond || results.contains(where: \.hasMore), addedAnchors: taken.map(\.anchor))
    }
}

extension HealthStore {
    /// Runs anchored object queries of several types as one: what was added and deleted since their
    /// (common) anchor, in anchor order, at most `limit` changes.
    ///
    /// - Parameters:
    ///   - queries: One query per type, each with the same anchor; their own limits are ignored.
    ///   - limit: At most this many changes, when given.
    /// - Throws: As ``anchoredObjects(_:)``; ``StoreError/Code/invalidQuery`` for no query or different anchors.
    public func anchoredObjects(_ queries: [AnchoredObjectQuery], limit: Int?) async throws(StoreError) -> AnchoredObjectResult {
        try await AnchoredObjectQuery.merging(queries, limit: limit, path: path) { query throws(StoreError) in
            try await self.anchoredObjects(query)
        }
    }
}

extension AuthorizedStore {
    /// Anchored object queries of several types as one, as this client (each type with its own read
    /// scope); see ``HealthStore/anchoredObjects(_:limit:)``.
    public func anchoredObjects(_ queries: [AnchoredObjectQuery], limit: Int?) async throws(StoreError) -> AnchoredObjectResult {
        try await AnchoredObjectQuery.merging(queries, limit: limit, path: store.path) { query throws(StoreError) in
            try await self.anchoredObjects(query)
        }
    }
}

extension AnchoredObjectQuery {
    /// Runs `queries` through `run`, each with `limit`, and merges their answers.
    static func merging(_ queries: [AnchoredObjectQuery], limit: Int?, path: String?,
                        _ run: (AnchoredObjectQuery) async throws(StoreError) -> AnchoredObjectResult) async throws(StoreError)
        -> AnchoredObjectResult {
        guard let anchor = queries.first.map(\.anchor), queries.allSatisfy({ $0.anchor == anchor }) else {
            throw StoreError(code: .invalidQuery,
                             message: "An anchored query of several types needs at least one type and one anchor for all of them.",
                             path: path)
        }
        var results: [AnchoredObjectResult] = []
        for var query in queries {
            query.limit = limit
            results.append(try await run(query))
        }
        // Not nil: there is at least one query.
        return AnchoredObjectResult.merged(results, limit: limit)!
    }
}
