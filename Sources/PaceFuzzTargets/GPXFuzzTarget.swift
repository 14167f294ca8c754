import Foundation
import PaceFormats

extension FuzzTarget {
    /// GPX: ``GPXReader`` on any bytes. Points keep their documented ranges; a refusal is a
    /// positioned ``GPXError``; every track written by ``GPXWriter`` and read back once is a fixed
    /// point (written and read again, it is equal).
    static let gpx = FuzzTarget(
        name: "gpx",
        summary: "GPXReader: point ranges, positioned GPXError, GPXWriter round trip",
        seedFiles: [
            FuzzSeedFiles("Tests/PaceFormatsTests/Fixtures/gpx", extensions: ["gpx"]),
            FuzzSeedFiles("Tests/PaceFormatsTests/Fixtures/applehealth", extensions: ["gpx"], recursive: true),
            FuzzSeedFiles("Tests/PaceCLITests/Fixtures", extensions: ["gpx"]),
        ]
    ) { (data) throws(FuzzInvariantViolation) -> FuzzOutcome in
        let check = FuzzCheck(target: "gpx")
        let document: GPXDocument
        do throws(GPXError) {
            document = try GPXReader().read(data: data)
        } catch {
            try check.position(line: error.line, column: error.column, "refusal \(error.code)")
            try check.require(error.code != .handlerFailed && error.code != .unreadableFile,
                              "an in-memory read failed with \(error.code)")
            return .refused(code: error.code.description)
        }
        try GPXFuzzChecks(check: check).document(document)
        try GPXFuzzChecks(check: check).streamedWithHeads(data, whole: document)
        for (index, track) in document.tracks.enumerated() {
            try GPXFuzzChecks(check: check).roundTrip(track, "track \(index)")
        }
        return .decoded
    }
}

/// The GPX target's checks.
struct GPXFuzzChecks {
    let check: FuzzCheck

    /// The reader's documented ranges, on every point of every track, route and waypoint.
    func document(_ document: GPXDocument) throws(FuzzInvariantViolation) {
        for (index, track) in document.tracks.enumerated() {
            try check.activity(track, "track \(index)")
            for (recordIndex, record) in track.records.enumerated() { try point(record, "track \(index) point \(recordIndex)") }
        }
        for (index, route) in document.routes.enumerated() {
            for (pointIndex, record) in route.points.enumerated() {
                try check.record(record, "route \(index) point \(pointIndex)")
                try point(record, "route \(index) point \(pointIndex)")
            }
        }
        for (index, waypoint) in document.waypoints.enumerated() {
            try check.record(waypoint.point, "waypoint \(index)")
            try point(waypoint.point, "waypoint \(index)")
        }
        for warning in document.warnings {
            try check.position(line: warning.line, column: warning.column, "warning \(warning.code)")
        }
    }

    /// The streamed read with the tracks' heads (`read(source:file:head:points:)`) gives the whole
    /// read's points in file order with their tracks, each track's head once before its first
    /// point, naming the file's creator as its device.
    func streamedWithHeads(_ data: Data, whole: GPXDocument) throws(FuzzInvariantViolation) {
        var heads: [(RecordedActivity, Int)] = []
        var points: [(ActivityRecord, Int)] = []
        var pointBeforeHead = false
        do throws(GPXError) {
            _ = try GPXReader().read(source: DataByteSource(data), head: { heads.append(($0, $1)) }, points: { point, index in
                if heads.last?.1 != index { pointBeforeHead = true }
                points.append((point, index))
            })
        } catch {
            throw FuzzInvariantViolation(target: check.target, message: "the whole read succeeds and the streamed read with heads refuses (\(error.code))")
        }
        let wholePoints = whole.tracks.enumerated().flatMap { index, track in track.records.map { ($0, index) } }
        try check.require(points.count == wholePoints.count && zip(points, wholePoints).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 },
                          "the streamed read with heads delivers other points than the whole read holds")
        try check.require(!pointBeforeHead, "a point came before its track's head")
        var withPoints: [Int] = []
        for (_, index) in points where withPoints.last != index { withPoints.append(index) }
        try check.require(heads.map(\.1) == withPoints, "the heads are not one per track with points, in order")
        try check.require(heads.allSatisfy { $0.0.deviceName == whole.creator }, "a track's head names another device than the file's creator")
    }

    /// GPX's own promises: a point has a position, elevations outside −1000…10 000 m are dropped,
    /// negative speeds, courses and accuracies are dropped.
    private func point(_ record: ActivityRecord, _ place: String) throws(FuzzInvariantViolation) {
        try check.require(record.latitude != nil, "\(place): a point without a position was kept")
        try check.value(record.altitude, "\(place): elevation", in: -1000...10_000)
        try check.value(record.speed, "\(place): speed", in: 0...Double.greatestFiniteMagnitude)
        try check.value(record.course, "\(place): course", in: 0...Double.greatestFiniteMagnitude)
        try check.value(record.horizontalAccuracy, "\(place): horizontal accuracy", in: 0...Double.greatestFiniteMagnitude)
        try check.value(record.verticalAccuracy, "\(place): vertical accuracy", in: 0...Double.greatestFiniteMagnitude)
    }

    /// Written and read back once, a track is normalised (GPX's precision, the values GPX can hold);
    /// written and read again it must come back equal.
    func roundTrip(_ track: RecordedActivity, _ place: String) throws(FuzzInvariantViolation) {
        let once = try reread(track, place)
        let twice = try reread(once, place)
        if let difference = ActivityDifference.first(once, twice) {
            throw FuzzInvariantViolation(target: check.target, message: "\(place): written, read, written and read again it differs: \(difference)")
        }
    }

    private func reread(_ track: RecordedActivity, _ place: String) throws(FuzzInvariantViolation) -> RecordedActivity {
        let written = GPXWriter().data(for: track)
        let document: GPXDocument
        do {
            document = try GPXReader().read(data: written)
        } catch {
            throw FuzzInvariantViolation(target: check.target, message: "\(place): GPXWriter's output is refused: \(error)")
        }
        try check.require(document.tracks.count == 1, "\(place): GPXWriter's output reads as \(document.tracks.count) tracks")
        return document.tracks[0]
    }
}
