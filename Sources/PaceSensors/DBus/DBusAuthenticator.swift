#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The SASL EXTERNAL handshake that opens every D-Bus connection: a NUL byte, `AUTH EXTERNAL
/// <hex uid>`, the server's `OK <guid>`, then `BEGIN` (D-Bus specification, "Authentication Protocol").
///
/// Blocking with short `poll` slices; run it off the cooperative pool.
enum DBusAuthenticator {
    /// The outcome: the server GUID and any bytes the server sent after its `OK` line.
    struct Result {
        var guid: String
        var leftover: [UInt8]
    }

    /// Authenticates as the current user.
    /// - Parameters:
    ///   - socket: A freshly connected socket.
    ///   - deadline: When to give up.
    ///   - isCancelled: Polled between waits; `true` aborts with `CancellationError`.
    static func authenticate(_ socket: DBusSocket, deadline: ContinuousClock.Instant,
                             isCancelled: () -> Bool) throws -> Result {
        let uid = String(getuid())
        let hexUID = uid.utf8.map { byte in
            let hex = String(byte, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
        try socket.writeAll([0] + Array("AUTH EXTERNAL \(hexUID)\r\n".utf8), deadline: deadline)
        var (line, leftover) = try readLine(socket, pending: [], deadline: deadline, isCancelled: isCancelled)
        if line.hasPrefix("DATA") {
            // Some servers ask for the (empty) initial response again.
            try socket.writeAll(Array("DATA\r\n".utf8), deadline: deadline)
            (line, leftover) = try readLine(socket, pending: leftover, deadline: deadline, isCancelled: isCancelled)
        }
        guard line.hasPrefix("OK ") else {
            throw DBusError.authenticationFailed("server answered '\(line)' to AUTH EXTERNAL for uid \(uid)")
        }
        let guid = String(line.dropFirst(3))
        try socket.writeAll(Array("BEGIN\r\n".utf8), deadline: deadline)
        return Result(guid: guid, leftover: leftover)
    }

    /// Reads one `\r\n`-terminated line (at most 16 KiB), returning it and the bytes after it.
    private static func readLine(_ socket: DBusSocket, pending: [UInt8], deadline: ContinuousClock.Instant,
                                 isCancelled: () -> Bool) throws -> (String, [UInt8]) {
        var buffer = pending
        while true {
            if let end = buffer.indices.dropFirst().first(where: { buffer[$0 - 1] == 13 && buffer[$0] == 10 }) {
                let line = String(decoding: buffer[..<(end - 1)], as: UTF8.self)
                return (line, Array(buffer[(end + 1)...]))
            }
            guard buffer.count < 16_384 else {
                throw DBusError.authenticationFailed("server sent more than 16 KiB without a line end")
            }
            if isCancelled() { throw CancellationError() }
            guard ContinuousClock.now < deadline else {
                throw DBusError.authenticationFailed("no answer from the server in time")
            }
            if try socket.waitReadable(milliseconds: 100) {
                buffer += try socket.readAvailable()
            }
        }
    }
}
