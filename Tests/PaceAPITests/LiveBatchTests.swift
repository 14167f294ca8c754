import Foundation
import PaceAPI
import Testing

/// What a live batch must be for the server to take it, and its one wire form.
@Suite struct LiveBatchTests {
    private let start = Date(timeIntervalSinceReferenceDate: 817_000_000)

    private func point(_ second: Double, latitude: Double? = 47.4, longitude: Double? = 8.5, heartRate: Double? = 130,
                       distance: Double = 0) -> LivePoint {
        LivePoint(time: start.addingTimeInterval(second), latitude: latitude, longitude: longitude, heartRate: heartRate, distance: distance)
    }

    private func refusal(_ batch: LiveBatch) -> LiveBatchError? {
        do throws(LiveBatchError) { try batch.validate(); return nil } catch { return error }
    }

    @Test func aBatchAsTheRecorderSendsItIsTakenAndReadsBackEqual() throws {
        let snapshot = LiveSnapshot(state: "active", time: start, activityType: "running", elapsedTime: 2, distance: 5.8, heartRate: 131)
        let batch = LiveBatch(sequence: 1, snapshot: snapshot, points: [point(0), point(1, distance: 2.9), point(1, latitude: nil, longitude: nil, distance: 2.9)],
                              end: .saved(UUID()))
        try batch.validate()
        #expect(try LiveBatch.decode(batch.encoded()) == batch)
        #expect(try LiveBatch.decode(Data(#"{"sequence": 2}"#.utf8)) == LiveBatch(sequence: 2, snapshot: nil, points: [], end: nil))
    }

    @Test func eachRuleNamesTheFieldThatBreaksIt() {
        let cases: [(LiveBatch, String, String)] = [
            (LiveBatch(sequence: 0, snapshot: nil, points: [], end: nil), "sequence", "is 0; it starts at 1 and grows by one per batch"),
            (LiveBatch(sequence: 1, snapshot: nil, points: [point(1), point(0)], end: nil), "points[1].time",
             "is earlier than the point before it; send points oldest first"),
            (LiveBatch(sequence: 1, snapshot: nil, points: [point(0, longitude: nil)], end: nil), "points[0]",
             "has only one of latitude and longitude; give both or neither"),
            (LiveBatch(sequence: 1, snapshot: nil, points: [point(0, longitude: -180.5)], end: nil), "points[0].longitude",
             "is -180.5, outside -180…180 degrees"),
            (LiveBatch(sequence: 1, snapshot: nil, points: [point(0, heartRate: -1)], end: nil), "points[0].heartRate",
             "is -1.0, below 0 beats per minute"),
            (LiveBatch(sequence: 1, snapshot: nil, points: [point(0, distance: .nan)], end: nil), "points[0].distance",
             "is nan, not a finite number"),
            (LiveBatch(sequence: 1, snapshot: LiveSnapshot(state: "active", time: start, activityType: "running", elapsedTime: -3, distance: 0),
                       points: [], end: nil), "snapshot.elapsedTime", "is -3.0, below 0 seconds"),
            (LiveBatch(sequence: 1, snapshot: nil, points: [], end: LiveEnd(outcome: "exploded", workoutID: nil)), "end.outcome",
             "is 'exploded'; it is saved or discarded"),
        ]
        for (batch, field, problem) in cases {
            #expect(refusal(batch) == LiveBatchError(field: field, problem: problem))
        }
    }

    @Test func aFractionOfASecondIsDroppedOnDecodingSoTheStoredBatchIsTheDecodedOne() throws {
        // Given times with fractions of a second
        let body = #"{"sequence": 1, "snapshot": {"state": "active", "time": "2026-11-22T00:26:04.04Z", "activityType": "running", "elapsedTime": 4, "distance": 0}, "points": [{"time": "2026-11-22T00:26:05.75Z", "distance": 0}]}"#

        // When it is decoded
        let batch = try LiveBatch.decode(Data(body.utf8))

        // Then each time is its whole second, and the batch written back reads as the same batch
        let whole = try #require(ISO8601DateFormatter().date(from: "2026-11-22T00:26:04Z"))
        #expect(batch.snapshot?.time == whole)
        #expect(batch.points.first?.time == whole.addingTimeInterval(1))
        #expect(try LiveBatch.decode(batch.encoded()) == batch)
    }
}
