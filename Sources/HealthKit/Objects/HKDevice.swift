public import Foundation
import PaceModel

/// A device that made health data: a watch, a strap, a bike computer (Apple's `HKDevice`).
public final class HKDevice: NSObject, @unchecked Sendable {
    let device: Device

    init(_ device: Device) {
        self.device = device
    }

    /// A device described by whatever of these the app knows.
    public convenience init(name: String?, manufacturer: String?, model: String?, hardwareVersion: String?,
                            firmwareVersion: String?, softwareVersion: String?, localIdentifier: String?,
                            udiDeviceIdentifier: String?) {
        self.init(Device(name: name, manufacturer: manufacturer, model: model, hardwareVersion: hardwareVersion,
                         firmwareVersion: firmwareVersion, softwareVersion: softwareVersion,
                         localIdentifier: localIdentifier, udiDeviceIdentifier: udiDeviceIdentifier))
    }

    /// This machine: its host name and operating system.
    public class func local() -> HKDevice {
        let info = ProcessInfo.processInfo
        return HKDevice(name: info.hostName, manufacturer: nil, model: "Linux", hardwareVersion: nil, firmwareVersion: nil,
                        softwareVersion: info.operatingSystemVersionString, localIdentifier: nil, udiDeviceIdentifier: nil)
    }

    /// The device's name.
    public var name: String? { device.name }
    /// Its manufacturer.
    public var manufacturer: String? { device.manufacturer }
    /// Its model.
    public var model: String? { device.model }
    /// Its hardware version.
    public var hardwareVersion: String? { device.hardwareVersion }
    /// Its firmware version.
    public var firmwareVersion: String? { device.firmwareVersion }
    /// Its software version.
    public var softwareVersion: String? { device.softwareVersion }
    /// An identifier the app uses for it.
    public var localIdentifier: String? { device.localIdentifier }
    /// Its FDA unique device identifier.
    public var udiDeviceIdentifier: String? { device.udiDeviceIdentifier }

    /// Devices are equal when every field is.
    public override func isEqual(_ object: Any?) -> Bool { (object as? HKDevice)?.device == device }
    /// A hash consistent with ``isEqual(_:)``.
    public override var hash: Int { device.hashValue }
}
