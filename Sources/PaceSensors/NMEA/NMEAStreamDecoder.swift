import PaceModel

/// Bytes in, ``SensorEvent``s out: framing, sentence parsing, epoch merging and the
/// fix-lost / fix-regained state, with no I/O. ``NMEASource`` feeds it from a device; tests and
/// replays feed it from memory.
///
/// The location stream is "up" while fixes arrive. The first epoch without a fix (or ``deviceLost(reason:)``)
/// emits one ``SensorEvent/disconnected(_:reason:)``; the next fix emits
/// ``SensorEvent/reconnected(_:)`` before its reading. Problems are ``SensorEvent/skipped(_:)``.
public struct NMEAStreamDecoder: Sendable {
    private var framer: NMEAFramer
    private let parser: NMEASentenceParser
    private var merger: NMEAEpochMerger
    private var isDown = false

    /// Creates a decoder.
    /// - Parameters:
    ///   - configuration: How epochs become locations.
    ///   - parser: Sentence parser (checksum policy).
    ///   - maximumSentenceLength: Longest sentence accepted, in bytes.
    public init(configuration: NMEAEpochMerger.Configuration = .init(),
                parser: NMEASentenceParser = NMEASentenceParser(),
                maximumSentenceLength: Int = 164) {
        framer = NMEAFramer(maximumSentenceLength: maximumSentenceLength)
        self.parser = parser
        merger = NMEAEpochMerger(configuration: configuration)
    }

    /// Decodes the next chunk of the byte stream.
    public mutating func decode<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [SensorEvent] {
        var events: [SensorEvent] = []
        for frame in framer.push(bytes) { handle(frame, into: &events) }
        return events
    }

    /// Ends the stream: reports a trailing partial sentence and closes the last epoch.
    public mutating func finish() -> [SensorEvent] {
        var events: [SensorEvent] = []
        for frame in framer.finish() { handle(frame, into: &events) }
        for output in merger.finish() { handle(output, into: &events) }
        return events
    }

    /// Closes the open epoch without ending the stream (the receiver has gone quiet).
    public mutating func flushEpoch() -> [SensorEvent] {
        var events: [SensorEvent] = []
        for output in merger.finish() { handle(output, into: &events) }
        return events
    }

    /// The device went away: drops partial input and reports the stream down (once).
    /// - Parameter reason: Why, in words a user can act on.
    public mutating func deviceLost(reason: String) -> [SensorEvent] {
        _ = framer.finish()
        merger.reset()
        guard !isDown else { return [] }
        isDown = true
        return [.disconnected(.location, reason: reason)]
    }

    private mutating func handle(_ frame: NMEAFramer.Output, into events: inout [SensorEvent]) {
        switch frame {
        case .skipped(let error):
            events.append(.skipped(error.skippedInput))
        case .sentence(let bytes):
            do {
                let sentence = try parser.parse(bytes)
                for output in merger.consume(sentence) { handle(output, into: &events) }
            } catch {
                events.append(.skipped(error.skippedInput))
            }
        }
    }

    private mutating func handle(_ output: NMEAEpochMerger.Output, into events: inout [SensorEvent]) {
        switch output {
        case .location(let location):
            if isDown {
                isDown = false
                events.append(.reconnected(.location))
            }
            events.append(.reading(SensorReading(time: location.timestamp, value: .location(location))))
        case .noFix(let reason):
            if !isDown {
                isDown = true
                events.append(.disconnected(.location, reason: "GPS has no fix (\(reason)); move to open sky"))
            }
        case .skipped(let error):
            events.append(.skipped(error.skippedInput))
        }
    }
}
