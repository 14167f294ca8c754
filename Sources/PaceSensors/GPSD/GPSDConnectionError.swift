/// Why the connection to gpsd failed or ended. ``description`` says what happened, where, and what to do;
/// ``GPSDSource`` uses it as the reason of ``SensorEvent/disconnected(_:reason:)``.
public enum GPSDConnectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The host name could not be resolved.
    case unresolvable(host: String, message: String)
    /// Connecting failed (`message` is the system's reason, e.g. "Connection refused").
    case connectFailed(endpoint: String, message: String)
    /// Connecting took longer than allowed.
    case connectTimedOut(endpoint: String, seconds: Double)
    /// gpsd closed the connection (it stopped or restarted).
    case closedByServer(endpoint: String)
    /// Reading or writing the socket failed.
    case ioFailed(endpoint: String, message: String)

    /// What happened, where, and what to do.
    public var description: String {
        switch self {
        case .unresolvable(let host, let message):
            "cannot resolve gpsd host \"\(host)\" (\(message)) — check the host name"
        case .connectFailed(let endpoint, let message):
            "cannot connect to gpsd at \(endpoint) (\(message)) — is gpsd running and listening there? (systemctl start gpsd.socket, or gpsd -G for remote access)"
        case .connectTimedOut(let endpoint, let seconds):
            "connecting to gpsd at \(endpoint) timed out after \(seconds) s — check the host, port and firewall"
        case .closedByServer(let endpoint):
            "gpsd at \(endpoint) closed the connection (stopped or restarted) — reconnecting"
        case .ioFailed(let endpoint, let message):
            "lost the connection to gpsd at \(endpoint) (\(message)) — reconnecting"
        }
    }
}
