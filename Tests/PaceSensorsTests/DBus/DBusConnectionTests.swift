import Foundation
import PaceSensors
import PaceTestSupport
import Testing

/// The client against a real `dbus-daemon` on a private socket.
@Suite(.timeLimit(.minutes(3 * TestTime.scale))) struct DBusConnectionTests {
    private func daemonCall(_ member: String, _ body: [DBusValue] = []) -> DBusMessage {
        .methodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                    member: member, body: body)
    }

    @Test func helloCallsAndErrorReplies() async throws {
        let bus = try DBusTestBus()
        defer { bus.stop() }
        let connection = try await DBusConnection.connect(to: DBusAddress.parse(bus.address))
        defer { connection.close() }
        #expect(connection.uniqueName.hasPrefix(":1."))
        #expect(bus.address.hasSuffix(",guid=" + connection.serverGUID))

        let id = try await connection.call(daemonCall("GetId"))
        let busID = try #require(id.body.first?.stringValue)
        #expect(busID.count == 32 && busID.allSatisfy(\.isHexDigit))
        #expect(connection.serverGUID.count == 32 && connection.serverGUID.allSatisfy(\.isHexDigit))
        let names = try await connection.call(daemonCall("ListNames"))
        #expect(names.body.first?.stringArray?.contains(connection.uniqueName) == true)

        do {
            try await connection.call(daemonCall("GetNameOwner", [.string("org.pace.Nobody")]))
            Issue.record("GetNameOwner of an unowned name succeeded")
        } catch let error as DBusError {
            guard case .remote(let name, let message) = error else {
                Issue.record("expected an error reply, got \(error)")
                return
            }
            #expect(name == "org.freedesktop.DBus.Error.NameHasNoOwner")
            #expect(message.contains("org.pace.Nobody"))
        }
    }

    @Test func signalsReachMatchingSubscribers() async throws {
        let bus = try DBusTestBus()
        defer { bus.stop() }
        let address = try DBusAddress.parse(bus.address)
        let listener = try await DBusConnection.connect(to: address)
        let talker = try await DBusConnection.connect(to: address)
        defer {
            listener.close()
            talker.close()
        }
        let signals = listener.signals()
        try await listener.addMatch("type='signal',interface='org.pace.Test',member='Beat'")
        let payload: [DBusValue] = [.string("strap"), .dictionary([("bpm", .uint16(148)), ("rr", .array(.double, [.double(0.405)]))])]
        try talker.send(.signal(path: "/org/pace/test", interface: "org.pace.Test", member: "Ignored", body: []))
        try talker.send(.signal(path: "/org/pace/test", interface: "org.pace.Test", member: "Beat", body: payload))

        var received: DBusMessage?
        for await signal in signals where signal.interface == "org.pace.Test" {
            received = signal
            break
        }
        #expect(received?.member == "Beat")  // the non-matching signal was filtered by the bus
        #expect(received?.sender == talker.uniqueName)
        #expect(received?.path == "/org/pace/test")
        #expect(received?.body == payload)
    }

    @Test func callingAnotherClientGetsAnUnknownMethodError() async throws {
        let bus = try DBusTestBus()
        defer { bus.stop() }
        let address = try DBusAddress.parse(bus.address)
        let a = try await DBusConnection.connect(to: address)
        let b = try await DBusConnection.connect(to: address)
        defer {
            a.close()
            b.close()
        }
        try await a.call(.methodCall(destination: b.uniqueName, path: "/", interface: "org.freedesktop.DBus.Peer", member: "Ping"))
        await #expect(throws: DBusError.remote(name: "org.freedesktop.DBus.Error.UnknownMethod",
                                               message: "org.pace.X.Y is not implemented by this client")) {
            try await a.call(.methodCall(destination: b.uniqueName, path: "/", interface: "org.pace.X", member: "Y"))
        }
    }

    @Test func abstractSocket() async throws {
        let bus = try DBusTestBus(abstract: true)
        defer { bus.stop() }
        let address = try DBusAddress.parse(bus.address)
        guard case .abstract = address.socket else {
            Issue.record("dbus-daemon printed \(bus.address), not an abstract address")
            return
        }
        let connection = try await DBusConnection.connect(to: address)
        defer { connection.close() }
        #expect(connection.uniqueName.hasPrefix(":"))
    }

    @Test func closingFailsCallsAndEndsSignalStreamsPromptly() async throws {
        let bus = try DBusTestBus()
        defer { bus.stop() }
        let connection = try await DBusConnection.connect(to: DBusAddress.parse(bus.address))
        let signals = connection.signals()
        let waiter = Task {
            var count = 0
            for await _ in signals { count += 1 }
            return count
        }
        let start = ContinuousClock.now
        connection.close()
        #expect(await waiter.value == 0)
        #expect(ContinuousClock.now - start < TestTime.duration(.seconds(20)))
        #expect(connection.isClosed)
        await #expect(throws: DBusError.self) { try await connection.call(daemonCall("GetId")) }
    }

    @Test func slowCallsTimeOutAndCancelPromptly() async throws {
        let bus = try DBusTestBus()
        defer { bus.stop() }
        try bus.startFakeBlueZ()
        let caller = try await DBusConnection.connect(to: DBusAddress.parse(bus.address))
        defer { caller.close() }
        // The fake's out-of-range cadence sensor answers Connect only after 30 s, like BlueZ paging a
        // device that is not there.
        let connect = DBusMessage.methodCall(destination: "org.bluez", path: "/org/bluez/hci0/dev_C7_12_34_56_78_9A",
                                             interface: "org.bluez.Device1", member: "Connect")
        var start = ContinuousClock.now
        await #expect(throws: DBusError.timeout(member: "org.bluez.Device1.Connect", seconds: 0.3)) {
            try await caller.call(connect, timeout: .milliseconds(300))
        }
        #expect(ContinuousClock.now - start < TestTime.duration(.seconds(20)))

        let task = Task { try await caller.call(connect, timeout: .seconds(20)) }
        try await Task.sleep(for: .milliseconds(100))
        start = ContinuousClock.now
        task.cancel()
        let result = await task.result
        #expect(ContinuousClock.now - start < TestTime.duration(.seconds(20)))
        #expect(throws: CancellationError.self) { try result.get() }
        // The connection is still usable afterwards.
        #expect(try await caller.call(daemonCall("GetId")).body.count == 1)
    }

    @Test func unreachableSocketIsATypedError() async {
        do {
            _ = try await DBusConnection.connect(to: DBusAddress(socket: .path("/nonexistent/pace/bus")))
            Issue.record("connected to a missing socket")
        } catch let error as DBusError {
            guard case .socket(let operation, let target, _) = error else {
                Issue.record("expected a socket error, got \(error)")
                return
            }
            #expect(operation == "connect")
            #expect(target == "unix:path=/nonexistent/pace/bus")
            #expect(error.description.contains("Is the bus daemon running?"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
