import HTTPTypes

/// The methods and path patterns the server has routes for: what tells a `405` from a `404`.
struct RouteTable: Sendable {
    let routes: [(method: HTTPRequest.Method, path: String)]

    /// The methods `path` has routes for (empty for a path with none).
    func methods(for path: String) -> [HTTPRequest.Method] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        return routes.filter { route in
            let pattern = route.path.split(separator: "/", omittingEmptySubsequences: true)
            return pattern.count == segments.count && zip(pattern, segments).allSatisfy { $0.hasPrefix(":") || $0 == $1 }
        }.map(\.method)
    }
}
