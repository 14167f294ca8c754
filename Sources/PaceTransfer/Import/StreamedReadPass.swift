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

/// The pass of a streamed import that reads the file, run on threads of its own from its creation
/// (DECISIONS 119, 178): one reads the file and converts its records into parts
/// (``StreamedPart``) that the writing pass takes in order, at most `depth` parts ahead of it; it
/// hands the same records, in batches, to another that gathers the workout's totals
/// (``ActivityRecordTotals``: smoothing and metrics, the costliest work of an import). The file is
/// read once for both, and reading, smoothing and writing each keep a thread busy.
final class StreamedReadPass: Sendable {
    private struct Cancelled: Error {}
    /// Records handed to the totals thread at a time, by default.
    static let batchSize = 4_096

    private let parts: Handoff<StreamedPart>
    private let outcome = Locked<Result<ActivityRecordTotals, any Error>?>(nil)
    private let cancelled = Locked(false)
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
    ///   - batchSize: Records handed to the totals thread at a time.
    convenience init(stream: ActivityStream, type: WorkoutActivityType, source: Source, device: Device?, partSize: Int, depth: Int = 8,
                     batchSize: Int = StreamedReadPass.batchSize) {
        self.init(records: OutlinedRecords(stream: stream, type: type, device: device), source: source, partSize: partSize, depth: depth,
                  batchSize: batchSize)
    }

    /// Starts reading `records` at once.
    ///
    /// - Parameters:
    ///   - records: Where the records come from, and the workout's type and samples' device.
    ///   - source: The source of the samples.
    ///   - partSize: A part is handed over as soon as its locations or its samples reach this count
    ///     (the samples may pass it by those of the last record, at most three).
    ///   - depth: Parts read ahead of the writer at most.
    ///   - batchSize: Records handed to the totals thread at a time.
    init(records: some StreamedRecordSource, source: Source, partSize: Int, depth: Int = 8, batchSize: Int = StreamedReadPass.batchSize) {
        parts = Handoff(depth: depth)
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            var totals: TotalsThread?
            let result = Result { () throws -> ActivityRecordTotals in
                defer { totals?.cancel() } // a no-op once its result was taken
                try read(records, source: source, partSize: partSize, batchSize: max(batchSize, 1), totals: &totals)
                guard let totals else { throw NoStart() }
                return totals.result()
            }
            outcome.withLock { $0 = result }
            parts.finish()
            done.signal()
        }
    }

    /// What a pass whose source never named the workout's type ends with.
    private struct NoStart: Error {}

    /// Reads the file, handing parts to the writer and records to the totals thread, which it
    /// starts when the source names the workout's type.
    private func read(_ records: some StreamedRecordSource, source: Source, partSize: Int, batchSize: Int,
                      totals: inout TotalsThread?) throws {
        var part = StreamedPart()
        part.locations.reserveCapacity(partSize)
        var sampleCount = 0
        var batch: [ActivityRecord] = []
        batch.reserveCapacity(batchSize)
        var type = WorkoutActivityType.other
        var device: Device?
        var gatherer: TotalsThread?
        defer { totals = gatherer }
        func deliver(_ part: StreamedPart) throws {
            guard parts.send(part) else { throw Cancelled() }
        }
        try records.forEachRecord(start: { startType, startDevice in
            type = startType
            device = startDevice
            gatherer = TotalsThread(activityType: startType)
        }) { record in
            guard let totals = gatherer else { throw NoStart() }
            batch.append(record)
            if batch.count == batchSize {
                if cancelled.withLock({ $0 }) { throw Cancelled() }
                totals.send(batch)
                batch = []
                batch.reserveCapacity(batchSize)
            }
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
        if !batch.isEmpty { gatherer?.send(batch) }
        if !part.locations.isEmpty || sampleCount > 0 { try deliver(part) }
    }

    /// The next part, waiting for it; `nil` once every part was taken.
    /// - Throws: What stopped the reading (an unreadable or changed file).
    func nextPart() throws -> StreamedPart? {
        if let part = parts.receive() { return part }
        done.wait()
        done.signal()
        if case .failure(let error)? = outcome.withLock({ $0 }) { throw error }
        return nil
    }

    /// Waits for the pass and returns its totals, or throws what stopped it.
    func result() throws -> ActivityRecordTotals {
        done.wait()
        done.signal()
        return try outcome.withLock { $0! }.get()
    }

    /// Stops the pass early (the write failed) and waits for its threads to let go of the file.
    func cancel() {
        cancelled.withLock { $0 = true }
        parts.cancel()
        done.wait()
        done.signal()
    }
}

/// Where a streamed read pass's records come from.
protocol StreamedRecordSource: Sendable {
    /// Reads the records that become the workout — timed, in time order — calling `start` once,
    /// before the first of them, with the workout's activity type and the samples' device.
    /// - Throws: What stops the read (an unreadable or changed file), or what a closure throws.
    func forEachRecord(start: (WorkoutActivityType, Device?) throws -> Void, _ body: (ActivityRecord) throws -> Void) throws
}

/// The records of an activity read in passes, its type and device known from its outline.
struct OutlinedRecords: StreamedRecordSource {
    var stream: ActivityStream
    var type: WorkoutActivityType
    var device: Device?

    func forEachRecord(start: (WorkoutActivityType, Device?) throws -> Void, _ body: (ActivityRecord) throws -> Void) throws {
        try start(type, device)
        try stream.forEachRecord(body)
    }
}

/// The thread of a streamed import that gathers the workout's totals from batches of records,
/// in the order they were sent.
private final class TotalsThread: Sendable {
    private let batches = Handoff<[ActivityRecord]>(depth: 4)
    private let totals = Locked<ActivityRecordTotals?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Starts the thread.
    init(activityType: WorkoutActivityType) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            var gathered = ActivityRecordTotals(activityType: activityType)
            while let batch = batches.receive() {
                for record in batch { gathered.add(record) }
            }
            totals.withLock { $0 = gathered }
            done.signal()
        }
    }

    /// Hands a batch over, waiting while four wait already.
    func send(_ batch: [ActivityRecord]) {
        _ = batches.send(batch)
    }

    /// The totals of every batch sent, once the thread has gathered them.
    func result() -> ActivityRecordTotals {
        batches.finish()
        done.wait()
        done.signal()
        return totals.withLock { $0! }
    }

    /// Stops the thread (the read failed) and waits for it.
    func cancel() {
        batches.cancel()
        done.wait()
        done.signal()
    }
}
