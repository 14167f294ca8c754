#!/usr/bin/env python3
"""A fake BlueZ (org.bluez) for PaceSensorsTests, on the bus in DBUS_SESSION_BUS_ADDRESS.

Exports an adapter (hci0) and four devices through ObjectManager: a Polar H10 style heart-rate
strap with a Heart Rate Measurement (0x2A37) and a Battery Level (0x2A19) characteristic, a Wahoo
style speed/cadence sensor, an unnamed device, and a crank power meter with a Cycling Power
Measurement (0x2A63). All start disconnected. On Connect its
GATT objects appear and ServicesResolved becomes true; on StartNotify it sends the recorded
notifications of the current connection as PropertiesChanged(Value) signals. After the first
connection's notifications it drops the link (Connected=false, GATT objects removed), as a strap
out of range does; the second connection sends two more notifications and then stays quiet.
The power meter sends three notifications and stays connected. Connect on the cadence sensor hangs
for 30 s (out of range); on the unnamed device it fails at once.

Prints READY on stdout once it owns org.bluez. Events go to stderr for debugging.
Requires Python 3.8+ and dbus-next (pip install dbus-next).
"""
import asyncio
import sys

from dbus_next import BusType, DBusError
from dbus_next.aio import MessageBus
from dbus_next.constants import PropertyAccess
from dbus_next.service import ServiceInterface, dbus_property, method

ADAPTER = "/org/bluez/hci0"
STRAP = ADAPTER + "/dev_A0_9E_1A_12_34_56"
CADENCE = ADAPTER + "/dev_C7_12_34_56_78_9A"
UNNAMED = ADAPTER + "/dev_5D_00_11_22_33_44"
POWER = ADAPTER + "/dev_E4_A1_B2_C3_D4_E5"


def uuid16(short):
    return "0000%04x-0000-1000-8000-00805f9b34fb" % short


# Heart Rate Measurement notifications per connection, as a Polar H10 / Wahoo TICKR sends them
# (Heart Rate Service 1.0, characteristic 0x2A37): flags, heart rate, [energy], RR intervals in 1/1024 s.
HEART_RATE = [
    [
        bytes([0x16, 72, 0xC0, 0x03]),               # contact detected, 72 bpm, RR 960 (0.9375 s)
        bytes([0x16, 74, 0x2C, 0x03, 0x4A, 0x03]),   # 74 bpm, two RR: 812, 842
        bytes([0x10, 75, 0x20, 0x03]),               # contact not supported, 75 bpm, RR 800
        bytes([0x17, 0x9A, 0x00, 0x00, 0x03]),       # UINT16 value: 154 bpm, RR 768
        bytes([0x04, 78]),                           # contact supported but not detected, 78 bpm, no RR
        bytes([0x16, 72, 0xC0]),                     # short: RR flag set, only one RR byte
        bytes([0x1E, 76, 0x34, 0x12, 0x10, 0x03]),   # energy expended 4660 kJ, RR 784
    ],
    [
        bytes([0x10, 80, 0x00, 0x03]),               # after reconnecting: 80 bpm, RR 768
        bytes([0x10, 81, 0xF6, 0x02]),               # 81 bpm, RR 758
    ],
]

# Cycling Power Measurement notifications (Cycling Power Service 1.1, characteristic 0x2A63) from a
# crank-and-hub meter: flags 0x0030 (wheel and crank revolution data), power, wheel revolutions and
# event time in 1/2048 s, crank revolutions and event time in 1/1024 s.
CYCLING_POWER = [
    [
        bytes([0x30, 0x00, 0xC8, 0x00, 0xE8, 0x03, 0x00, 0x00, 0x00, 0x00, 0x0A, 0x00, 0x00, 0x00]),  # 200 W, wheel 1000 @0, crank 10 @0
        bytes([0x30, 0x00, 0xD2, 0x00, 0xEC, 0x03, 0x00, 0x00, 0x00, 0x10, 0x0D, 0x00, 0x00, 0x08]),  # 210 W, +4 wheel in 2 s, +3 crank in 2 s
        bytes([0x30, 0x00, 0x00, 0x00, 0xEC, 0x03, 0x00, 0x00, 0x00, 0x10, 0x0D, 0x00, 0x00, 0x08]),  # coasting: 0 W, no new events
    ],
]


def log(*parts):
    print("fake_bluez:", *parts, file=sys.stderr, flush=True)


