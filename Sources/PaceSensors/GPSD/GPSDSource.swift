public import PaceModel
import Logging

/// Location fixes from a gpsd daemon over its JSON protocol (TCP, default `localhost:2947`).
///
/// On connecting the source reads gpsd's VERSION banner and sends
/// `?WATCH={"enable":true,"json":true};`; gpsd then streams one JSON object per line. TPV reports
/// with a 2D/3D fix become ``SensorReading/Value/location(_:)`` readings (mapping in
/// ``GPSDTPV/location``); SKY reports go to `onSky`; other classes are ignored; lines that cannot be
/// used are ``SensorEvent/skipped(_:)`` with reasons `gpsd.json`, `gpsd.class`, `gpsd.field`,
/// `gpsd.tpv.time`, `gpsd.tpv.position`, `gpsd.error`, `gpsd.line-too-long` or `gpsd.overflow`.
///
/// Loss of fix (mode 0/1), a closed device, a refused or dropped connection report
/// ``SensorEvent/disconnected(_:reason:)`` once; the next fix reports ``SensorEvent/reconnected(_:)``.
/// The source reconnects by itself with exponential backoff (0.25 s doubling to 4 s, reset once a
/// connection delivered data). Socket I/O runs on a dedicated thread; cancelling the task that
/// runs ``run(_:)`` closes the connection and returns within milliseconds.
///
/// ```swift
/// let gps = GPSDSource(onSky: { sky in await panel.show(sky) })
/// let task = Task { await gps.run { event in await recorder.handle(event) } }
/// ```
public struct GPSDSource: SensorSource {
    /// The gpsd host name or address.
    public let host: String
    /// The gpsd TCP port.
    public let port: UInt16
    private let onSky: (@Sendable (GPSSky) async -> Void)?
    private let logger = Logger(label: "pace.sensors.gpsd")

    /// The command that turns on JSON reporting.
    static let watchCommand = #"?WATCH={"enable":true,"json":true};"# + "\n"
    /// How long one connection attempt may take.
    static let connectTimeout = Duration.seconds(3)

    /// Creates a gpsd source; nothing connects until ``run(_:)``.
    /// - Parameters:
    ///   - host: gpsd's host (default `"localhost"`).
    ///   - port: gpsd's TCP port (default 2947).
    ///   - onSky: Called with every SKY report (satellites, DOPs), in order with the events; the
    ///     source waits for it to return.
    public init(host: String = "localhost", port: UInt16 = 2947,
                onSky: (@Sendable (GPSSky) async -> Void)? = nil) {
        self.host = host
        self.port = port
        self.onSky = onSky
    }

    /// `"gpsd host:port"`.
    public var description: String { "gpsd \(host):\(port)" }

    /// Only ``SensorStream/location``.
    public var streams: Set<SensorStream> { [.location] }

    /// Connects, streams events, and reconnects with backoff until the calling task is cancelled.
    /// - Parameter emit: Receives every event in order; the source waits for it to return.
    public func run(_ emit: @escaping @Sendable (SensorEvent) async -> Void) async {
        var mapper = GPSDEventMapper(endpoint: "\(host):\(port)")
        var backoff = ReconnectBackoff(initial: .milliseconds(250), cap: .seconds(4))
        while !Task.isCancelled {
            let (error, deliveredData) = await session(mapper: &mapper, emit: emit)
            guard !Task.isCancelled else { break }
            if deliveredData { backoff.reset() }
            await deliver(mapper.connectionLost(error), emit)
            let delay = backoff.next()
            logger.debug("reconnecting to gpsd", metadata: ["endpoint": "\(host):\(port)", "delay": "\(delay)"])
            try? await Task.sleep(for: delay)
        }
    }

    /// One connection: returns why it ended and whether any line arrived.
    private func session(mapper: inout GPSDEventMapper,
                         emit: @escaping @Sendable (SensorEvent) async -> Void) async -> (GPSDConnectionError, Bool) {
        let endpoint = "\(host):\(port)"
        var deliveredData = false
        let link = GPSDLink.open(host: host, port: port, commands: [Self.watchCommand], connectTimeout: Self.connectTimeout)
        for await event in link {
            switch event {
            case .connected:
                logger.info("connected to gpsd", metadata: ["endpoint": "\(endpoint)"])
            case .line(let bytes):
                deliveredData = true
                await deliver(mapper.map(line: bytes), emit)
            case .lineTooLong, .dropped:
                await deliver(mapper.linkProblem(event), emit)
            case .closed(let error):
                if let error { return (error, deliveredData) }
            }
        }
        return (.ioFailed(endpoint: endpoint, message: "connection ended"), deliveredData)
    }

    private func deliver(_ outputs: [GPSDEventMapper.Output], _ emit: @Sendable (SensorEvent) async -> Void) async {
        for output in outputs {
            switch output {
            case .event(let event): await emit(event)
            case .sky(let sky): await onSky?(sky)
            }
        }
    }
}
