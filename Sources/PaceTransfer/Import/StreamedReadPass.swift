import Foundation
import PaceFormats
import PaceModel

/// A part of a streamed import, ready to write: route locations and the samples of the same
/// records as series, one per sample type.
struct StreamedPart: Sendable {
    /// The route's next locations, in time order.
    var locations: [RouteLocation] = []
    /// The next samples, one series per type.
    var series: [QuantitySampleSeries] = []
}

/// The pass of a streamed import that reads the file, run on a thread of its own from its creation
/// (DECISIONS 119): it gathers the workout's totals (``ActivityRecordTotals``) and converts the same
/// records into parts (``StreamedPart``) that the writing pass takes in order, at most `depth` parts
/// ahead of it. The file is read once for both, and reading, smoothing and converting share one core
/// while SQLite has the other.
final class StreamedReadPass: Sendable {
    private struct Cancelled: Error {}
    private struct State {
        var parts: [StreamedPart] = []
        var outcome: Result<ActivityRecordTotals, any Error>?
        var cancelled = false
    }
    private let state = Locked(State())
    /// Free places for parts (the producer waits on it).
    private let slots: DispatchSemaphore
    /// Parts delivered, and the end (the writer waits on it).
    private let items = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)

    /// Starts reading `stream` at once.
    ///
    /// - Parameters:
    ///   - stream: The activity read in passes.
    ///   - type: The workout's activity type (it decides the smoothing and which samples a record has).
    ///   - source: The source of the samples.
    ///   - device: The device of the samples.
    ///   - partSize: A part is handed over as soon as its locations or its samples reach this count
    ///     (the samples may pass it by those of the last record, at most three).
    ///   - depth: Parts read ahead of the writer at most.
    init(stream: ActivityStream, type: WorkoutActivityType, source: Source, device: Device?, partSize: Int, depth: Int = 8) {
        // Counted up from zero: libdispatch refuses to free a semaphore left below its initial
        // value, which a cancelled pass may leave.
        slots = DispatchSemaphore(value: 0)
        for _ in 0..<depth { slots.signal() }
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            var totals = ActivityRecordTotals(activityType: type)
            var part = StreamedPart()
            part.locations.reserveCapacity(partSize)
            var sampleCount = 0
            let result = Result { () throws -> ActivityRecordTotals in
                try stream.forEachRecord { record in
                    if totals.recordCount % 4_096 == 0, state.withLock({ $0.cancelled }) { throw Cancelled() }
                    totals.add(record)
                    if let location = ActivityConverter.location(record) { part.locations.append(location) }
                    if let time = record.time {
                        ActivityConverter.forEachSampleValue(of: record, activityType: type) { sampleType, unit, value in
                            let index = part.series.firstIndex { $0.type == sampleType && $0.unit == unit } ?? {
                                var series = QuantitySampleSeries(type: sampleType, unit: unit, source: source, device: device)
                                series.reserveCapacity(partSize)
                                part.series.append(series)
                                return part.series.count - 1
                            }()
                            part.series[index].append(value: value, start: time, end: time)
                            sampleCount += 1
                        }
                    }
                    if part.locations.count >= partSize || sampleCount >= partSize {
                        try deliver(part)
                        part.locations.removeAll(keepingCapacity: true)
                        part.series = part.series.map { series in
                            var emptied = series
                            emptied.removeAll()
                            emptied.reserveCapacity(partSize)
                            return emptied
                        }
                        sampleCount = 0
                    }
                }
                if !part.locations.isEmpty || sampleCount > 0 { try deliver(part) }
                return totals
            }
            state.withLock { $0.outcome = result }
            items.signal()
            done.signal()
        }
    }

    /// Hands a part to the writer, waiting while `depth` parts are waiting already.
    private func deliver(_ part: StreamedPart) throws {
        slots.wait()
        try state.withLock { state in
            guard !state.cancelled else { throw Cancelled() }
            state.parts.append(part)
        }
        items.signal()
    }

    /// The next part, waiting for it; `nil` once every part was taken.
    /// - Throws: What stopped the reading (an unreadable or changed file).
    func nextPart() throws -> StreamedPart? {
        items.wait()
        let next = state.withLock { state -> Result<StreamedPart?, any Error> in
            if !state.parts.isEmpty { return .success(state.parts.removeFirst()) }
            // Nothing waiting after a signal: the reading has ended; the end stays signalled.
            items.signal()
            switch state.outcome {
            case .failure(let error)?: return .failure(error)
            default: return .success(nil)
            }
        }
        if case .success(.some) = next { slots.signal() }
        return try next.get()
    }

    /// Waits for the pass and returns its totals, or throws what stopped it.
    func result() throws -> ActivityRecordTotals {
        done.wait()
        done.signal()
        return try state.withLock { $0.outcome! }.get()
    }

    /// Stops the pass early (the write failed) and waits for its thread to let go of the file.
    func cancel() {
        state.withLock { $0.cancelled = true }
        slots.signal()
        done.wait()
        done.signal()
    }
}
