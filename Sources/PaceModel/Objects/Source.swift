/// The app or device software that created a health object.
///
/// Mirrors HealthKit's `HKSourceRevision`: a source is identified by its bundle
/// identifier; the version, product type and operating system version say which
/// revision of it wrote the object.
///
/// ```swift
/// let source = Source(name: "Pace", bundleIdentifier: "org.pace.cli", version: "0.1.0")
/// ```
public struct Source: Hashable, Sendable, Codable {
    /// Human-readable name of the source, e.g. `"Pace"` or `"Alex's Apple Watch"`.
    public var name: String
    /// Reverse-DNS identifier that identifies the source, e.g. `"com.apple.health"`.
    ///
    /// Sync identifiers are scoped to it: two sources may use the same sync identifier.
    public var bundleIdentifier: String
    /// Version of the source that wrote the object, if known.
    public var version: String?
    /// Hardware product type that ran the source, e.g. `"Watch6,1"`, if known.
    public var productType: String?
    /// Operating system version that ran the source, e.g. `"17.1"`, if known.
    public var operatingSystemVersion: String?

    /// Creates a source.
    ///
    /// - Parameters:
    ///   - name: Human-readable name.
    ///   - bundleIdentifier: Reverse-DNS identifier; scopes sync identifiers.
    ///   - version: Version of the writing software.
    ///   - productType: Hardware product type.
    ///   - operatingSystemVersion: Operating system version.
    public init(
        name: String,
        bundleIdentifier: String,
        version: String? = nil,
        productType: String? = nil,
        operatingSystemVersion: String? = nil
    ) {
        self.name = name
        self.bundleIdentifier = bundleIdentifier
        self.version = version
        self.productType = productType
        self.operatingSystemVersion = operatingSystemVersion
    }

    /// The source Pace itself writes as (`org.pace`), used by the `pace` tool.
    public static let pace = Source(name: "Pace", bundleIdentifier: "org.pace")
}

/// The hardware that produced a health object, as HealthKit's `HKDevice` describes it.
///
/// Every field is optional: a chest strap may only report its manufacturer and model.
public struct Device: Hashable, Sendable, Codable {
    /// Display name of the device, e.g. `"Polar H10"`.
    public var name: String?
    /// Manufacturer, e.g. `"Polar Electro Oy"`.
    public var manufacturer: String?
    /// Model, e.g. `"H10"`.
    public var model: String?
    /// Hardware revision.
    public var hardwareVersion: String?
    /// Firmware revision.
    public var firmwareVersion: String?
    /// Software revision.
    public var softwareVersion: String?
    /// An identifier for this device that is unique on the machine that saw it,
    /// e.g. a Bluetooth address or a serial port path.
    public var localIdentifier: String?
    /// FDA Unique Device Identifier, if the device carries one.
    public var udiDeviceIdentifier: String?

    /// Creates a device description; every field is optional.
    public init(
        name: String? = nil,
        manufacturer: String? = nil,
        model: String? = nil,
        hardwareVersion: String? = nil,
        firmwareVersion: String? = nil,
        softwareVersion: String? = nil,
        localIdentifier: String? = nil,
        udiDeviceIdentifier: String? = nil
    ) {
        self.name = name
        self.manufacturer = manufacturer
        self.model = model
        self.hardwareVersion = hardwareVersion
        self.firmwareVersion = firmwareVersion
        self.softwareVersion = softwareVersion
        self.localIdentifier = localIdentifier
        self.udiDeviceIdentifier = udiDeviceIdentifier
    }
}