class Adapter(ServiceInterface):
    def __init__(self):
        super().__init__("org.bluez.Adapter1")

    @dbus_property(access=PropertyAccess.READ)
    def Address(self) -> "s":
        return "00:1A:7D:DA:71:13"

    @dbus_property(access=PropertyAccess.READ)
    def Name(self) -> "s":
        return "pace-test"

    @dbus_property(access=PropertyAccess.READ)
    def Powered(self) -> "b":
        return True


class Device(ServiceInterface):
    def __init__(self, address, name, rssi, uuids, paired):
        super().__init__("org.bluez.Device1")
        self.address = address
        self.device_name = name  # not `name`: ServiceInterface keeps the interface name there
        self.rssi = rssi
        self.uuids = uuids
        self.paired = paired
        self.connected = False
        self.resolved = False
        self.peripheral = None  # a Peripheral for devices that can connect

    @dbus_property(access=PropertyAccess.READ)
    def Address(self) -> "s":
        return self.address

    @dbus_property(access=PropertyAccess.READ)
    def AddressType(self) -> "s":
        return "public"

    @dbus_property(access=PropertyAccess.READ)
    def Name(self) -> "s":
        return self.device_name

    @dbus_property(access=PropertyAccess.READ)
    def Alias(self) -> "s":
        return self.device_name or self.address.replace(":", "-")

    @dbus_property(access=PropertyAccess.READ)
    def Adapter(self) -> "o":
        return ADAPTER

    @dbus_property(access=PropertyAccess.READ)
    def Paired(self) -> "b":
        return self.paired

    @dbus_property(access=PropertyAccess.READ)
    def Connected(self) -> "b":
        return self.connected

    @dbus_property(access=PropertyAccess.READ)
    def ServicesResolved(self) -> "b":
        return self.resolved

    @dbus_property(access=PropertyAccess.READ)
    def RSSI(self) -> "n":
        return self.rssi

    @dbus_property(access=PropertyAccess.READ)
    def UUIDs(self) -> "as":
        return self.uuids

    @method()
    async def Connect(self):
        log("Connect", self.address)
        if self.peripheral is None:
            if self.address.startswith("C7"):
                # Out of range: BlueZ keeps trying until its connection timeout, then fails.
                await asyncio.sleep(30)
            # Gone (BlueZ's answer for a device that stopped advertising).
            raise_failed("le-connection-abort-by-local")
        await self.peripheral.connect()

    @method()
    def Disconnect(self):
        log("Disconnect", self.address)
        if self.peripheral is not None:
            self.peripheral.disconnect()


def raise_failed(text):
    raise DBusError("org.bluez.Error.Failed", text)


class Service(ServiceInterface):
    def __init__(self, uuid, device):
        super().__init__("org.bluez.GattService1")
        self.uuid = uuid
        self.device = device

    @dbus_property(access=PropertyAccess.READ)
    def UUID(self) -> "s":
        return self.uuid

    @dbus_property(access=PropertyAccess.READ)
    def Device(self) -> "o":
        return self.device

    @dbus_property(access=PropertyAccess.READ)
    def Primary(self) -> "b":
        return True


class Characteristic(ServiceInterface):
    def __init__(self, peripheral, uuid, service, flags, value):
        super().__init__("org.bluez.GattCharacteristic1")
        self.peripheral = peripheral
        self.uuid = uuid
        self.service = service
        self.flags = flags
        self.value = value
        self.notifying = False

    @dbus_property(access=PropertyAccess.READ)
    def UUID(self) -> "s":
        return self.uuid

    @dbus_property(access=PropertyAccess.READ)
    def Service(self) -> "o":
        return self.service

    @dbus_property(access=PropertyAccess.READ)
    def Flags(self) -> "as":
        return self.flags

    @dbus_property(access=PropertyAccess.READ)
    def Notifying(self) -> "b":
        return self.notifying

    @dbus_property(access=PropertyAccess.READ)
    def Value(self) -> "ay":
        return self.value

    @method()
    def ReadValue(self, options: "a{sv}") -> "ay":
        log("ReadValue", self.uuid)
        return self.value

    @method()
    def StartNotify(self):
        log("StartNotify", self.uuid)
        if "notify" not in self.flags:
            raise_failed("Operation is not supported")
        self.notifying = True
        self.emit_properties_changed({"Notifying": True})
        self.peripheral.start_notifications(self)

    @method()
    def StopNotify(self):
        log("StopNotify", self.uuid)
        self.notifying = False
        self.emit_properties_changed({"Notifying": False})

    def notify(self, value):
        self.value = value
        self.emit_properties_changed({"Value": value})


