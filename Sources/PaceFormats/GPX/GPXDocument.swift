public import Foundation

/// Everything read from a GPX 1.0 or 1.1 file: its tracks as recorded activities, its routes,
/// its waypoints, the file's metadata and the warnings raised while reading.
///
/// ```swift
/// let document = try GPXReader().read(data: data, file: "run.gpx")
/// let run = document.tracks.first       // a RecordedActivity, one lap per <trkseg>
/// ```
public struct GPXDocument: Hashable, Sendable {
    /// The `version` attribute of `<gpx>` (`"1.0"`, `"1.1"`), if present.
    public var version: String?
    /// The `creator` attribute of `<gpx>` (the recording app or device), if present.
    public var creator: String?
    /// The file's name: `<metadata><name>` (GPX 1.1) or `<gpx><name>` (GPX 1.0).
    public var name: String?
    /// The file's creation time (UTC): `<metadata><time>` (GPX 1.1) or `<gpx><time>` (GPX 1.0).
    public var time: Date?
    /// One activity per `<trk>`, in file order; each `<trkseg>` with points is one lap.
    public var tracks: [RecordedActivity]
    /// The `<rte>` routes, in file order.
    public var routes: [GPXRoute]
    /// The `<wpt>` waypoints, in file order.
    public var waypoints: [GPXWaypoint]
    /// What was skipped or repaired while reading, in file order.
    public var warnings: [GPXWarning]

    /// Creates a document.
    public init(version: String? = nil, creator: String? = nil, name: String? = nil, time: Date? = nil,
                tracks: [RecordedActivity] = [], routes: [GPXRoute] = [], waypoints: [GPXWaypoint] = [],
                warnings: [GPXWarning] = []) {
        self.version = version
        self.creator = creator
        self.name = name
        self.time = time
        self.tracks = tracks
        self.routes = routes
        self.waypoints = waypoints
        self.warnings = warnings
    }
}

/// A GPX `<rte>`: a planned, ordered list of route points.
public struct GPXRoute: Hashable, Sendable {
    /// The route's `<name>`, if any.
    public var name: String?
    /// The route's `<type>` (classification), if any.
    public var type: String?
    /// The `<rtept>` points in order (WGS-84 degrees, metres; times are UTC and usually absent).
    public var points: [ActivityRecord]

    /// Creates a route.
    public init(name: String? = nil, type: String? = nil, points: [ActivityRecord] = []) {
        self.name = name
        self.type = type
        self.points = points
    }
}

/// A GPX `<wpt>`: a named point of interest.
public struct GPXWaypoint: Hashable, Sendable {
    /// The waypoint's `<name>`, if any.
    public var name: String?
    /// The waypoint's `<desc>` (or `<cmt>` when there is no `<desc>`), if any.
    public var description: String?
    /// The waypoint's `<type>` (classification), if any.
    public var type: String?
    /// The waypoint's `<sym>` (GPS symbol name), if any.
    public var symbol: String?
    /// The position (WGS-84 degrees), elevation (metres) and time (UTC) of the waypoint.
    public var point: ActivityRecord

    /// Creates a waypoint.
    public init(name: String? = nil, description: String? = nil, type: String? = nil, symbol: String? = nil,
                point: ActivityRecord) {
        self.name = name
        self.description = description
        self.type = type
        self.symbol = symbol
        self.point = point
    }
}
