extension GPSDSource {
    /// Asks a gpsd for its version and devices, for `pace sensors`.
    ///
    /// Connects, reads the VERSION banner, sends `?DEVICES;` and waits for the DEVICES reply.
    /// - Parameters:
    ///   - host: gpsd's host (default `"localhost"`).
    ///   - port: gpsd's TCP port (default 2947).
    ///   - timeout: The longest the whole exchange may take.
    /// - Returns: The banner and device list, or `nil` when no gpsd answered in time (or the caller
    ///   was cancelled).
    public static func probe(host: String = "localhost", port: UInt16 = 2947, timeout: Duration) async -> GPSDProbe? {
        await withTaskGroup(of: GPSDProbe?.self) { group in
            group.addTask {
                let link = GPSDLink.open(host: host, port: port, commands: ["?DEVICES;\n"], connectTimeout: timeout)
                var version: GPSDVersion?
                for await event in link {
                    guard case .line(let bytes) = event, let message = try? GPSDMessage(line: bytes) else {
                        if case .closed = event { return nil }
                        continue
                    }
                    switch message {
                    case .version(let banner): version = banner
                    case .devices(let devices): if let version { return GPSDProbe(version: version, devices: devices) }
                    default: continue
                    }
                }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
