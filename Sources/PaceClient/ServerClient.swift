public import AsyncHTTPClient
public import Foundation
public import Logging
import NIOCore
import NIOHTTP1
import PaceAPI

/// A client of a Pace server's HTTP API (docs/SERVER.md) acting with one token: every request
/// carries it as `Authorization: Bearer`, bodies are JSON with RFC 3339 dates, and an error answer
/// becomes a ``ClientError`` with the server's stable code and message.
///
/// ```swift
/// let client = try ServerClient(server: URL(string: "http://127.0.0.1:8080")!, token: secret)
/// let page: Page = try await client.json(.get, "/api/v1/workouts", query: ["limit": "10"])
/// ```
public struct ServerClient: Sendable {
    /// What a request does.
    public enum Method: String, Sendable {
        /// Reads.
        case get = "GET"
        /// Creates or sends.
        case post = "POST"
        /// Replaces.
        case put = "PUT"
        /// Deletes.
        case delete = "DELETE"
    }

    /// The server's base address, e.g. `http://127.0.0.1:8080` (paths are appended to it).
    public let server: URL
    /// How long one request may take, from sending to the last byte of the answer.
    public var timeout: Duration
    /// The largest answer read, in bytes: 256 MiB.
    public var maximumResponseBytes = 256 << 20
    let token: String
    let http: HTTPClient
    let logger: Logger

    /// A client of `server` acting with `token` (the secret `POST /api/v1/tokens` showed once).
    ///
    /// - Parameters:
    ///   - timeout: How long one request may take; 60 s by default.
    ///   - http: The HTTP client to send with; the process-wide shared one by default.
    /// - Throws: ``ClientError/Kind/invalidServer`` if `server` is not an `http(s)` URL with a host.
    public init(server: URL, token: String, timeout: Duration = .seconds(60), http: HTTPClient = .shared,
                logger: Logger = Logger(label: "org.pace.client")) throws(ClientError) {
        guard let scheme = server.scheme?.lowercased(), scheme == "http" || scheme == "https", server.host != nil else {
            throw ClientError(.invalidServer, "'\(server.absoluteString)' is not a server address; give one like http://127.0.0.1:8080")
        }
        var text = server.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        self.server = URL(string: text) ?? server
        self.token = token
        self.timeout = timeout
        self.http = http
        self.logger = logger
    }

    /// JSON with RFC 3339 dates, read as strictly as the server reads them.
    public static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .rfc3339
        return decoder
    }

    /// JSON with RFC 3339 dates (whole seconds, UTC), as the server writes them.
    public static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .rfc3339
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    /// Sends one request and returns the answer, whatever its status.
    ///
    /// - Parameters:
    ///   - path: The path under the server, e.g. `/api/v1/workouts`.
    ///   - query: Query parameters, percent-encoded here.
    ///   - body: The request body, sent with `contentType`.
    ///   - headers: More headers, e.g. `Idempotency-Key` or `Last-Event-ID`.
    /// - Throws: ``ClientError/Kind/network`` when no answer came.
    public func send(_ method: Method, _ path: String, query: [String: String] = [:], body: Data? = nil,
                     contentType: String = "application/json", headers: [String: String] = [:]) async throws(ClientError) -> ClientResponse {
        let url = address(path, query)
        var request = HTTPClientRequest(url: url)
        request.method = HTTPMethod(rawValue: method.rawValue)
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: "Accept", value: "application/json")
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body {
            request.headers.add(name: "Content-Type", value: contentType)
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        do {
            let response = try await http.execute(request, timeout: .milliseconds(Int64(timeout / .milliseconds(1))))
            let bytes = try await response.body.collect(upTo: maximumResponseBytes)
            var fields: [String: String] = [:]
            for header in response.headers {
                let name = header.name.lowercased()
                fields[name] = fields[name].map { "\($0), \(header.value)" } ?? header.value
            }
            return ClientResponse(status: Int(response.status.code), headers: fields, body: Data(bytes.readableBytesView))
        } catch {
            logger.debug("Request failed", metadata: ["url": "\(url)", "error": "\(error)"])
            throw ClientError(.network, "\(method.rawValue) \(server.absoluteString)\(path) got no answer (\(error)); check that the server runs and is reachable, then try again")
        }
    }

    /// Sends one request and decodes a successful (2xx) JSON answer as `T`.
    ///
    /// - Throws: ``ClientError/Kind/server(status:code:)`` for an error answer, with the server's
    ///   code and message; ``ClientError/Kind/network`` when no answer came;
    ///   ``ClientError/Kind/response`` for JSON of another shape.
    public func json<T: Decodable>(_ method: Method, _ path: String, query: [String: String] = [:], body: Data? = nil,
                                   headers: [String: String] = [:], as type: T.Type = T.self) async throws(ClientError) -> T {
        let response = try await send(method, path, query: query, body: body, headers: headers)
        try Self.check(response, "\(method.rawValue) \(path)")
        return try response.decode(type, request: "\(method.rawValue) \(path)")
    }

    /// Throws the server's error if `response` is not a success (2xx).
    public static func check(_ response: ClientResponse, _ request: String) throws(ClientError) {
        guard !(200..<300).contains(response.status) else { return }
        if let body = try? JSONDecoder().decode(ServerErrorBody.self, from: response.body) {
            throw ClientError(.server(status: response.status, code: body.error.code),
                              "\(request): \(body.error.message) (\(response.status) \(body.error.code))")
        }
        throw ClientError(.server(status: response.status, code: "http"), "\(request) answered HTTP \(response.status)")
    }

    func address(_ path: String, _ query: [String: String]) -> String {
        var components = URLComponents()
        components.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        // `+` is a space to many servers' form decoding; always send it encoded.
        let encodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return server.absoluteString + path + (query.isEmpty ? "" : "?" + (encodedQuery ?? ""))
    }
}
