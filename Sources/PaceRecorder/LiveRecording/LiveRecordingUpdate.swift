public import PaceModel
public import PaceSensors

/// What a ``LiveRecorder`` tells its displays while it runs (``LiveRecorder/updates()``).
public enum LiveRecordingUpdate: Hashable, Sendable {
    /// The recording's status: about once a second while it runs, and once when it ends.
    case status(LiveRecordingStatus)
    /// More readings are durable in the journal: every reading up to this sequence number.
    case acknowledged(Int64)
    /// A source skipped input; `count` is how many times this reason occurred so far. Only the first
    /// ``LiveRecorder/skippedDetailsReported`` of each reason are reported; the rest are only counted.
    case skipped(SkippedInput, count: Int)
    /// A stream went away, and why (the source's words); the session marks a gap.
    case disconnected(SensorStream, reason: String)
    /// A stream came back (the source said so, or a stream left disconnected by the interrupted
    /// session delivered a reading).
    case reconnected(SensorStream)
    /// The session took its time from the GPS: this machine's clock is `offset` seconds behind the
    /// receiver (negative: ahead of it), and the recording goes on on the GPS's time.
    case timeBaseAdopted(offset: Double)
}
