public import Foundation
public import Hummingbird

/// Each request's context: Hummingbird's core storage, the caller's address, and JSON coders that
/// write dates as ISO 8601.
public struct ServerRequestContext: RequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage
    /// The peer's IP address, or `"unknown"` (e.g. in router tests).
    public let address: String

    /// Creates the context of a request arriving on `source`'s channel.
    public init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        address = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }

    /// Request bodies are small JSON documents (uploads take their own route): 1 MiB at most.
    public var maxUploadSize: Int { 1 << 20 }

    /// JSON with ISO 8601 dates.
    public var requestDecoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// JSON with ISO 8601 dates and sorted keys.
    public var responseEncoder: JSONEncoder { Self.makeEncoder() }

    /// The encoder of every JSON answer (also of answers encoded once and kept: ``CachedJSON``).
    static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
