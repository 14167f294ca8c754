import Foundation

/// Collects ``GPXStreamEvent``s into a ``GPXDocument``: one lap per non-empty segment, pauses
/// between segments, names falling back to the file's.
struct GPXDocumentBuilder {
    private var document = GPXDocument()
    private var laps: [ActivityLap] = []
    private var records: [ActivityRecord] = []
    private var segment = -1

    mutating func add(_ event: GPXStreamEvent) {
        switch event {
        case .trackPoint(let record, _, let segment):
            if segment != self.segment { closeLap() }
            self.segment = segment
            records.append(record)
        case .trackEnd(let info):
            closeLap()
            var events: [ActivityTimerEvent] = []
            for (earlier, later) in zip(laps, laps.dropFirst()) {
                guard let pause = earlier.records.last?.time, let resume = later.records.first?.time, resume >= pause else { continue }
                events.append(ActivityTimerEvent(kind: .pause, time: pause))
                events.append(ActivityTimerEvent(kind: .resume, time: resume))
            }
            document.tracks.append(RecordedActivity(sport: info.type, name: info.name, laps: laps, timerEvents: events))
            laps = []
            segment = -1
        case .route(let route): document.routes.append(route)
        case .waypoint(let waypoint): document.waypoints.append(waypoint)
        case .warning(let warning): document.warnings.append(warning)
        }
    }

    private mutating func closeLap() {
        guard !records.isEmpty else { return }
        laps.append(ActivityLap(startTime: records.first?.time, records: records))
        records = []
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
