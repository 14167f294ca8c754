#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything that can go wrong talking D-Bus: a bad address, a socket failure, rejected
/// authentication, a malformed message, a timed-out call or an error reply from the peer.
public enum DBusError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bus address string could not be used.
    case invalidAddress(String, reason: String)
    /// A socket operation failed; `errno` is the C error number.
    case socket(operation: String, target: String, errno: Int32)
    /// The bus rejected SASL authentication or answered something unexpected.
    case authenticationFailed(String)
    /// A signature string is not a valid D-Bus signature.
    case invalidSignature(String, reason: String)
    /// A value cannot be marshalled: an invalid object path, a string with NUL, an array whose
    /// elements do not match its element type.
    case invalidValue(String)
    /// Received bytes are not a valid D-Bus message; `offset` is where decoding stopped.
    case malformedMessage(String, offset: Int)
    /// A method call got no reply within its timeout.
    case timeout(member: String, seconds: Double)
    /// The connection is closed; `reason` says why.
    case connectionClosed(reason: String)
    /// The peer answered a method call with an error reply.
    case remote(name: String, message: String)
    /// A reply did not have the expected signature.
    case unexpectedReply(member: String, signature: String, expected: String)

    /// What went wrong and what to do about it, for logs and `pace` output.
    public var description: String {
        switch self {
        case .invalidAddress(let address, let reason):
            "D-Bus address '\(address)' is not usable: \(reason). Use unix:path=/run/dbus/system_bus_socket or unix:abstract=name."
        case .socket(let operation, let target, let code):
            "D-Bus socket \(operation) on \(target) failed: \(systemErrorText(code)) (errno \(code)). Is the bus daemon running?"
        case .authenticationFailed(let detail):
            "D-Bus authentication (SASL EXTERNAL) failed: \(detail). Check the bus policy allows this user."
        case .invalidSignature(let signature, let reason):
            "D-Bus signature '\(signature)' is invalid: \(reason)."
        case .invalidValue(let detail):
            "D-Bus value cannot be marshalled: \(detail)."
        case .malformedMessage(let detail, let offset):
            "D-Bus message is malformed at byte \(offset): \(detail)."
        case .timeout(let member, let seconds):
            "D-Bus call \(member) got no reply within \(seconds) s; the service may be hung."
        case .connectionClosed(let reason):
            "D-Bus connection closed: \(reason)."
        case .remote(let name, let message):
            message.isEmpty ? "D-Bus error \(name)" : "D-Bus error \(name): \(message)"
        case .unexpectedReply(let member, let signature, let expected):
            "D-Bus reply to \(member) has signature '\(signature)', expected '\(expected)'."
        }
    }
}
