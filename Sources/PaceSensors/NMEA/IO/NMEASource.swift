public import PaceModel
import Logging

/// An NMEA 0183 GPS receiver on a serial port (USB or UART), or NMEA text in a file or FIFO.
///
/// Sentences are merged per fix (``NMEAEpochMerger``) into location readings stamped with the fix
/// time the receiver reported. When the fix is lost the source emits
/// ``SensorEvent/disconnected(_:reason:)`` for ``SensorStream/location``, and
/// ``SensorEvent/reconnected(_:)`` with the next fix. Bad input is ``SensorEvent/skipped(_:)``.
///
/// - Serial: the device is opened raw (8N1, no flow control) at the given baud rate. If it cannot be
///   opened or vanishes (USB unplug), the source reports the stream disconnected and retries with
///   backoff (0.5 s doubling to 5 s) until the device is back or the task is cancelled.
/// - File: a regular file is read to its end, its last fix flushed, and ``run(_:)`` returns. A FIFO
///   is read for as long as the task runs, across any number of writers. A file that cannot be
///   opened is reported once as disconnected and ``run(_:)`` returns.
///
/// Reading happens on a dedicated thread; cancelling the task stops it within about 0.1 s.
///
/// ```swift
/// let gps = NMEASource(serialDevice: "/dev/ttyUSB0", baudRate: 4800)
/// try gps.validate()
/// let task = Task { await gps.run { event in await session.handle(event) } }
/// ```
public struct NMEASource: SensorSource {
    enum Input: Sendable, Hashable {
        case serial(path: String, baudRate: Int)
        case file(path: String)
    }

    let input: Input
    /// How epochs become locations (accuracy model, week-rollover policy against the host clock).
    var configuration = NMEAEpochMerger.Configuration()
    /// Quiet time in seconds after which the open epoch is reported without waiting for the next one.
    var idleFlushInterval = 1.5
    /// Reconnect delays: 0.5 s doubling to 5 s, from the start again once the device opens.
    var backoff = ReconnectBackoff(initial: .milliseconds(500), cap: .seconds(5))

    private static let logger = Logger(label: "pace.sensors.nmea")

    /// A receiver on a serial device.
    /// - Parameters:
    ///   - path: The tty, e.g. `/dev/ttyUSB0`, `/dev/ttyACM0`, `/dev/serial/by-id/…`.
    ///   - baudRate: Line speed in bit/s; one of 1200 … 921 600 (see ``validate()``). Default 9600.
    public init(serialDevice path: String, baudRate: Int = 9600) {
        input = .serial(path: path, baudRate: baudRate)
    }

    /// NMEA text in a regular file or a FIFO.
    /// - Parameter path: The file or FIFO.
    public init(file path: String) {
        input = .file(path: path)
    }

    /// E.g. `"NMEA /dev/ttyUSB0 at 9600 baud"` or `"NMEA file track.nmea"`.
    public var description: String {
        switch input {
        case .serial(let path, let baudRate): "NMEA \(path) at \(baudRate) baud"
        case .file(let path): "NMEA file \(path)"
        }
    }

    /// Always `[.location]`.
    public var streams: Set<SensorStream> { [.location] }

    /// Checks the settings that cannot get better by retrying: the baud rate.
    /// - Throws: ``NMEASourceError`` with code ``NMEASourceError/Code/unsupportedBaudRate``.
    public func validate() throws(NMEASourceError) {
        if case .serial(_, let baudRate) = input { _ = try NMEADevice.speed(for: baudRate) }
    }

    /// Reads until cancelled (serial, FIFO) or until the end of a regular file.
    public func run(_ emit: @escaping @Sendable (SensorEvent) async -> Void) async {
        do {
            try validate()
        } catch {
            Self.logger.error("\(description): \(error.message)")
            await emit(.disconnected(.location, reason: error.message))
            return
        }
        var decoder = NMEAStreamDecoder(configuration: configuration)
        var backoff = backoff
        while !Task.isCancelled {
            let fd: Int32
            do {
                switch input {
                case .serial(let path, let baudRate): fd = try NMEADevice.openSerial(path, baudRate: baudRate)
                case .file(let path): fd = try NMEADevice.openFile(path)
                }
            } catch {
                Self.logger.warning("\(description): \(error.message)")
                for event in decoder.deviceLost(reason: error.message) { await emit(event) }
                if case .file = input { return }
                try? await Task.sleep(for: backoff.next())
                continue
            }
            Self.logger.info("\(description): opened")
            backoff.reset()
            let reader = DescriptorReader(fd: fd, idleInterval: idleFlushInterval)
            let end = await pump(reader, into: &decoder, emit)
            reader.stop()
            switch end {
            case .finished:
                for event in decoder.finish() { await emit(event) }
                return
            case .cancelled:
                return
            case .lost(let reason):
                Self.logger.warning("\(description): \(reason)")
                for event in decoder.deviceLost(reason: reason) { await emit(event) }
                try? await Task.sleep(for: backoff.next())
            }
        }
    }

    private enum End {
        case finished, cancelled, lost(String)
    }

    private func pump(_ reader: DescriptorReader, into decoder: inout NMEAStreamDecoder,
                      _ emit: @Sendable (SensorEvent) async -> Void) async -> End {
        for await chunk in reader.chunks {
            switch chunk {
            case .data(let bytes):
                for event in decoder.decode(bytes) {
                    if case .skipped(let skip) = event { Self.logger.debug("\(description): skipped \(skip.reason): \(skip.detail)") }
                    await emit(event)
                }
                reader.consumed()
            case .idle:
                for event in decoder.flushEpoch() { await emit(event) }
            case .endOfFile:
                if case .file = input { return .finished }
                return .lost("\(deviceName) stopped sending (end of data); the receiver was unplugged or powered off")
            case .failed(let reason):
                return .lost("\(deviceName): \(reason)")
            }
        }
        return Task.isCancelled ? .cancelled : .lost("\(deviceName): reading stopped")
    }

    private var deviceName: String {
        switch input {
        case .serial(let path, _), .file(let path): path
        }
    }
}
