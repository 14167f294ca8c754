/// What ``GPSDSource/probe(host:port:timeout:)`` learned from a running gpsd.
public struct GPSDProbe: Hashable, Sendable {
    /// gpsd's VERSION banner (release and protocol version).
    public var version: GPSDVersion
    /// The devices gpsd knows (its DEVICES list); empty when no receiver is attached.
    public var devices: [GPSDDevice]

    /// Creates a probe result.
    /// - Parameters:
    ///   - version: The VERSION banner.
    ///   - devices: The DEVICES list.
    public init(version: GPSDVersion, devices: [GPSDDevice]) {
        self.version = version
        self.devices = devices
    }
}
