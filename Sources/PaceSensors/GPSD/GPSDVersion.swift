/// gpsd's VERSION banner, sent first on every connection.
public struct GPSDVersion: Hashable, Sendable, Decodable {
    /// The release, e.g. `"3.22"`.
    public var release: String
    /// The source revision, e.g. `"3.22"` or a git hash.
    public var revision: String
    /// The JSON protocol major version (3 for all gpsd 3.x).
    public var protocolMajor: Int
    /// The JSON protocol minor version (14 in gpsd 3.22).
    public var protocolMinor: Int

    /// Creates a version banner.
    /// - Parameters:
    ///   - release: Release name.
    ///   - revision: Source revision.
    ///   - protocolMajor: Protocol major version.
    ///   - protocolMinor: Protocol minor version.
    public init(release: String, revision: String, protocolMajor: Int, protocolMinor: Int) {
        self.release = release
        self.revision = revision
        self.protocolMajor = protocolMajor
        self.protocolMinor = protocolMinor
    }

    private enum CodingKeys: String, CodingKey {
        case release, revision = "rev", protocolMajor = "proto_major", protocolMinor = "proto_minor"
    }
}
