import PaceModel
import Foundation

/// A client connection to a D-Bus message bus over a Unix socket.
///
/// It authenticates with SASL EXTERNAL, says `Hello`, and then carries method calls (each awaiting
/// its own reply) and signals (delivered to every ``signals()`` stream). Reading happens on a
/// dedicated thread, so nothing blocks Swift's cooperative pool; closing is prompt.
///
/// ```swift
/// let bus = try await DBusConnection.connect(to: DBusAddress.systemBus(environment: ProcessInfo.processInfo.environment))
/// defer { bus.close() }
/// let signals = bus.signals()
/// try await bus.addMatch("type='signal',sender='org.bluez'")
/// let reply = try await bus.call(.methodCall(destination: "org.bluez", path: "/",
///     interface: "org.freedesktop.DBus.ObjectManager", member: "GetManagedObjects"))
/// ```
public final class DBusConnection: Sendable {
    private let core: DBusConnectionCore
    /// The unique name the bus assigned this connection in reply to `Hello`, e.g. `:1.42`.
    public let uniqueName: String
    /// The server GUID from authentication.
    public var serverGUID: String { core.guid }

    private init(core: DBusConnectionCore, uniqueName: String) {
        self.core = core
        self.uniqueName = uniqueName
    }

    deinit {
        core.close()
    }

    /// Connects, authenticates and registers with the bus.
    /// - Parameters:
    ///   - address: The bus address.
    ///   - timeout: How long connecting, authenticating and `Hello` may take together: 25 s, libdbus's
    ///     own default for a call, because a loaded machine's bus (or a sanitized test run's) can take
    ///     seconds to answer; a cancelled task stops waiting at once whatever the timeout.
    /// - Throws: ``DBusError`` when the socket cannot be reached, authentication fails or the bus does
    ///   not answer `Hello`; `CancellationError` when the task is cancelled.
    public static func connect(to address: DBusAddress, timeout: Duration = .seconds(25)) async throws -> DBusConnection {
        let deadline = ContinuousClock.now + timeout
        let cancelled = Locked(false)
        let opened: OpenedSocket = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<OpenedSocket, any Error>) in
                // Connecting and the SASL exchange are blocking socket I/O: keep them off the cooperative pool.
                let thread = Thread {
                    do {
                        let socket = try DBusSocket.connect(to: address)
                        do {
                            let result = try DBusAuthenticator.authenticate(socket, deadline: deadline) {
                                cancelled.withLock { $0 }
                            }
                            continuation.resume(returning: OpenedSocket(socket: socket, guid: result.guid, leftover: result.leftover))
                        } catch {
                            socket.close()
                            throw error
                        }
                    } catch {
                        continuation.resume(throwing: error)
                    }
                }
                thread.name = "pace.dbus.connect"
                thread.start()
            }
        } onCancel: {
            cancelled.withLock { $0 = true }
        }
        let core = DBusConnectionCore(socket: opened.socket, guid: opened.guid)
        core.startReader(initial: opened.leftover)
        do {
            let remaining = max(deadline - ContinuousClock.now, .milliseconds(100))
            let reply = try await core.call(.methodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                                        interface: "org.freedesktop.DBus", member: "Hello"),
                                            timeout: remaining)
            guard let name = reply.body.first?.stringValue else {
                throw DBusError.unexpectedReply(member: "org.freedesktop.DBus.Hello", signature: reply.signature, expected: "s")
            }
            return DBusConnection(core: core, uniqueName: name)
        } catch {
            core.close()
            throw error
        }
    }

    /// Calls a method and waits for its reply.
    /// - Parameters:
    ///   - message: A method call (see ``DBusMessage/methodCall(destination:path:interface:member:body:)``).
    ///   - timeout: How long to wait for the reply (25 s is the libdbus default).
    /// - Returns: The method-return message; its ``DBusMessage/body`` holds the results.
    /// - Throws: ``DBusError/remote(name:message:)`` when the peer replies with an error,
    ///   ``DBusError/timeout(member:seconds:)``, ``DBusError/connectionClosed(reason:)``, or
    ///   `CancellationError` (promptly) when the task is cancelled.
    @discardableResult
    public func call(_ message: DBusMessage, timeout: Duration = .seconds(25)) async throws -> DBusMessage {
        try await core.call(message, timeout: timeout)
    }

    /// Sends a message without waiting for a reply (a signal, or a call flagged no-reply).
    public func send(_ message: DBusMessage) throws(DBusError) {
        try core.send(message)
    }

    /// Every signal this connection receives from now on, in arrival order. Subscribe before
    /// ``addMatch(_:)`` so none is missed. The stream finishes when the connection closes.
    public func signals() -> AsyncStream<DBusMessage> {
        core.signals()
    }

    /// Asks the bus to route signals matching `rule` to this connection, e.g.
    /// `type='signal',interface='org.freedesktop.DBus.Properties',path_namespace='/org/bluez'`.
    public func addMatch(_ rule: String) async throws {
        try await call(.methodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                   interface: "org.freedesktop.DBus", member: "AddMatch", body: [.string(rule)]))
    }

    /// Removes a rule added with ``addMatch(_:)``.
    public func removeMatch(_ rule: String) async throws {
        try await call(.methodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                   interface: "org.freedesktop.DBus", member: "RemoveMatch", body: [.string(rule)]))
    }

    /// Whether the connection has closed (by ``close()``, the bus hanging up, or an I/O error).
    public var isClosed: Bool { core.isClosed }

    /// Closes the connection. Pending calls fail with ``DBusError/connectionClosed(reason:)`` and
    /// signal streams finish. Safe to call more than once.
    public func close() {
        core.close()
    }
}

/// A socket that finished authentication, handed from the connecting thread.
private struct OpenedSocket: Sendable {
    var socket: DBusSocket
    var guid: String
    var leftover: [UInt8]
}
