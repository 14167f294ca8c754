public import Foundation

/// What ``GPXReader/stream(source:file:handler:)`` delivers while it reads, in file order.
///
/// Track points arrive one at a time, so a file of any size is read in constant memory; routes
/// and waypoints arrive whole (they are small); a track's name and type arrive with
/// ``trackEnd(_:)``, because GPX may put them after the points.
///
/// ```swift
/// var count = 0
/// _ = try GPXReader().stream(contentsOf: url) { event in
///     if case .trackPoint(let point, _, _) = event, point.heartRate != nil { count += 1 }
/// }
/// ```
public enum GPXStreamEvent: Sendable {
    /// A `<trkpt>` with a valid position: its values (WGS-84 degrees, metres, UTC, bpm, rpm, °C,
    /// m/s, degrees, W), the 0-based index of its track in the file and of its segment in the
    /// track. Points outside any `<trkseg>` get a segment of their own.
    case trackPoint(ActivityRecord, track: Int, segment: Int)
    /// The end of a track (after its last point).
    case trackEnd(GPXTrackInfo)
    /// A complete `<rte>`.
    case route(GPXRoute)
    /// A complete `<wpt>`.
    case waypoint(GPXWaypoint)
    /// Something skipped or repaired, with its position.
    case warning(GPXWarning)
}

/// A track's own data, delivered by ``GPXStreamEvent/trackEnd(_:)``.
public struct GPXTrackInfo: Hashable, Sendable {
    /// The 0-based index of the track in the file.
    public var index: Int
    /// The track's `<name>`, if any (``GPXReader/read(data:file:)`` falls back to the file's name).
    public var name: String?
    /// The track's `<type>` (the activity, in the recording app's words), if any.
    public var type: String?
    /// The number of segments the track's points were in.
    public var segmentCount: Int
    /// The number of valid points delivered for the track.
    public var pointCount: Int

    /// Creates track information.
    public init(index: Int, name: String?, type: String?, segmentCount: Int, pointCount: Int) {
        self.index = index
        self.name = name
        self.type = type
        self.segmentCount = segmentCount
        self.pointCount = pointCount
    }
}

/// What ``GPXReader/stream(source:file:handler:)`` returns after the last event: the file's
/// header and metadata and counts of what was delivered.
public struct GPXStreamSummary: Hashable, Sendable {
    /// The `version` attribute of `<gpx>`, if present.
    public var version: String?
    /// The `creator` attribute of `<gpx>` (the recording app or device), if present.
    public var creator: String?
    /// The file's name: `<metadata><name>` (GPX 1.1) or `<gpx><name>` (GPX 1.0).
    public var name: String?
    /// The file's creation time (UTC): `<metadata><time>` or `<gpx><time>`.
    public var time: Date?
    /// The number of tracks delivered.
    public var trackCount = 0
    /// The number of track points delivered.
    public var trackPointCount = 0
    /// The number of warnings delivered.
    public var warningCount = 0

    /// Creates a summary.
    public init(version: String? = nil, creator: String? = nil, name: String? = nil, time: Date? = nil) {
        self.version = version
        self.creator = creator
        self.name = name
        self.time = time
    }
}
