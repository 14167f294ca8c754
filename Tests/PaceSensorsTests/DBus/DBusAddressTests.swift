import PaceSensors
import Testing

@Suite struct DBusAddressTests {
    @Test func unixPathAndAbstract() throws {
        #expect(try DBusAddress.parse("unix:path=/run/dbus/system_bus_socket") == DBusAddress(socket: .path("/run/dbus/system_bus_socket")))
        let abstract = try DBusAddress.parse("unix:abstract=/tmp/dbus-Ab12,guid=0123456789abcdef0123456789abcdef")
        #expect(abstract.socket == .abstract("/tmp/dbus-Ab12"))
        #expect(abstract.guid == "0123456789abcdef0123456789abcdef")
    }

    @Test func firstUsableEntryAndEscapes() throws {
        #expect(try DBusAddress.parse("tcp:host=localhost,port=4711;unix:path=/tmp/a%20b%2cc").socket == .path("/tmp/a b,c"))
        #expect(try DBusAddress.parse("unix:runtime=yes", environment: ["XDG_RUNTIME_DIR": "/run/user/1000"]).socket
            == .path("/run/user/1000/bus"))
    }

    @Test(arguments: ["", "nonsense", "unix:path=", "tcp:host=localhost,port=1", "unix:path=/a%zz", "unix:tmpdir=/tmp",
                      "unix:runtime=yes", "unix:path"])
    func rejects(_ text: String) {
        #expect(throws: DBusError.self) { try DBusAddress.parse(text) }
    }

    @Test func systemAndSessionBusFromEnvironment() throws {
        #expect(try DBusAddress.systemBus(environment: [:]).socket == .path("/var/run/dbus/system_bus_socket"))
        #expect(try DBusAddress.systemBus(environment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:abstract=sys"]).socket == .abstract("sys"))
        #expect(try DBusAddress.sessionBus(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/s"]).socket == .path("/s"))
        #expect(throws: DBusError.self) { try DBusAddress.sessionBus(environment: [:]) }
    }
}
