import Foundation
import PaceFormats
import PaceModel

/// The pass of a streamed import that gathers a workout's totals (``ActivityRecordTotals``), run on
/// a thread of its own from its creation, beside the pass that writes (two cores, two passes).
final class StreamedTotalsPass: Sendable {
    private struct Cancelled: Error {}
    private let outcome = Locked<Result<ActivityRecordTotals, any Error>?>(nil)
    private let cancelled = Locked(false)
    private let done = DispatchSemaphore(value: 0)

    /// Starts reading `stream` at once.
    init(stream: ActivityStream, type: WorkoutActivityType) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            var totals = ActivityRecordTotals(activityType: type)
            let result = Result { () throws -> ActivityRecordTotals in
                try stream.forEachRecord { record in
                    if totals.recordCount % 4_096 == 0, cancelled.withLock({ $0 }) { throw Cancelled() }
                    totals.add(record)
                }
                return totals
            }
            outcome.withLock { $0 = result }
            done.signal()
        }
    }

    /// Waits for the pass and returns its totals, or throws what stopped it.
    func result() throws -> ActivityRecordTotals {
        done.wait()
        done.signal()
        return try outcome.withLock { $0! }.get()
    }

    /// Stops the pass early (the write failed) and waits for its thread to let go of the file.
    func cancel() {
        cancelled.withLock { $0 = true }
        done.wait()
        done.signal()
    }
}
