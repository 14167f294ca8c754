public import Foundation
import PaceModel

/// An app or device that saves health data (Apple's `HKSource`).
public final class HKSource: NSObject, @unchecked Sendable {
    let source: Source

    init(_ source: Source) {
        self.source = source
    }

    /// The source's name, e.g. the app's name.
    public var name: String { source.name }
    /// The source's bundle identifier, which identifies it.
    public var bundleIdentifier: String { source.bundleIdentifier }

    /// The running app (docs/HEALTHKIT.md: its bundle identifier, `PACE_BUNDLE_IDENTIFIER`, or the executable's name).
    public class func `default`() -> HKSource { HKSource(HKAppIdentity.source) }

    /// Sources are equal when their bundle identifiers are.
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? HKSource)?.bundleIdentifier == bundleIdentifier
    }

    /// A hash consistent with ``isEqual(_:)``.
    public override var hash: Int { bundleIdentifier.hashValue }

    /// The name and bundle identifier.
    public override var description: String { "\(name) (\(bundleIdentifier))" }
}

/// A version of a source that saved an object (Apple's `HKSourceRevision`).
public final class HKSourceRevision: NSObject, @unchecked Sendable {
    /// The source.
    public let source: HKSource
    /// The source's version, when known.
    public let version: String?
    /// The product type of the device the source ran on (e.g. `"Watch6,1"`), when known.
    public let productType: String?
    /// The operating system version the source ran on.
    public let operatingSystemVersion: OperatingSystemVersion

    /// A revision of `source`.
    public init(source: HKSource, version: String?, productType: String?, operatingSystemVersion: OperatingSystemVersion) {
        self.source = source
        self.version = version
        self.productType = productType
        self.operatingSystemVersion = operatingSystemVersion
    }

    /// A revision of `source` without product or system details.
    public convenience init(source: HKSource, version: String?) {
        self.init(source: source, version: version, productType: nil,
                  operatingSystemVersion: OperatingSystemVersion(majorVersion: 0, minorVersion: 0, patchVersion: 0))
    }

    /// The revision of a stored Pace source.
    convenience init(_ source: Source) {
        let parts = (source.operatingSystemVersion ?? "").split(separator: ".").map { Int($0) ?? 0 }
        func part(_ index: Int) -> Int { index < parts.count ? parts[index] : 0 }
        self.init(source: HKSource(source), version: source.version, productType: source.productType,
                  operatingSystemVersion: OperatingSystemVersion(majorVersion: part(0), minorVersion: part(1), patchVersion: part(2)))
    }

    /// The Pace source this revision describes.
    var paceSource: Source {
        let system = operatingSystemVersion
        let systemText = system.majorVersion == 0 && system.minorVersion == 0 && system.patchVersion == 0
            ? nil : "\(system.majorVersion).\(system.minorVersion).\(system.patchVersion)"
        return Source(name: source.name, bundleIdentifier: source.bundleIdentifier, version: version,
                      productType: productType, operatingSystemVersion: systemText)
    }
}
