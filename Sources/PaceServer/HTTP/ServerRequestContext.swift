public import Foundation
public import Hummingbird
import PaceAPI

/// Each request's context: Hummingbird's core storage, the caller's address, and JSON coders that
/// read and write dates as RFC 3339 strings (strictly: ``APIDateTime``).
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

    /// JSON with RFC 3339 dates, read strictly (a day that does not exist is refused, not moved).
    public var requestDecoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .rfc3339
        return decoder
    }

    /// JSON with RFC 3339 dates (whole seconds, UTC) and sorted keys.
    public var responseEncoder: JSONEncoder { Self.makeEncoder() }

    /// The encoder of every JSON answer (also of answers encoded once and kept: ``CachedJSON``).
    static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .rfc3339
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
