import PaceModel
import Foundation
import Logging

/// The shared state of one bus connection: the socket, the calls waiting for replies and the signal
/// subscribers. A dedicated reader thread polls the socket in 100 ms slices, splits the byte stream
/// into messages and resumes callers; async callers only ever take the lock briefly.
final class DBusConnectionCore: Sendable {
    private struct Pending {
        var continuation: CheckedContinuation<DBusMessage, any Error>
        var member: String
        var deadline: ContinuousClock.Instant
        var seconds: Double
    }

    private struct State {
        var nextSerial: UInt32 = 1
        var pending: [UInt32: Pending] = [:]
        var subscribers: [Int: AsyncStream<DBusMessage>.Continuation] = [:]
        var nextSubscriber = 0
        var closedReason: String?
    }

    let socket: DBusSocket
    let guid: String
    private let state = Locked(State())
    private let writeLock = Locked(())
    private let logger = Logger(label: "pace.sensors.dbus")

    init(socket: DBusSocket, guid: String) {
        self.socket = socket
        self.guid = guid
    }

    /// Starts the reader thread with the bytes that arrived during authentication.
    func startReader(initial: [UInt8]) {
        let thread = Thread { [self] in readLoop(initial: initial) }
        thread.name = "pace.dbus.reader"
        thread.start()
    }

    var isClosed: Bool { state.withLock { $0.closedReason != nil } }

    // MARK: Sending

    private func allocateSerial() -> UInt32 {
        state.withLock { state in
            let serial = state.nextSerial
            state.nextSerial = state.nextSerial == UInt32.max ? 1 : state.nextSerial + 1
            return serial
        }
    }

    /// Sends a message that expects no reply.
    func send(_ message: DBusMessage) throws(DBusError) {
        var message = message
        if message.kind == .methodCall { message.flags.insert(.noReplyExpected) }
        let bytes = try message.encoded(serial: allocateSerial())
        try write(bytes)
    }

    private func write(_ bytes: [UInt8]) throws(DBusError) {
        if let reason = state.withLock({ $0.closedReason }) { throw .connectionClosed(reason: reason) }
        let deadline = ContinuousClock.now + .seconds(5)
        do {
            try writeLock.withLock { _ in try socket.writeAll(bytes, deadline: deadline) }
        } catch {
            // A message may be half written: the byte stream is no longer in step, so the connection ends.
            let failure = (error as? DBusError) ?? .connectionClosed(reason: "\(error)")
            close(reason: failure.description)
            throw failure
        }
    }

