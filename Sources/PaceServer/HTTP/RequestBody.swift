import Foundation
import Hummingbird
import NIOCore

extension Request {
    /// The request's body, read whole, up to `limit` bytes.
    ///
    /// Every route that reads a body reads it here first, so a body over the route's limit is
    /// answered the same everywhere: `413 request.tooLarge`, not a decoding error.
    ///
    /// - Parameters:
    ///   - limit: The most bytes the route takes.
    ///   - advice: What the client should do instead, ending the error's message.
    /// - Throws: `ServerError` (`413 request.tooLarge`) when the body is longer than `limit`;
    ///   errors of the connection as they come.
    func collectBody(upTo limit: Int, advice: String) async throws -> ByteBuffer {
        do {
            return try await body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw ServerError(.contentTooLarge, code: "request.tooLarge",
                              message: "The body is longer than \(Self.describe(bytes: limit)); \(advice)")
        }
    }

    /// The request's JSON body decoded as `type`, read whole first with ``collectBody(upTo:advice:)``.
    ///
    /// - Parameters:
    ///   - type: The body's shape.
    ///   - limit: The most bytes the route takes.
    ///   - advice: What to do instead of sending a longer body.
    ///   - decoder: The decoder (the context's, with ISO 8601 dates).
    ///   - invalid: The error for a body that is no such JSON.
    /// - Throws: `413 request.tooLarge` for a body over `limit`; `invalid` for any other body that does not decode.
    func decodeJSON<Value: Decodable>(_ type: Value.Type, upTo limit: Int, advice: String, decoder: JSONDecoder,
                                      invalid: @autoclosure () -> ServerError) async throws -> Value {
        let received = try await collectBody(upTo: limit, advice: advice)
        do { return try decoder.decode(type, from: Data(received.readableBytesView)) } catch { throw invalid() }
    }

    /// A byte count as people read it: "1 MiB", "16 KiB", "1000 bytes".
    static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
