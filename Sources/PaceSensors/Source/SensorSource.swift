public import PaceModel

/// A live source of sensor readings: gpsd, an NMEA serial GPS, a Bluetooth LE strap, an IIO
/// barometer, a battery.
///
/// A source runs until its task is cancelled. It opens its device, delivers readings, and when the
/// device drops out it reports ``SensorEvent/disconnected(_:reason:)`` and keeps trying to reconnect
/// on its own (with backoff), reporting ``SensorEvent/reconnected(_:)`` when readings flow again.
/// Input it cannot use (a bad checksum, a short notification) is reported as
/// ``SensorEvent/skipped(_:)`` with a counted reason and never ends the source.
///
/// ```swift
/// let gps = GPSDSource(host: "localhost", port: 2947)
/// let task = Task { await gps.run { event in await recorder.handle(event) } }
/// ```
public protocol SensorSource: Sendable {
    /// A short description for logs and `pace sensors`, e.g. `"gpsd localhost:2947"`.
    var description: String { get }
    /// The streams this source produces.
    var streams: Set<SensorStream> { get }
    /// Runs the source, delivering events in order, until the calling task is cancelled.
    /// - Parameter emit: Called for every event, one at a time; the source waits for it to return.
    func run(_ emit: @escaping @Sendable (SensorEvent) async -> Void) async
}

/// What a ``SensorSource`` reports.
public enum SensorEvent: Hashable, Sendable {
    /// A measurement.
    case reading(SensorReading)
    /// The stream stopped: the device disconnected, gpsd went away, the fix was lost. `reason` says why,
    /// in words a user can act on.
    case disconnected(SensorStream, reason: String)
    /// The stream is delivering again after ``disconnected(_:reason:)``.
    case reconnected(SensorStream)
    /// Input the source could not use and skipped.
    case skipped(SkippedInput)
}

/// Input a source skipped, and why — counted, never fatal.
public struct SkippedInput: Hashable, Sendable {
    /// The kind of problem, for counting, e.g. `"nmea.checksum"`, `"gatt.short"`, `"sysfs.missing"`.
    public var reason: String
    /// Details for a log line: what was wrong and where (a sentence, an offset, a path).
    public var detail: String

    /// Creates a record of skipped input.
    /// - Parameters:
    ///   - reason: A short, stable reason key used for counting.
    ///   - detail: What was wrong and where.
    public init(reason: String, detail: String) {
        self.reason = reason
        self.detail = detail
    }
}