    /// Sends a method call and waits for its reply.
    /// - Throws: ``DBusError/remote(name:message:)`` for an error reply, ``DBusError/timeout(member:seconds:)``,
    ///   ``DBusError/connectionClosed(reason:)``, or `CancellationError` when the task is cancelled.
    func call(_ message: DBusMessage, timeout: Duration) async throws -> DBusMessage {
        var message = message
        message.flags.remove(.noReplyExpected)
        let serial = allocateSerial()
        let bytes = try message.encoded(serial: serial)
        let seconds = durationSeconds(timeout)
        let member = message.qualifiedMember
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<DBusMessage, any Error>) in
                let closed = state.withLock { state -> String? in
                    if let reason = state.closedReason { return reason }
                    state.pending[serial] = Pending(continuation: continuation, member: member,
                                                    deadline: .now + timeout, seconds: seconds)
                    return nil
                }
                if let closed {
                    continuation.resume(throwing: DBusError.connectionClosed(reason: closed))
                    return
                }
                if Task.isCancelled {
                    fail(serial: serial, with: CancellationError())
                    return
                }
                do {
                    try write(bytes)
                } catch {
                    fail(serial: serial, with: error)
                }
            }
        } onCancel: {
            fail(serial: serial, with: CancellationError())
        }
    }

    /// Resumes a pending call with an error, if it is still pending.
    private func fail(serial: UInt32, with error: any Error) {
        let pending = state.withLock { $0.pending.removeValue(forKey: serial) }
        pending?.continuation.resume(throwing: error)
    }

    // MARK: Signals

    /// A stream of every signal this connection receives (subject to its match rules) from now on.
    func signals() -> AsyncStream<DBusMessage> {
        let (stream, continuation) = AsyncStream.makeStream(of: DBusMessage.self, bufferingPolicy: .bufferingNewest(4096))
        let id = state.withLock { state -> Int? in
            guard state.closedReason == nil else { return nil }
            let id = state.nextSubscriber
            state.nextSubscriber += 1
            state.subscribers[id] = continuation
            return id
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    // MARK: Closing

    /// Closes the connection: pending calls fail, signal streams finish, the reader thread exits.
    func close(reason: String = "closed by this client") {
        finish(reason: reason)
        socket.hangUp()
    }

    private func finish(reason: String) {
        let (pending, subscribers) = state.withLock { state -> ([Pending], [AsyncStream<DBusMessage>.Continuation]) in
            if state.closedReason == nil { state.closedReason = reason }
            defer {
                state.pending = [:]
                state.subscribers = [:]
            }
            return (Array(state.pending.values), Array(state.subscribers.values))
        }
        let closedReason = state.withLock { $0.closedReason ?? reason }
        for call in pending { call.continuation.resume(throwing: DBusError.connectionClosed(reason: closedReason)) }
        for subscriber in subscribers { subscriber.finish() }
    }

    // MARK: Reading

    private func readLoop(initial: [UInt8]) {
        var buffer = initial
        // Close under the write lock so a concurrent writer never sends on a reused descriptor number.
        defer { writeLock.withLock { _ in socket.close() } }
        while !isClosed {
            do {
                try drain(&buffer)
                if try socket.waitReadable(milliseconds: 100) {
                    buffer += try socket.readAvailable()
                }
                expireTimeouts()
            } catch {
                if case .connectionClosed(let reason) = error {
                    finish(reason: reason)
                } else {
                    logger.error("D-Bus connection failed", metadata: ["error": "\(error.description)"])
                    finish(reason: error.description)
                }
            }
        }
    }

    /// Splits complete messages off the front of `buffer` and dispatches them. A message that
    /// decodes badly is logged and dropped (its length is known, so the stream stays in step);
    /// a bad fixed header means the stream cannot be trusted and closes the connection.
    private func drain(_ buffer: inout [UInt8]) throws(DBusError) {
        var start = 0
        defer { if start > 0 { buffer.removeFirst(start) } }
        while let total = try DBusMessage.totalLength(prefix: buffer[start...]), buffer.count - start >= total {
            let bytes = Array(buffer[start..<(start + total)])
            start += total
            do {
                dispatch(try DBusMessage.decode(bytes))
            } catch {
                logger.warning("Dropped a malformed D-Bus message", metadata: ["error": "\(error.description)"])
            }
        }
    }

    private func dispatch(_ message: DBusMessage) {
        switch message.kind {
        case .methodReturn, .error:
            guard let replySerial = message.replySerial,
                  let pending = state.withLock({ $0.pending.removeValue(forKey: replySerial) }) else { return }
            if message.kind == .error {
                pending.continuation.resume(throwing: DBusError.remote(name: message.errorName ?? "", message: message.errorMessage))
            } else {
                pending.continuation.resume(returning: message)
            }
        case .signal:
            let subscribers = state.withLock { Array($0.subscribers.values) }
            for subscriber in subscribers { subscriber.yield(message) }
        case .methodCall:
            answer(message)
        }
    }

    /// Answers calls addressed to this client: `Peer.Ping` succeeds, everything else is an unknown method.
    private func answer(_ call: DBusMessage) {
        guard !call.flags.contains(.noReplyExpected) else { return }
        var reply: DBusMessage
        if call.interface == "org.freedesktop.DBus.Peer", call.member == "Ping" {
            reply = DBusMessage(kind: .methodReturn, replySerial: call.serial, destination: call.sender)
        } else {
            reply = DBusMessage(kind: .error, errorName: "org.freedesktop.DBus.Error.UnknownMethod",
                                replySerial: call.serial, destination: call.sender,
                                body: [.string("\(call.qualifiedMember) is not implemented by this client")])
        }
        do {
            try write(reply.encoded(serial: allocateSerial()))
        } catch {
            logger.debug("Could not answer an incoming D-Bus call", metadata: ["error": "\(error)"])
        }
    }

    private func expireTimeouts() {
        let now = ContinuousClock.now
        let expired = state.withLock { state -> [Pending] in
            let serials = state.pending.filter { $0.value.deadline <= now }.map(\.key)
            return serials.compactMap { state.pending.removeValue(forKey: $0) }
        }
        for call in expired {
            call.continuation.resume(throwing: DBusError.timeout(member: call.member, seconds: call.seconds))
        }
    }
}