class Peripheral:
    """A device that connects: its GATT services appear on Connect, and StartNotify on its
    measurement plays the recorded notifications of the current connection. With `drop_after`,
    the link drops after that connection's notifications, as a sensor going out of range."""

    def __init__(self, bus, device, path, services, measurement, connections, drop_after=None):
        self.bus = bus
        self.device = device
        self.path = path
        self.services = services          # [(service handle, service UUID, [(char handle, UUID, flags, value)])]
        self.measurement = measurement    # UUID of the characteristic whose notifications are played
        self.connections = connections    # per connection: the notification values
        self.drop_after = drop_after      # connection number after which the link drops
        self.connection = 0
        self.gatt = []
        self.measured = None
        device.peripheral = self

    async def connect(self):
        if self.device.connected:
            return
        await asyncio.sleep(0.02)
        self.connection += 1
        self.device.connected = True
        self.device.emit_properties_changed({"Connected": True})
        for service_handle, service_uuid, characteristics in self.services:
            service_path = "%s/service%04x" % (self.path, service_handle)
            self.gatt.append((service_path, Service(uuid16(service_uuid), self.path)))
            for char_handle, char_uuid, flags, value in characteristics:
                characteristic = Characteristic(self, uuid16(char_uuid), service_path, flags, value)
                if char_uuid == self.measurement:
                    self.measured = characteristic
                self.gatt.append(("%s/char%04x" % (service_path, char_handle), characteristic))
        for path, interface in self.gatt:
            self.bus.export(path, interface)
        self.device.resolved = True
        self.device.emit_properties_changed({"ServicesResolved": True})
        log("connected", self.device.address, self.connection)

    def disconnect(self):
        if not self.device.connected:
            return
        self.device.connected = False
        self.device.resolved = False
        self.device.emit_properties_changed({"Connected": False, "ServicesResolved": False})
        for path, _ in reversed(self.gatt):
            self.bus.unexport(path)
        self.gatt = []
        log("disconnected", self.device.address)

    def start_notifications(self, characteristic):
        if characteristic is self.measured:
            asyncio.get_running_loop().create_task(self.play(self.connection))

    async def play(self, connection):
        await asyncio.sleep(0.05)
        for value in self.connections[min(connection, len(self.connections)) - 1]:
            if self.connection != connection or not self.device.connected:
                return
            self.measured.notify(value)
            log("notified", self.device.address, value.hex())
            await asyncio.sleep(0.02)
        if connection == self.drop_after:
            await asyncio.sleep(0.05)
            self.disconnect()


def populate(bus):
    """Exports the adapter and the devices."""
    strap = Device("A0:9E:1A:12:34:56", "Polar H10 12345678", -58,
                   [uuid16(0x1800), uuid16(0x180A), uuid16(0x180D), uuid16(0x180F)], True)
    cadence = Device("C7:12:34:56:78:9A", "Wahoo CADENCE 1A2B", -71, [uuid16(0x1816)], False)
    unnamed = Device("5D:00:11:22:33:44", "", -90, [], False)
    power = Device("E4:A1:B2:C3:D4:E5", "4iiii 12345", -64, [uuid16(0x1818)], True)
    bus.export(ADAPTER, Adapter())
    bus.export(STRAP, strap)
    bus.export(CADENCE, cadence)
    bus.export(UNNAMED, unnamed)
    bus.export(POWER, power)
    Peripheral(bus, strap, STRAP,
               [(0x0C, 0x180D, [(0x0D, 0x2A37, ["notify"], b""), (0x10, 0x2A38, ["read"], bytes([1]))]),
                (0x12, 0x180F, [(0x13, 0x2A19, ["read", "notify"], bytes([85]))])],
               0x2A37, HEART_RATE, drop_after=1)
    Peripheral(bus, power, POWER,
               [(0x0E, 0x1818, [(0x0F, 0x2A63, ["notify"], b""), (0x12, 0x2A65, ["read"], bytes([0x0C, 0, 0, 0]))])],
               0x2A63, CYCLING_POWER)


async def main():
    bus = await MessageBus(bus_type=BusType.SESSION).connect()
    populate(bus)
    await bus.request_name("org.bluez")
    print("READY", flush=True)
    await bus.wait_for_disconnect()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
