public import Foundation
public import PaceModel

/// One page of a route's locations, read from a position: the form of the route query's batches a
/// stateless caller (an HTTP client) resumes with a cursor.
public struct RouteLocationSlice: Hashable, Sendable {
    /// The locations, in route order.
    public var locations: [RouteLocation]
    /// The position to read the next page after, or `nil` when this page is the last.
    public var next: Int?

    /// Creates a page.
    public init(locations: [RouteLocation], next: Int?) {
        self.locations = locations
        self.next = next
    }
}

extension AuthorizedStore {
    /// At most `limit` locations of a route after `position` (from the first when `nil`), as this
    /// client sees it: a route it may not see (another source's, without read permission on
    /// workout routes), a route of another workout than `workoutID` (when given) and a route that is
    /// not stored all read as `nil`. Only the page's locations are read, whatever the route's length.
    /// - Parameters:
    ///   - routeID: The route.
    ///   - workoutID: The workout the route must belong to, or `nil` for any.
    ///   - position: The position the previous page ended at (its ``RouteLocationSlice/next``), or `nil`.
    ///   - limit: At most this many locations; at least 1.
    public func routeLocations(_ routeID: UUID, ofWorkout workoutID: UUID? = nil, after position: Int?,
                               limit: Int) async throws(StoreError) -> RouteLocationSlice? {
        guard let owner = try await store.backend.routeOwner(routeID), workoutID.map({ $0 == owner.workoutID }) ?? true else { return nil }
        if owner.source != client, try await !store.backend.canRead(client: client, type: .workoutRoute) { return nil }
        let page = try await store.backend.routeLocations(routeID, after: Int64(position ?? -1), interval: nil, limit: max(1, limit))
        return RouteLocationSlice(locations: page.locations, next: page.hasMore ? page.lastPosition.map { Int($0) } : nil)
    }
}
