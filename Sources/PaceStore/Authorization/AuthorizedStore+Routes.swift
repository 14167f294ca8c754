extension AuthorizedStore {
    /// The batches of a route's locations as this client; see ``HealthStore/routeLocationBatches(_:)``.
    ///
    /// A route the client may not see (another source's, without read permission on
    /// ``PaceModel/HealthObjectType/workoutRoute``) or that is not stored reads as one empty, last
    /// batch: the client cannot tell the two apart.
    ///
    /// ```swift
    /// for try await batch in app.routeLocationBatches(RouteQuery(routeID: id)) { draw(batch.locations) }
    /// ```
    ///
    /// - Parameter query: The route, interval and batch size.
    public func routeLocationBatches(_ query: RouteQuery) -> RouteLocationBatches {
        RouteLocationBatches(store: store, query: query, client: self)
    }
}
