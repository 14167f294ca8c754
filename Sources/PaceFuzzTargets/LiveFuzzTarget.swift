import Foundation
import PaceAPI

extension FuzzTarget {
    /// The server's live batch decoding: ``LiveBatch/decode(_:)`` (the body of
    /// `POST /api/v1/live/{session}/batches`) then ``LiveBatch/validate()`` on any bytes. A refusal
    /// is a `DecodingError` or a ``LiveBatchError`` naming a field and a problem; a batch that
    /// validates encodes (as it is published and stored) and decodes to the very same batch, which
    /// validates again.
    static let live = FuzzTarget(
        name: "live",
        summary: "LiveBatch.decode + validate: DecodingError or LiveBatchError refusals, exact encode/decode round trip",
        generatedSeeds: { LiveFuzzChecks.seeds() }
    ) { (data) throws(FuzzInvariantViolation) -> FuzzOutcome in
        let check = FuzzCheck(target: "live")
        let batch: LiveBatch
        do {
            batch = try LiveBatch.decode(data)
        } catch is DecodingError {
            return .refused(code: "decoding")
        } catch {
            throw FuzzInvariantViolation(target: "live", message: "decoding refused with \(type(of: error)), not DecodingError: \(error)")
        }
        do throws(LiveBatchError) {
            try batch.validate()
        } catch {
            try check.require(!error.field.isEmpty && !error.problem.isEmpty, "a refusal names no field or problem: \(error)")
            return .refused(code: "invalid")
        }
        let again: LiveBatch
        do { again = try LiveBatch.decode(try batch.encoded()) } catch {
            throw FuzzInvariantViolation(target: "live", message: "a valid batch does not read back from its own encoding: \(error)")
        }
        try check.require(again == batch, "a valid batch reads back as another batch")
        do throws(LiveBatchError) { try again.validate() } catch {
            throw FuzzInvariantViolation(target: "live", message: "a valid batch read back is refused: \(error)")
        }
        return .decoded
    }
}

/// The live target's seeds.
enum LiveFuzzChecks {
    /// Batches as `pace record --publish` sends them: a first one with a snapshot and points, one
    /// with points only, a last one with an end, and an empty one.
    static func seeds() -> [Data] {
        let start = Date(timeIntervalSinceReferenceDate: 817_000_000)
        let snapshot = LiveSnapshot(state: "active", time: start.addingTimeInterval(4), activityType: "running", elapsedTime: 4,
                                    movingTime: 4, distance: 11.5, currentSpeed: 2.9, averageSpeed: 2.87, heartRate: 131,
                                    averageHeartRate: 128, cadence: 164, altitude: 431, elevationGain: 0.4, elevationLoss: 0,
                                    gpsAccuracy: 4.5, gpsSignal: "good")
        let points = (0..<5).map { second in
            LivePoint(time: start.addingTimeInterval(Double(second)), latitude: 47.3769 + Double(second) * 0.00002, longitude: 8.5417,
                      altitude: 431, speed: 2.9, heartRate: 128 + Double(second), distance: 2.9 * Double(second))
        }
        let batches = [
            LiveBatch(sequence: 1, snapshot: snapshot, points: points, end: nil),
            LiveBatch(sequence: 2, snapshot: nil, points: [LivePoint(time: start.addingTimeInterval(5), latitude: nil, longitude: nil, distance: 14.4)], end: nil),
            LiveBatch(sequence: 3, snapshot: snapshot, points: [], end: .saved(UUID(uuidString: "01A21CD2-3F23-72F9-8AFF-A5B8BEAA58C6")!)),
            LiveBatch(sequence: 4, snapshot: nil, points: [], end: .discarded),
        ]
        return batches.compactMap { try? $0.encoded() } + [Data(#"{"sequence": 1}"#.utf8)]
    }
}
