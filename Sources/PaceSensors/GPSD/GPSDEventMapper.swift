import Foundation
import Logging
import PaceModel

/// Turns gpsd messages into sensor events, tracking whether the location stream is up.
///
/// The stream goes down — one ``SensorEvent/disconnected(_:reason:)`` — when gpsd reports no fix
/// (TPV mode 0/1), when the device it used is closed (DEVICE with `activated` 0), or when the
/// connection is lost or cannot be made. It comes back — one ``SensorEvent/reconnected(_:)`` — with
/// the next usable fix, just before that fix's reading. Repeated causes while down add no events.
struct GPSDEventMapper {
    /// What the mapper produces for one input.
    enum Output: Equatable {
        /// A sensor event for the source's consumer.
        case event(SensorEvent)
        /// A SKY report for the `onSky` callback.
        case sky(GPSSky)
    }

    /// `host:port`, for reasons.
    let endpoint: String
    /// Whether a `disconnected` is outstanding.
    private(set) var isDown = false
    private let logger = Logger(label: "pace.sensors.gpsd")

    /// Creates a mapper for one gpsd endpoint.
    /// - Parameter endpoint: `host:port`.
    init(endpoint: String) {
        self.endpoint = endpoint
    }

    /// Maps one received line.
    mutating func map(line: [UInt8]) -> [Output] {
        do {
            return map(try GPSDMessage(line: line))
        } catch {
            return [.event(.skipped(SkippedInput(reason: error.reason, detail: error.description)))]
        }
    }

    /// Maps one decoded message.
    mutating func map(_ message: GPSDMessage) -> [Output] {
        switch message {
        case .tpv(let tpv):
            return map(tpv)
        case .sky(let sky):
            return [.sky(sky)]
        case .device(let device) where !device.isActive:
            return goDown("gpsd at \(endpoint) closed the GPS device \(device.path) (unplugged or failed) — reconnect the receiver")
        case .error(let message):
            return [.event(.skipped(SkippedInput(reason: "gpsd.error", detail: "gpsd at \(endpoint) replied ERROR: \(message)")))]
        case .version(let version):
            logger.info("gpsd \(version.release) protocol \(version.protocolMajor).\(version.protocolMinor) at \(endpoint)")
            return []
        case .devices(let devices):
            if devices.isEmpty {
                logger.notice("gpsd at \(endpoint) has no GPS device yet")
            }
            return []
        case .device, .other:
            return []
        }
    }

    /// Maps the end of a connection (or a failed attempt).
    mutating func connectionLost(_ error: GPSDConnectionError) -> [Output] {
        goDown(error.description)
    }

    /// Maps a line the link discarded or lines it dropped.
    func linkProblem(_ event: GPSDLinkEvent) -> [Output] {
        switch event {
        case .lineTooLong(let length):
            [.event(.skipped(SkippedInput(reason: "gpsd.line-too-long",
                                          detail: "gpsd at \(endpoint) sent a \(length)-byte line without a newline — discarded")))]
        case .dropped(let count):
            [.event(.skipped(SkippedInput(reason: "gpsd.overflow",
                                          detail: "\(count) lines from gpsd at \(endpoint) dropped because events were consumed too slowly")))]
        default:
            []
        }
    }

    private mutating func map(_ tpv: GPSDTPV) -> [Output] {
        guard tpv.mode.hasFix else {
            return goDown("gpsd at \(endpoint) reports no fix (mode \(tpv.mode.rawValue)) — the receiver is searching for satellites; give it a clear view of the sky")
        }
        let location: RouteLocation
        do {
            location = try tpv.routeLocation()
        } catch {
            return [.event(.skipped(SkippedInput(reason: error.reason, detail: "\(endpoint): \(error.description)")))]
        }
        var outputs: [Output] = []
        if isDown {
            isDown = false
            outputs.append(.event(.reconnected(.location)))
        }
        outputs.append(.event(.reading(SensorReading(time: location.timestamp, value: .location(location)))))
        return outputs
    }

    private mutating func goDown(_ reason: String) -> [Output] {
        guard !isDown else {
            logger.debug("location stream still down", metadata: ["reason": "\(reason)"])
            return []
        }
        isDown = true
        logger.notice("location stream down", metadata: ["reason": "\(reason)"])
        return [.event(.disconnected(.location, reason: reason))]
    }
}
