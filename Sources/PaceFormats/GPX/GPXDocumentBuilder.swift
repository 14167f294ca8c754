import Foundation

/// Collects ``GPXStreamEvent``s into a ``GPXDocument``: one lap per non-empty segment, pauses
/// between segments, names falling back to the file's.
///
/// With ``keepsRecords`` off, the laps hold no records: each keeps its start time, and the pauses
/// come from the first and last point times, so a document of any size is an outline in constant
/// memory per segment while its points go elsewhere.
struct GPXDocumentBuilder {
    private var document = GPXDocument()
    private var laps: [ActivityLap] = []
    /// The first and last point times of each lap in `laps` (`nil` where that point has no time).
    private var lapTimes: [(first: Date?, last: Date?)] = []
    private var records: [ActivityRecord] = []
    /// The open lap's first and last point times, while it has points.
    private var openLap: (first: Date?, last: Date?)?
    private var segment = -1
    /// Whether track points are kept in their laps.
    var keepsRecords = true

    mutating func add(_ event: GPXStreamEvent) {
        switch event {
        case .trackPoint(let record, _, let segment):
            if segment != self.segment { closeLap() }
            self.segment = segment
            if keepsRecords { records.append(record) }
            openLap = (openLap.map(\.first) ?? record.time, record.time)
        case .trackEnd(let info):
            closeLap()
            var events: [ActivityTimerEvent] = []
            for (earlier, later) in zip(lapTimes, lapTimes.dropFirst()) {
                guard let pause = earlier.last, let resume = later.first, resume >= pause else { continue }
                events.append(ActivityTimerEvent(kind: .pause, time: pause))
                events.append(ActivityTimerEvent(kind: .resume, time: resume))
            }
            document.tracks.append(RecordedActivity(sport: info.type, name: info.name, laps: laps, timerEvents: events))
            laps = []
            lapTimes = []
            segment = -1
        case .route(let route): document.routes.append(route)
        case .waypoint(let waypoint): document.waypoints.append(waypoint)
        case .warning(let warning): document.warnings.append(warning)
        }
    }

    private mutating func closeLap() {
        guard let times = openLap else { return }
        laps.append(ActivityLap(startTime: times.first, records: records))
        lapTimes.append(times)
        records = []
        openLap = nil
    }

    func document(summary: GPXStreamSummary) -> GPXDocument {
        var result = document
        result.version = summary.version
        result.creator = summary.creator
        result.name = summary.name
        result.time = summary.time
        for index in result.tracks.indices {
            result.tracks[index].deviceName = summary.creator
            if result.tracks[index].name == nil { result.tracks[index].name = summary.name }
        }
        return result
    }
}
