public import Foundation

/// A server's answer: its status, headers and whole body.
public struct ClientResponse: Sendable {
    /// The HTTP status code, e.g. 200.
    public let status: Int
    /// The response headers, names lowercased; repeated headers joined with `", "`.
    public let headers: [String: String]
    /// The body's bytes.
    public let body: Data

    /// Creates a response.
    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The body decoded as JSON `T`, or ``ClientError/Kind/response`` saying what did not match.
    public func decode<T: Decodable>(_ type: T.Type, with decoder: JSONDecoder = ServerClient.decoder,
                                     request: String) throws(ClientError) -> T {
        do { return try decoder.decode(type, from: body) } catch {
            throw ClientError(.response, "\(request) answered JSON Pace cannot read as \(T.self): \(error)")
        }
    }
}

/// The JSON error body every Pace server error carries: `{"error": {"code", "message"}}`.
struct ServerErrorBody: Decodable {
    struct Detail: Decodable {
        let code: String
        let message: String
    }
    let error: Detail
}
